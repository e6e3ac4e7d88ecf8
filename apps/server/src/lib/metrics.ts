import client from 'prom-client';
import type { Database } from '../db/client.ts';
import { JOB_QUEUES, JOB_SCHEMA } from '../jobs/job-names.ts';

/**
 * Prometheus metrics of this process (docs/operations.md#metrics), served at /metrics when
 * METRICS_TOKEN is set (http/metrics-route.ts). One registry per process: counters count what
 * this process did, and Prometheus sums the processes.
 */
export const metricsRegistry = new client.Registry();
const registers = [metricsRegistry];

let processMetricsStarted = false;
/**
 * prom-client's process metrics (CPU, memory, heap, GC, nodejs_eventloop_lag_seconds and its
 * percentiles), started when metrics are switched on: the event-loop monitor costs nothing
 * to anyone who does not read it, but it need not run at all then.
 */
export function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  client.collectDefaultMetrics({ register: metricsRegistry });
}

/**
 * Every API answer, by route template (Hono's matched route: `/api/members/:id`, never an id)
 * and status. Buckets from 5 ms (a cached read) to 10 s (an export's first byte).
 */
export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP answers by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const jobsFailed = new client.Counter({
  name: 'fitbase_jobs_failed_total',
  help: 'Job runs that threw, by queue (each attempt counts)',
  labelNames: ['queue'] as const,
  registers,
});

// Every queue reports from the start (0), so a rate over it exists before the first failure.
for (const queue of Object.keys(JOB_QUEUES)) jobsFailed.labels(queue).inc(0);

export const emailsSent = new client.Counter({
  name: 'fitbase_emails_sent_total',
  help: 'Emails handed to the SMTP server (or logged when SMTP_URL is not set)',
  registers,
});

export const emailsFailed = new client.Counter({
  name: 'fitbase_emails_failed_total',
  help: 'Emails the SMTP server refused or that could not be sent',
  registers,
});

export const signInFailures = new client.Counter({
  name: 'fitbase_sign_in_failures_total',
  help: 'Staff sign-ins refused for a wrong email or password',
  registers,
});

export const signInLockouts = new client.Counter({
  name: 'fitbase_sign_in_lockouts_total',
  help: 'Accounts locked after repeated failed sign-ins',
  registers,
});

export const eventStreamsOpen = new client.Gauge({
  name: 'fitbase_event_streams_open',
  help: 'Realtime event streams (GET /api/events) open on this process',
  registers,
});

/** The database whose pools and job queue the gauges below read (this process's). */
let watched: Database | undefined;
export function watchDatabase(database: Database | undefined): void {
  watched = database;
}

new client.Gauge({
  name: 'fitbase_db_pool_connections',
  help: 'PostgreSQL connections per pool (main, read) by state: in_use, idle, waiting (requests queued for one)',
  labelNames: ['pool', 'state'] as const,
  registers,
  collect() {
    this.reset();
    const pools = [
      ['main', watched?.pool],
      ['read', watched?.readPool],
    ] as const;
    for (const [pool, p] of pools) {
      if (!p) continue;
      this.set({ pool, state: 'in_use' }, p.totalCount - p.idleCount);
      this.set({ pool, state: 'idle' }, p.idleCount);
      this.set({ pool, state: 'waiting' }, p.waitingCount);
    }
  },
});

/** A scrape never waits on a busy database longer than this. */
const QUEUE_QUERY_TIMEOUT_MS = 1000;

new client.Gauge({
  name: 'fitbase_jobs_queued',
  help: 'Jobs waiting to run (created or waiting for a retry), by queue',
  labelNames: ['queue'] as const,
  registers,
  async collect() {
    this.reset();
    if (!watched) return;
    const counts = new Map<string, number>(Object.keys(JOB_QUEUES).map((name) => [name, 0]));
    const result = await withTimeout(
      watched.executeSql(
        `select name, count(*)::int as n from ${JOB_SCHEMA}.job where state in ('created', 'retry') group by name`,
      ),
      QUEUE_QUERY_TIMEOUT_MS,
    );
    // No answer in time (or an error): leave the gauge empty rather than report zeros.
    if (!result) return;
    for (const row of result.rows as { name: string; n: number }[]) counts.set(row.name, row.n);
    for (const [queue, n] of counts) this.set({ queue }, n);
  },
});

/** The promise's value, or undefined if it fails or takes longer than `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
