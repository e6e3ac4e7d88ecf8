import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db, Tx } from '../db/client.ts';
import type { Deps } from '../http/types.ts';
import type { Logger } from '../lib/logger.ts';
import { JOB_QUEUES, JOB_SCHEDULES, JOB_SCHEMA, type JobName } from './job-names.ts';

/**
 * The one durable job queue (docs/decisions/0013-job-queue.md): pg-boss 10 on the app's own
 * database, PGlite or PostgreSQL. Services enqueue inside their transaction (`enqueueJob`), so a
 * job exists exactly when the change that asked for it committed; workers fetch with
 * SKIP LOCKED, so two server processes never run one job twice; cron slots are deduplicated by
 * pg-boss, so a schedule fires once per slot. Handlers make their effects idempotent too
 * (conditional updates, unique keys), because a crash between effect and completion retries.
 */

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** pg-boss's adapter over a Drizzle handle: `$n` placeholders become bound parameters. */
function drizzleExecutor(tx: Db | Tx): Executor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        if (i % 2 === 0) chunks.push(sql.raw(part));
        else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as {
        rows: unknown[];
      };
      return { rows: result.rows };
    },
  };
}

// Sending needs no started instance: only pg-boss's SQL, run on the caller's transaction.
let sender: PgBoss | undefined;
function jobSender(): PgBoss {
  sender ??= new PgBoss({
    db: { executeSql: async () => ({ rows: [] }) },
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  return sender;
}

export interface EnqueueOptions {
  /** Not before this instant (e.g. 30 minutes after a session ends). */
  startAfter?: Date;
  /** With `singletonSeconds`, one job per key and time slot. */
  singletonKey?: string;
  singletonSeconds?: number;
}

/** Adds a job in the caller's transaction: it becomes visible to workers when that commits. */
export async function enqueueJob(
  tx: Db | Tx,
  name: JobName,
  data: object,
  options: EnqueueOptions = {},
): Promise<void> {
  await jobSender().send(name, data, { ...options, db: drizzleExecutor(tx) } as never);
}

/**
 * Many jobs of one queue in one statement, in the caller's transaction (a fan-out to every
 * recipient: one INSERT instead of one round trip each). The queue's retry policy applies.
 */
export async function enqueueJobs(
  tx: Db | Tx,
  name: JobName,
  jobs: Array<{ data: object; singletonKey?: string }>,
): Promise<void> {
  const BATCH = 1000;
  for (let start = 0; start < jobs.length; start += BATCH) {
    const batch = jobs.slice(start, start + BATCH).map((job) => ({ ...job, name }));
    await jobSender().insert(batch, { db: drizzleExecutor(tx) } as never);
  }
}

export interface JobContext {
  deps: Deps;
  log: Logger;
  /** The job's id, for idempotency keys of its effects. */
  jobId: string;
}

export type JobHandler = (data: unknown, context: JobContext) => Promise<void>;

export interface JobRunner {
  stop(): Promise<void>;
  /** Runs every due job of `name` now, in this process (tests, the CLI). */
  drain(name: JobName): Promise<number>;
}

function bossFor(database: Database, supervise: boolean): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    supervise,
    schedule: supervise,
    migrate: false,
  });
}

/**
 * Starts the workers of every handler and registers the cron schedules. One per server
 * process; on PGlite the process is the only one (the data folder is locked).
 */
export async function startJobRunner(
  deps: Deps,
  handlers: Partial<Record<JobName, JobHandler>>,
  options: { pollingIntervalSeconds?: number; schedules?: boolean } = {},
): Promise<JobRunner> {
  const { database, logger: log } = deps;
  const boss = bossFor(database, options.schedules !== false);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const run = async (name: JobName, job: PgBoss.Job<unknown>) => {
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for job ${name}`);
    await handler(job.data, { deps, log: log.child({ job: name, jobId: job.id }), jobId: job.id });
  };
  for (const name of Object.keys(handlers) as JobName[]) {
    await boss.work(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async ([job]) => {
        if (job) await run(name, job);
      },
    );
  }
  if (options.schedules !== false) {
    for (const { name, cron } of JOB_SCHEDULES) {
      if (handlers[name]) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    }
  }
  return {
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async drain(name) {
      let done = 0;
      for (;;) {
        const [job] = await boss.fetch(name, { batchSize: 1 });
        if (!job) return done;
        try {
          await run(name, job);
          await boss.complete(name, job.id);
          done += 1;
        } catch (error) {
          await boss.fail(name, job.id, error as object);
          throw error;
        }
      }
    },
  };
}

export { JOB_QUEUES };
