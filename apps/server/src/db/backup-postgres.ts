import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The role studio requests run as (context/run-in-studio.ts, migration 0004). */
const TENANT_ROLE = 'fitbase_app';

/**
 * PostgreSQL backups (docs/decisions/0035-backups.md): `pg_dump -Fc` of the one database, and a
 * restore into an empty database that works under whatever role the URL names. Roles are not
 * in a dump (they belong to the cluster): the two NOLOGIN roles the schema's grants and
 * policies name, fitbase_app (studio requests) and fitbase_system (full access, migration 0047),
 * are created when missing and granted to the restoring role, or the restore says which
 * statements an administrator must run first.
 */
export const SYSTEM_ROLE = 'fitbase_system';
const SCHEMAS = ['public', 'drizzle', 'pgboss'];

/** `pg_dump`/`pg_restore`: from PATH (Debian's wrappers), else the newest Debian install. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, name)));
  if (onPath || !existsSync(debian)) return name;
  const versions = readdirSync(debian)
    .filter((v) => existsSync(path.join(debian, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(debian, versions[0], 'bin', name) : name;
}

/** The URL without its password (which goes in PGPASSWORD, out of the process list). */
function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(pgTool(name), args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new Error(
        `${name} was not found: install the PostgreSQL client (apt-get install postgresql-client)`,
      );
    }
    throw new Error(`${name} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/** `pg_dump -Fc` of the database into `file`. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = toolConnection(databaseUrl);
  await tool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`], env);
}

/** How many studios the database holds (0 when it has no schema yet). */
export async function countStudios(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const table = await query(`select to_regclass('public.organizations') is not null as present`);
  if (!(table.rows[0] as { present: boolean }).present) return 0;
  const counted = await query('select count(*)::int as count from public.organizations');
  return (counted.rows[0] as { count: number }).count;
}

/** Thrown when the target already holds studios and the caller did not pass `--force`. */
export class RestoreRefusedError extends Error {
  constructor(readonly studios: number) {
    super(
      `The database already holds ${studios} studio${studios === 1 ? '' : 's'}: restoring would replace them. Add --force to do it anyway.`,
    );
    this.name = 'RestoreRefusedError';
  }
}

async function ensureRoles(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ me: string }>('select current_user as me');
  const me = rows[0]!.me;
  for (const role of [TENANT_ROLE, SYSTEM_ROLE]) {
    try {
      const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      if (exists.rowCount === 0) await client.query(`CREATE ROLE ${role} NOLOGIN`);
      const member = await client.query<{ ok: boolean }>(
        `select pg_has_role(current_user, $1, 'MEMBER') as ok`,
        [role],
      );
      if (!member.rows[0]!.ok) await client.query(`GRANT ${role} TO ${pg.escapeIdentifier(me)}`);
    } catch (error) {
      throw new Error(
        `The role ${me} cannot create or join ${role} (${(error as Error).message}). ` +
          `An administrator runs once: CREATE ROLE ${role} NOLOGIN; GRANT ${role} TO ${pg.escapeIdentifier(me)};`,
        { cause: error },
      );
    }
  }
}

/** Empties the schemas a dump fills (only when something is in them). */
async function clearSchemas(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1)`,
    [SCHEMAS],
  );
  if (rows[0]!.n === 0) return;
  await client.query(
    `DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE;
     DROP SCHEMA public CASCADE; CREATE SCHEMA public;`,
  );
}

/**
 * Restores a `pg_dump -Fc` file into the database of `databaseUrl`, owned by the role it
 * connects as (`--no-owner`): refused when that database holds studios unless `force`. One
 * transaction: a failed restore leaves the database as it was after clearing.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  options: { force: boolean },
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const studios = await countStudios((text) => client.query(text));
    if (studios > 0 && !options.force) throw new RestoreRefusedError(studios);
    await ensureRoles(client);
    await clearSchemas(client);
  } finally {
    await client.end();
  }
  const { url, env } = toolConnection(databaseUrl);
  // The dump's default privileges name the role that made it: left out, given again below to
  // the restoring role (tables a later migration creates are then granted to fitbase_app).
  const work = mkdtempSync(path.join(tmpdir(), 'fitbase-restore-'));
  try {
    const listed = await run(pgTool('pg_restore'), ['--list', file], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const list = path.join(work, 'toc.list');
    writeFileSync(
      list,
      listed.stdout
        .split('\n')
        .filter((line) => !/ DEFAULT ACL /.test(line))
        .join('\n'),
    );
    await tool(
      'pg_restore',
      [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${list}`,
        `--dbname=${url}`,
        file,
      ],
      env,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const after = new pg.Client({ connectionString: databaseUrl });
  await after.connect();
  try {
    await after.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${TENANT_ROLE};
       ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${TENANT_ROLE};`,
    );
  } finally {
    await after.end();
  }
}
