import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../env.ts';
import { prepareJobQueue } from '../jobs/queue-schema.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { acquireEmbeddedLock } from './embedded-lock.ts';
import { installNumericText, numericText, NUMERIC_OID } from './numeric-text.ts';
import { setTransactionPooling, UnnamedStatementsClient } from './pool-mode.ts';

// From the repository root, not this file: the compiled server is one bundle in apps/server/dist.
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/drizzle');

/** The Drizzle handle every query function takes; the same type on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A Drizzle transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** PostgreSQL only: the pool behind `db`, for the request path's one-round-trip start. */
  pool?: pg.Pool;
  /**
   * PostgreSQL only: connections for studio reads (GET) alone, read-only, which carry the
   * tenant scope per session rather than per transaction (context/studio-fast-path.ts).
   */
  readPool?: pg.Pool;
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. `onState(false)` is called
   * when the listening connection drops, `onState(true)` once it listens again: notifications
   * sent in between are never delivered, so whoever keeps state derived from them must drop it.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Raw SQL outside Drizzle, for the job queue's adapter (jobs/job-queue.ts). Without values a
   * text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  /**
   * Whether realtime events can arrive: PGlite always; PostgreSQL while the LISTEN connection
   * is up (or before anything listened). Readiness (/api/ready) reads it; absent = always.
   */
  listening?(): boolean;
  /**
   * PGlite only: a consistent copy of the data folder as an uncompressed tar, taken while the
   * database serves (db/backup-embedded.ts); PGlite.create's `loadDataDir` opens it again.
   */
  snapshot?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | ({ databaseUrl: string } & PostgresOptions)
  | { dataDir: string; lock?: boolean }
  | { pglite: PGlite };

/** Connections per process: pool + read pool + 1 listener (docs/operations.md has the formula). */
export interface PostgresOptions {
  /** The main pool (writes, the job queue); DB_POOL_MAX. */
  poolMax?: number;
  /** The studio read path's pool; DB_READ_POOL_MAX. */
  readPoolMax?: number;
  /** Where lost connections and the listener's reconnects are logged. */
  logger?: Logger;
  /**
   * DATABASE_DIRECT_URL: the database itself, when `databaseUrl` is a transaction pooler
   * (PgBouncer pool_mode=transaction). LISTEN and the migrations' lock use it, and the pools
   * keep no state between transactions (db/pool-mode.ts, ADR 0036).
   */
  directUrl?: string;
}

export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options);
  if ('pglite' in options) return wrapPglite(options.pglite, () => {});
  const release = options.lock === false ? () => {} : acquireEmbeddedLock(options.dataDir);
  try {
    const client = await PGlite.create(path.join(options.dataDir, 'pgdata'), {
      extensions: PGLITE_EXTENSIONS,
    });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

function wrapPglite(client: PGlite, release: () => void): Database {
  // Amounts read back as PostgreSQL's node-postgres side does (db/numeric-text.ts). PGlite merges
  // its instance parsers under each query's own, and Drizzle's leave numeric alone.
  client.parsers[NUMERIC_OID] = numericText;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // In this process: the listener cannot lose its connection, so `onState` is never called.
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    listening: () => !client.closed,
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values as never[]);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await prepareJobQueue(this as Database);
    },
    async snapshot() {
      // CHECKPOINT writes every changed page to the files, so the copy opens without recovery.
      // The copy is taken inside a transaction of our own: PGlite runs one at a time, so no
      // request's transaction is half done, and reading the files is synchronous (no request
      // runs meanwhile).
      await client.exec('CHECKPOINT');
      let tar: Blob | undefined;
      await client.transaction(async () => {
        tar = await client.dumpDataDir('none');
      });
      return new Uint8Array(await tar!.arrayBuffer());
    },
    async close() {
      if (!client.closed) await client.close();
      release();
    },
  };
}

/**
 * Settings every connection of the app starts with (the `options` startup parameter, no round
 * trip). FitBase's statements are short requests from many studios at once, not a warehouse's
 * queries: JIT compilation (PostgreSQL compiles a plan estimated above 100,000) added 70 to
 * 280 ms to report pages that run in 70 to 200 ms, and parallel workers, which take cores the
 * other requests need, made a report's scan three times slower on this 2-core machine
 * (bench:reports; docs/decisions/0021-no-jit-no-parallel-workers.md).
 */
