import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { createApp } from '../app.ts';
import { runInUnit } from '../context/run-in-studio.ts';
import type { Database } from '../db/client.ts';
import { defineJob } from '../jobs/define-job.ts';
import { enqueueJob, startJobRunner } from '../jobs/job-queue.ts';
import { metricsApp as portApp } from './metrics-route.ts';
import { Readiness, readinessOf } from './readiness.ts';

/** Probes, metrics and job failure logs (docs/operations.md; issue 31, points 5, 6 and 8). */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestContext;
let metricsApp: TestContext['app'];
beforeAll(async () => {
  t = await createTestApp();
  metricsApp = createApp({ ...t.deps, config: { ...t.deps.config, metricsToken: TOKEN } });
});
afterAll(async () => t?.close());

describe('/api/health and /api/ready', () => {
  it('health is a cheap liveness answer; ready checks the database, jobs and realtime', async () => {
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await call(t.app, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', jobs: 'ok', realtime: 'ok' },
    });
    expect(ready.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 once draining (SIGTERM)', async () => {
    const other = await createTestApp();
    try {
      readinessOf(other.deps).drain();
      const ready = await call(other.app, 'GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('not_ready');
      // Still serving everything else meanwhile.
      expect((await call(other.app, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('is not ready while the database hangs, the job queue stopped or the listener is down', async () => {
    let queries = 0;
    let hang = true;
    let listening = true;
    const database = {
      executeSql: () => {
        queries += 1;
        return hang ? new Promise(() => {}) : Promise.resolve({ rows: [{}] });
      },
      listening: () => listening,
    } as unknown as Database;
    const readiness = new Readiness(database);
    let jobsRunning = true;
    readiness.watchJobs(() => jobsRunning);
    const started = performance.now();
    const hung = await readiness.check(0);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(hung).toMatchObject({ status: 'not_ready', checks: { database: 'failed' } });
    // Cached for a second: a busy balancer's probes cost one query.
    hang = false;
    expect(await readiness.check(500)).toBe(hung);
    expect(queries).toBe(1);
    expect((await readiness.check(1000)).status).toBe('ready');
    jobsRunning = false;
    expect((await readiness.check(2000)).checks).toMatchObject({ jobs: 'failed' });
    jobsRunning = true;
    listening = false;
    expect((await readiness.check(3000)).checks).toMatchObject({ realtime: 'failed' });
    listening = true;
    expect((await readiness.check(4000)).status).toBe('ready');
  });
});

async function scrape(app: TestContext['app'], authorization?: string) {
  const res = await app.request(`${TEST_ORIGIN}/metrics`, {
    headers: authorization ? { authorization } : {},
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('/metrics', () => {
  it('is 404 unless METRICS_TOKEN is set, then only with its bearer token', async () => {
    expect((await scrape(t.app, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await scrape(metricsApp)).status).toBe(404);
    expect((await scrape(metricsApp, `Bearer ${TOKEN}x`)).status).toBe(404);
    expect((await scrape(metricsApp, TOKEN)).status).toBe(404);
    const ok = await scrape(metricsApp, `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('has request durations by route template, process, pool, job and sign-in metrics', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    await call(metricsApp, 'GET', `/api/members/${id}`);
    await call(metricsApp, 'GET', '/api/health');
    const { text } = await scrape(metricsApp, `Bearer ${TOKEN}`);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health",status="200"}',
    );
    // Never the raw id: the template, also when the session guard answered before the route.
    expect(text).not.toContain(id);
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/members/:id",status="401"} 1',
    );
    await call(metricsApp, 'GET', '/api/no-such-endpoint');
    const after = (await scrape(metricsApp, `Bearer ${TOKEN}`)).text;
    expect(after).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/*",status="401"} 1',
    );
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'fitbase_jobs_queued{queue="billing.run"} 0',
      'fitbase_jobs_failed_total{queue="billing.run"} 0',
      'fitbase_event_streams_open',
      'fitbase_emails_sent_total',
      'fitbase_emails_failed_total',
      'fitbase_sign_in_failures_total',
      'fitbase_sign_in_lockouts_total',
    ])
      expect(text, name).toContain(name);
    if (t.deps.database.kind === 'postgres') {
      for (const state of ['in_use', 'idle', 'waiting'])
        for (const pool of ['main', 'read'])
          expect(text).toContain(`fitbase_db_pool_connections{pool="${pool}",state="${state}"}`);
    }
  });

  it('on METRICS_PORT, serves /metrics alone, behind the same token', async () => {
    const onPort = portApp(TOKEN);
    const get = (path: string, authorization?: string) =>
      onPort.request(path, { headers: authorization ? { authorization } : {} });
    expect((await get('/metrics')).status).toBe(404);
    expect((await get('/api/health', `Bearer ${TOKEN}`)).status).toBe(404);
    const ok = await get('/metrics', `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_request_duration_seconds');
  });

  it('counts sign-in failures', async () => {
    const before = counter(
      await scrape(metricsApp, `Bearer ${TOKEN}`),
      'fitbase_sign_in_failures_total',
    );
    const signIn = await call(metricsApp, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'nobody-here@example.com', password: 'wrong-password-123' },
    });
    expect(signIn.status).toBe(401);
    const after = counter(
      await scrape(metricsApp, `Bearer ${TOKEN}`),
      'fitbase_sign_in_failures_total',
    );
    expect(after).toBe(before + 1);
  });
});

function counter(scraped: { text: string }, line: string): number {
  const match = new RegExp(`^${line.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(
    scraped.text,
  );
  return match ? Number(match[1]) : NaN;
}

describe('a failed job', () => {
  it('is logged as JSON with its queue, id, attempt and error, and counted', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const failing = defineJob('schedule.email', z.object({ boom: z.boolean() }));
    const runner = await startJobRunner(
      { ...t.deps, logger },
      { 'schedule.email': async () => Promise.reject(new Error('SMTP refused: 554')) },
      { schedules: false, pollingIntervalSeconds: 3600 },
    );
    const scrapeFailed = async () =>
      counter(
        await scrape(metricsApp, `Bearer ${TOKEN}`),
        'fitbase_jobs_failed_total{queue="schedule.email"}',
      );
    const before = await scrapeFailed();
    try {
      await runInUnit(t.deps.database.db, (_tx, unit) => enqueueJob(unit, failing, { boom: true }));
      await expect(runner.drain('schedule.email')).rejects.toThrow('SMTP refused');
    } finally {
      await runner.stop();
    }
    const failed = lines.find((line) => line.msg === 'Job failed');
    expect(failed).toMatchObject({
      level: 50,
      queue: 'schedule.email',
      attempt: 1,
      err: { message: 'SMTP refused: 554' },
    });
    expect(failed?.jobId).toEqual(expect.any(String));
    expect(await scrapeFailed()).toBe(before + 1);
  });
});
