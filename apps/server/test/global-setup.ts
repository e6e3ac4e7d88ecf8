import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; snapshot: string }
      // directUrl: DATABASE_DIRECT_URL, when `url` is a transaction pooler (scripts/pgbouncer-suite.sh).
      | { kind: 'postgres'; url: string; template: string; directUrl?: string };
  }
}

/**
 * Migrates once, then every test file starts from that state: a PGlite data-dir snapshot,
 * or a PostgreSQL template database when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `fitbase_tpl_${process.pid}`;
    // Behind a pooler the template is made and migrated directly: a pooler would keep server
    // connections to it open, and CREATE DATABASE ... TEMPLATE refuses a database in use.
    const directUrl = process.env.DATABASE_DIRECT_URL || undefined;
    const admin = new pg.Client({ connectionString: directUrl ?? url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = withDatabase(directUrl ?? url, template);
    const database = await openDatabase({ databaseUrl: templateUrl });
    await database.migrate();
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', url, template, directUrl });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'fitbase-test-'));
  const snapshot = path.join(dir, 'migrated.tar');
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', snapshot });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