const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/**
 * The migrations' lock (pg_advisory_lock's key, "FitBase" in ASCII): processes that start
 * together migrate one after the other, so each migration is applied once; the later ones
 * find nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 0x466974426173;

async function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Promise<Database> {
  installNumericText();
  const logger = options.logger ?? createLogger('warn');
  // Transaction pooling: no startup options (a pooler refuses them; the openings set them per
  // transaction), no named statements; a direct connection for what lives in a session.
  const pooled = options.directUrl !== undefined;
  if (pooled) setTransactionPooling(true);
  const directUrl = options.directUrl ?? databaseUrl;
  const connection = pooled
    ? { connectionString: databaseUrl, Client: UnnamedStatementsClient }
    : { connectionString: databaseUrl, options: SESSION_OPTIONS };
  // Idle connections stay open (pg closes them after 10 s by default): a new backend costs
  // its first request tens of milliseconds (connecting, the lookup's PREPARE, catalog caches,
  // compiling the audit trigger's PL/pgSQL: 25 to 90 ms in PostgreSQL's statement log on a
  // loaded machine, against 1 ms warm), so a studio whose requests come more than 10 s apart
  // paid it on nearly every one. `max` bounds them; allowExitOnIdle lets a script exit.
  const pool = new pg.Pool({
    ...connection,
    max: options.poolMax ?? 10,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  // An idle connection dropped by the server (restart, failover, DROP DATABASE ... FORCE)
  // must not crash the process: the pool discards it and opens a new one on demand.
  // An idle connection the server ends (restart, failover, pg_terminate_backend, DROP
  // DATABASE … FORCE) is reported here after the pool has discarded it; the next query opens
  // a new one. Without a listener Node treats the event as uncaught and the process exits.
  pool.on('error', (error) =>
    logger.warn({ pool: 'main', error: error.message }, 'PostgreSQL pool connection lost'),
  );
  const readPool = new pg.Pool({
    ...connection,
    max: options.readPoolMax ?? 10,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  readPool.on('error', (error) =>
    logger.warn({ pool: 'read', error: error.message }, 'PostgreSQL pool connection lost'),
  );
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  // One dedicated connection carries every LISTEN of this process. If it drops (database
  // restart, failover), it reconnects with backoff and LISTENs again on every channel.
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const stateHandlers = new Set<(listening: boolean) => void>();
  // True until a LISTEN connection fails: nothing to listen for is not a failure.
  let listenerUp = true;
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: directUrl });
    const lost = (reason: string) => {
      if (closed || !listener) return;
      logger.warn({ reason }, 'Realtime listener connection lost: reconnecting');
      listener = undefined;
      listenerUp = false;
      for (const handler of stateHandlers) handler(false);
      void reconnect(1);
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('ended'));
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    await client.connect();
    for (const channel of handlers.keys())
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return client;
  }
  async function reconnect(attempt: number): Promise<void> {
    if (closed || listener) return;
    const delayMs = Math.min(30_000, 250 * 2 ** attempt);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (closed || listener) return;
    listener = connectListener();
    try {
      await listener;
      listenerUp = true;
      logger.info({ attempt }, 'Realtime listener reconnected');
      for (const handler of stateHandlers) handler(true);
    } catch (error) {
      listener = undefined;
      logger.warn(
        {
          error: error instanceof Error ? error.message : String(error),
          attempt,
          retryInMs: Math.min(30_000, 250 * 2 ** (attempt + 1)),
        },
        'Realtime listener could not reconnect',
      );
      void reconnect(attempt + 1);
    }
  }
  function listenerClient(): Promise<pg.Client> {
    listener ??= connectListener().catch((error: unknown) => {
      listener = undefined;
      listenerUp = false;
      throw error;
    });
    return listener;
  }
  return {
    kind: 'postgres',
    db,
    pool,
    readPool,
    async listen(channel, onPayload, onState) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const client = await listenerClient();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      if (onState) stateHandlers.add(onState);
      return async () => {
        set.delete(onPayload);
        if (onState) stateHandlers.delete(onState);
      };
    },
    async executeSql(text, values) {
      // pg-boss sends a handful of fixed texts, each poll of each queue the same fetch: named,
      // they are parsed once per connection (parsing its fetch over the partitioned job table
      // took milliseconds per poll). Bounded, in case a text ever carried a value.
      if (!values || values.length === 0) return pool.query(text);
      return pool.query({ name: jobStatementName(text), text, values: values as never[] });
    },
    listening: () => listenerUp && !closed,
    async migrate() {
      // A connection of its own holds the lock (the migrations use the pool's).
      // A session lock: on the database itself, never through a transaction pooler.
      const lock = new pg.Client({ connectionString: directUrl });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await prepareJobQueue(this as Database);
      } finally {
        // Ending the session releases the lock even if the unlock fails.
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await lock.end();
      }
    },
    async close() {
      // The mode lasts while a pooled database is open: the next test file of a worker (or a
      // CLI command after this one) opens its own database and says its own mode.
      if (pooled && !closed) setTransactionPooling(false);
      closed = true;
      const client = await listener?.catch(() => undefined);
      listener = undefined;
      await client?.end();
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

/** Names of the job queue's statements by text (at most 200 texts; unnamed beyond). */
const jobStatementNames = new Map<string, string>();
function jobStatementName(text: string): string | undefined {
  let name = jobStatementNames.get(text);
  if (name === undefined && jobStatementNames.size < 200) {
    name = `jobs_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    jobStatementNames.set(text, name);
  }
  return name;
}
