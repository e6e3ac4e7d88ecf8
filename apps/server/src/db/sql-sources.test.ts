import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database, Db } from './client.ts';
import { normalizeSql, readSqlSources } from './sql-sources.ts';

/**
 * SQL functions and triggers are source files owned by a module (`src/modules/<domain>/sql/`,
 * `src/db/sql/`); migrations install their text. The migrated database must hold exactly what the
 * files say, and nothing the files do not (DEVELOPERS.md, "Changing a SQL function or trigger").
 */
let database: Database;
let drop: () => Promise<void>;
const sources = readSqlSources();

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop?.());

interface InstalledFunction {
  name: string;
  args: string;
  result: string;
  body: string;
  language: string;
  definer: boolean;
  volatility: string;
  config: string[] | null;
  acl: string | null;
}
interface InstalledTrigger {
  name: string;
  table: string;
  def: string;
  function: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Functions of the public schema, without those an extension owns (pg_trgm, btree_gin). */
async function installedFunctions(db: Db): Promise<InstalledFunction[]> {
  return rowsOf<InstalledFunction>(
    await db.execute(sql`
      select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
             pg_get_function_result(p.oid) as result, p.prosrc as body, l.lanname as language,
             p.prosecdef as definer, p.provolatile::text as volatility, p.proconfig as config,
             p.proacl::text as acl
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_language l on l.oid = p.prolang
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by p.proname, 2`),
  );
}

/** Triggers on tables of the public schema, without the internal ones of foreign keys. */
async function installedTriggers(db: Db): Promise<InstalledTrigger[]> {
  return rowsOf<InstalledTrigger>(
    await db.execute(sql`
      select t.tgname as name, c.relname as table, pg_get_triggerdef(t.oid) as def,
             p.proname as function
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
      where n.nspname = 'public' and not t.tgisinternal
      order by c.relname, t.tgname`),
  );
}

/** Where two normalized texts part, for a readable failure. */
function firstDifference(file: string, name: string, source: string, installed: string): string {
  let i = 0;
  while (i < source.length && source[i] === installed[i]) i += 1;
  const at = Math.max(0, i - 40);
  return `${file}: ${name} differs from the installed body at character ${i}:\n  source:    …${source.slice(at, i + 60)}\n  installed: …${installed.slice(at, i + 60)}`;
}

type Catalog = { functions: InstalledFunction[]; triggers: InstalledTrigger[] };

/** What differs between two readings of the catalog, one line per function or trigger. */
function catalogChanges(before: Catalog, after: Catalog): string[] {
  const changes: string[] = [];
  const compare = <T extends object>(kind: string, a: T[], b: T[], key: (x: T) => string) => {
    const was = new Map(a.map((x) => [key(x), x]));
    const now = new Map(b.map((x) => [key(x), x]));
    for (const [k, x] of now) {
      const old = was.get(k);
      if (!old) {
        changes.push(`${kind} ${k} is new: the files differ from what the migrations installed`);
        continue;
      }
      for (const field of Object.keys(x) as (keyof T)[]) {
        const from = JSON.stringify(old[field]);
        const to = JSON.stringify(x[field]);
        if (from !== to)
          changes.push(`${kind} ${k}: ${String(field)} installed ${from}, in the files ${to}`);
      }
    }
    for (const k of was.keys())
      if (!now.has(k)) changes.push(`${kind} ${k} is gone after installing the files`);
  };
  compare('function', before.functions, after.functions, (f) => `${f.name}(${f.args})`);
  compare('trigger', before.triggers, after.triggers, (t) => `${t.name} on ${t.table}`);
  return changes;
}

describe('SQL source files', () => {
  it('are found, and name each function and trigger once', () => {
    expect(sources.length).toBeGreaterThan(5);
    const functions = sources.flatMap((s) => s.functions.map((f) => f.name));
    const triggers = sources.flatMap((s) => s.triggers.map((t) => `${t.table}.${t.name}`));
    expect(functions.filter((n, i) => functions.indexOf(n) !== i)).toEqual([]);
    expect(triggers.filter((n, i) => triggers.indexOf(n) !== i)).toEqual([]);
  });

  it('each function is installed with its file’s body', async () => {
    const installed = await installedFunctions(database.db);
    const problems: string[] = [];
    for (const source of sources) {
      for (const fn of source.functions) {
        const found = installed.filter((f) => f.name === fn.name);
        if (found.length !== 1) {
          problems.push(`${source.file}: ${fn.name} is installed ${found.length} times`);
          continue;
        }
        const want = normalizeSql(fn.body);
        const have = normalizeSql(found[0]!.body);
        if (want !== have) problems.push(firstDifference(source.file, fn.name, want, have));
      }
    }
    expect(problems).toEqual([]);
  });

  it('each trigger exists on its table, running a function of its file', async () => {
    const installed = await installedTriggers(database.db);
    const problems: string[] = [];
    for (const source of sources) {
      for (const trigger of source.triggers) {
        const found = installed.find((t) => t.name === trigger.name && t.table === trigger.table);
        if (!found)
          problems.push(
            `${source.file}: trigger ${trigger.name} on ${trigger.table} is not installed`,
          );
        else if (!source.functions.some((f) => f.name === found.function)) {
          problems.push(
            `${source.file}: trigger ${trigger.name} runs ${found.function}(), not a function of this file`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('installing every file again changes nothing (signatures, results, options, grants, trigger definitions)', async () => {
    // In one transaction that is rolled back: the catalog before, every file's statements, the
    // catalog after. A different argument list adds an overload, a different result type fails,
    // a different body, option (SECURITY DEFINER, SET, volatility) or grant shows in the catalog.
    const normalized = async (db: Db): Promise<Catalog> => ({
      functions: (await installedFunctions(db)).map((f) => ({ ...f, body: normalizeSql(f.body) })),
      triggers: (await installedTriggers(db)).map((t) => ({ ...t, def: normalizeSql(t.def) })),
    });
    const rollback = new Error('rollback');
    let before: Catalog | undefined;
    let after: Catalog | undefined;
    await database.db
      .transaction(async (tx) => {
        const db: Db = tx;
        before = await normalized(db);
        for (const source of sources) {
          for (const statement of source.statements) {
            try {
              await db.execute(sql.raw(statement.code));
            } catch (error) {
              throw new Error(
                `${source.file}: ${(error as Error).message}\n${statement.code.slice(0, 200)}`,
                {
                  cause: error,
                },
              );
            }
          }
        }
        after = await normalized(db);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(catalogChanges(before!, after!)).toEqual([]);
  });

  it('cover every function installed in the public schema (extensions’ aside)', async () => {
    const declared = new Set(sources.flatMap((s) => s.functions.map((f) => f.name)));
    const missing = (await installedFunctions(database.db))
      .filter((f) => !declared.has(f.name))
      .map((f) => `${f.name}(${f.args})`);
    // A migration's new function needs its source file: src/modules/<domain>/sql/ or src/db/sql/.
    expect(missing).toEqual([]);
  });

  it('cover every trigger installed on a public table', async () => {
    const missing = (await installedTriggers(database.db))
      .filter(
        (t) =>
          !sources.some(
            (s) =>
              s.triggers.some((d) => d.name === t.name && d.table === t.table) ||
              (s.dynamicTriggers.includes(t.name) &&
                s.functions.some((f) => f.name === t.function)),
          ),
      )
      .map((t) => `${t.table}.${t.name} (${t.function})`);
    expect(missing).toEqual([]);
  });
});
