import PgBoss from 'pg-boss';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { JobDefinition } from './define-job.ts';
import type { Deps } from '../http/types.ts';
import type { Logger } from '../lib/logger.ts';
import { jobsFailed } from '../lib/metrics.ts';
import { JOB_QUEUES, JOB_SCHEDULES, JOB_SCHEMA, JOB_WORKERS, type JobName } from './job-names.ts';

/**
 * The one durable job queue (docs/decisions/0013-job-queue.md): pg-boss 10 on the app's own
 * database, PGlite or PostgreSQL. Services enqueue inside their unit of work (`enqueueJob` with a job's definition, jobs/define-job.ts), so a
 * job exists exactly when the change that asked for it committed; workers fetch with
 * SKIP LOCKED, so two server processes never run one job twice; cron slots are deduplicated by
 * pg-boss, so a schedule fires once per slot. Handlers make their effects idempotent too
 * (conditional updates, unique keys), because a crash between effect and completion retries.
 */

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

/** Adds a job in `unit`'s transaction: it becomes visible to workers when that commits. */
export async function enqueueJob<P extends z.ZodType>(
  unit: UnitOfWork,
  job: JobDefinition<P>,
  data: z.input<P>,
  options: EnqueueOptions = {},
): Promise<void> {
  // pg-boss's documented `db` option: its INSERT runs on our connection, in our transaction.
  await jobSender().send(
    job.name,
    job.payload.parse(data) as object,
    {
      ...options,
      db: unit,
    } as PgBoss.SendOptions,
  );
}

/**
 * Many jobs of one queue in one statement, in `unit`'s transaction (a fan-out to every
 * recipient: one INSERT instead of one round trip each). The queue's retry policy applies.
 */
export async function enqueueJobs<P extends z.ZodType>(
  unit: UnitOfWork,
  job: JobDefinition<P>,
  jobs: Array<{ data: z.input<P>; singletonKey?: string }>,
): Promise<void> {
  const BATCH = 1000;
  for (let start = 0; start < jobs.length; start += BATCH) {
    const batch = jobs.slice(start, start + BATCH).map((item) => ({
      name: job.name,
      data: job.payload.parse(item.data) as object,
      singletonKey: item.singletonKey,
    }));
    await jobSender().insert(batch, { db: unit } as PgBoss.InsertOptions);
  }
}

export interface JobContext {
  deps: Deps;
  log: Logger;
  /** The job's id, for idempotency keys of its effects. */
  jobId: string;
}

export type JobHandler = (data: unknown, context: JobContext) => Promise<void>;

/** A queue's handler, given the payload its definition parsed (a wrong shape fails the job). */
export function handleJob<P extends z.ZodType>(
  job: JobDefinition<P>,
  handler: (data: z.output<P>, context: JobContext) => Promise<void>,
): JobHandler {
  return (data, context) => handler(job.payload.parse(data), context);
}

export interface JobRunner {
  stop(): Promise<void>;
  /** False once stopped or if pg-boss stopped on its own (readiness, http/readiness.ts). */
  running(): boolean;
  /** Runs every due job of `name` now, in this process (tests, the CLI). */
  drain(name: JobName): Promise<number>;
  /** Wakes this process's worker of `name` now instead of at its next poll (jobs just committed). */
  wake(name: JobName): void;
}

function bossFor(database: Database, supervise: boolean, cronCheckSeconds?: number): PgBoss {
  return new PgBoss({
    ...(cronCheckSeconds ? { cronMonitorIntervalSeconds: cronCheckSeconds } : {}),
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
  const boss = bossFor(
    database,
    options.schedules !== false,
    deps.config?.jobsCronCheckSeconds,
  );
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let running = false;
  boss.on('stopped', () => (running = false));
  await boss.start();
  running = true;
  const run = async (name: JobName, job: PgBoss.JobWithMetadata<unknown>) => {
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for job ${name}`);
    try {
      await handler(job.data, {
        deps,
        log: log.child({ job: name, jobId: job.id }),
        jobId: job.id,
      });
    } catch (error) {
      // pg-boss records the failure in its table only: say it where operators look. The
      // attempt counts from 1; pg-boss retries up to the queue's retry limit (job-names.ts).
      jobsFailed.labels(name).inc();
      log.error(
        { queue: name, jobId: job.id, attempt: job.retryCount + 1, err: error },
        'Job failed',
      );
      throw error;
    }
  };
  // Each job runs in a span of its own when tracing is on (src/tracing.ts), so its statements
  // and its log lines carry that trace's id; without the SDK the API's no-op tracer costs nothing.
  const tracer = trace.getTracer('fitbase.jobs');
  const traced = (name: JobName, job: Parameters<typeof run>[1]) =>
    tracer.startActiveSpan(
      `job ${name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.destination.name': name, 'job.id': job.id },
      },
      async (span) => {
        try {
          return await run(name, job);
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  const workers = new Map<JobName, string[]>();
  for (const name of Object.keys(handlers) as JobName[]) {
    const worker = JOB_WORKERS[name];
    const ids: string[] = [];
    // Each worker fetches its own batch: a batch waiting on one slow job (a webhook receiver's
    // 10 s) holds up only its own worker.
    for (let i = 0; i < (worker?.workers ?? 1); i++)
      ids.push(
        await boss.work(
          name,
          {
            // A queue's own interval only ever makes its workers poll sooner: a runner that
            // asked for no polling (tests that drain by hand) keeps it for every other queue.
            pollingIntervalSeconds: Math.min(
              options.pollingIntervalSeconds ?? 2,
              worker?.pollingIntervalSeconds ?? Number.POSITIVE_INFINITY,
            ),
            batchSize: worker?.batchSize ?? 1,
            includeMetadata: true,
          },
          // A batch runs concurrently; pg-boss completes (or fails) the batch as one.
          async (jobs) => void (await Promise.all(jobs.map((job) => traced(name, job)))),
        ),
      );
    workers.set(name, ids);
  }
  if (options.schedules !== false) {
    for (const { name, cron } of JOB_SCHEDULES) {
      if (handlers[name]) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    }
    // The embedded database's backup, on its configured schedule (BACKUP_SCHEDULE, ADR 0035);
    // on PostgreSQL the operator's backups (pgBackRest) take its place.
    const backupCron = database.kind === 'pglite' ? deps.config.backupSchedule : undefined;
    if (handlers['backup.create'] && backupCron) {
      await boss.schedule('backup.create', backupCron, {}, { tz: 'UTC' });
    } else {
      await boss.unschedule('backup.create');
    }
  }
  return {
    async stop() {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    running: () => running,
    wake(name) {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },
    async drain(name) {
      let done = 0;
      for (;;) {
        const [job] = await boss.fetch(name, { batchSize: 1, includeMetadata: true });
        if (!job) return done;
        try {
          await traced(name, job);
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
