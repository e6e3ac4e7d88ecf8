import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { MIGRATIONS_DIR, openDatabase } from './client.ts';

/**
 * Several processes starting at once on one PostgreSQL (issue 31, point 10): each migrates at
 * start, and the advisory lock makes them take turns, so every migration is applied once.
 */
describe.runIf(process.env.DATABASE_URL)('migrations started at once (PostgreSQL)', () => {
  it('apply each migration once, whichever process gets there first', async () => {
    const target = inject('testDatabase');
    if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const name = `fitbase_m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = withDatabase(target.url, name);
    const processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolMax: 2, readPoolMax: 1 })),
    );
    try {
      await Promise.all(processes.map((database) => database.migrate()));
      const journal = JSON.parse(
        readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      const applied = await processes[0]!.executeSql(
        'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations',
      );
      const row = applied.rows[0] as { n: number; distinct_n: number };
      expect(row.n).toBe(journal.entries.length);
      expect(row.distinct_n).toBe(journal.entries.length);
      // A later start finds nothing to do.
      await processes[1]!.migrate();
      const again = await processes[0]!.executeSql(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect((again.rows[0] as { n: number }).n).toBe(journal.entries.length);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
