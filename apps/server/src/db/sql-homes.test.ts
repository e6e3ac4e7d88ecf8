import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_SRC } from './sql-sources.ts';

// ARCHITECTURE.md (request path, 6): Drizzle builder queries live in `*.queries.ts`, raw SQL read
// models (statements written as sql`...` and read with rows / firstRow / execute) in `*.sql.ts`
// beside them. This keeps it so: outside `*.sql.ts` (and tests), no module file imports
// db/rows.ts or reads the answer of `.execute(...)`. An `await x.execute(...)` whose answer
// nobody reads (an advisory lock, a savepoint) is a write and may stay in its service.

/**
 * Files that may break the rule, each for its reason. Keep it short: moving the statement to the
 * module's `*.sql.ts` is the normal answer.
 */
const ALLOWED: Record<string, string> = {
  // Raw writes whose RETURNING is read with rows/firstRow, kept beside the builder writes of the
  // same transaction (a claim, a settle, an insert from JSON, a pairing).
  'campaigns/campaigns-send.queries.ts': 'claimRecipients: UPDATE ... RETURNING (a claim)',
  'payments/billing.queries.ts': 'settleCharges: UPDATE ... RETURNING (phase 3 of a charge)',
  'data-import/data-import.queries.ts': 'insertMembers: INSERT ... RETURNING from JSON',
  'kiosk/kiosk.queries.ts': 'usePairingCode, ensureSettings: UPDATE/INSERT ... RETURNING',
  // A helper that returns execute's promise: SAVEPOINT statements, nobody reads their answer.
  'kiosk/kiosk-sync.service.ts': 'savepoint (SAVEPOINT / RELEASE / ROLLBACK TO)',
};

const MODULES = path.join(SERVER_SRC, 'modules');

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    const checked =
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.endsWith('.sql.ts');
    return checked ? [full] : [];
  });
}

/** What in `text` makes it a raw read outside `*.sql.ts`, or null. */
export function rawReadIn(text: string): string | null {
  if (/from '(?:\.\.\/)+db\/rows(?:\.ts)?'/.test(text)) return 'imports db/rows.ts';
  // The answer of execute used: assigned, returned, passed on or cast (`(await db.execute(`).
  // `.execute()` without arguments runs a builder query and is not matched.
  const read = /(?:=|return|\(|=>)\s*(?:await\s+)?[\w.]+\.execute\(\s*[^)\s]/;
  if (read.test(text)) return 'reads the answer of .execute(...)';
  return null;
}

describe('raw SQL read models live in *.sql.ts', () => {
  it('no other module file reads raw rows (allow-list aside)', () => {
    const found = moduleFiles(MODULES)
      .map((file) => {
        const name = path.relative(MODULES, file).split(path.sep).join('/');
        return { name, why: rawReadIn(readFileSync(file, 'utf8')) };
      })
      .filter((f) => f.why !== null && !(f.name in ALLOWED))
      .map((f) => `${f.name}: ${f.why} (move the statement to a *.sql.ts file)`);
    expect(found).toEqual([]);
  });

  it('every allowed file still needs its place on the list', () => {
    const stale = Object.keys(ALLOWED).filter(
      (name) => rawReadIn(readFileSync(path.join(MODULES, name), 'utf8')) === null,
    );
    expect(stale).toEqual([]);
  });

  it('tells a read from a builder query and a write', () => {
    expect(rawReadIn(`import { rows } from '../../db/rows.ts';`)).not.toBeNull();
    expect(rawReadIn('const result = await db.execute(sql`select 1`);')).not.toBeNull();
    expect(rawReadIn('const r = (await db.execute(sql`select 1`)) as X;')).not.toBeNull();
    expect(rawReadIn('return listMembersQuery(db).execute();')).toBeNull();
    expect(rawReadIn('  await tx.execute(sql`select pg_advisory_xact_lock(1)`);')).toBeNull();
  });
});
