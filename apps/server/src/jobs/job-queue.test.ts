import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { runInStudio } from '../context/run-in-studio.ts';
import { runInUnit } from '../context/run-in-studio.ts';
import type { Database } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import {
  createOwner,
  createTestApp,
  openTestDatabase,
  type TestContext,
} from '../../test/test-app.ts';
import { defineJob } from './define-job.ts';
import { enqueueJob, startJobRunner, type JobHandler } from './job-queue.ts';

// Probes on real queues, with payloads of their own (the queues' handlers are not started).
const probeJob = defineJob('schedule.email', z.object({ probe: z.string() }));
const flakyJob = defineJob('schedule.extend-horizon', z.object({ fail: z.boolean() }));
const countedJob = defineJob('schedule.email', z.object({ i: z.number() }));

// docs/decisions/0013-job-queue.md: jobs are enqueued in the caller's transaction, run once,
// retried with backoff, and two processes never run one job twice.

let t: TestContext;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await createOwner(t.app, 'pro')).organization.id;
});
afterAll(async () => t?.close());

async function jobs(database: Database, name: string) {
  const { rows } = await database.executeSql(
    `select id, state, retry_count, start_after, data from pgboss.job where name = $1 order by created_on`,
    [name],
  );
  return rows as Array<{
    id: string;
    state: string;
    retry_count: number;
    start_after: string;
    data: unknown;
  }>;
}

describe('enqueueing inside a studio transaction', () => {
  it('keeps the job only when the transaction commits, as the tenant role', async () => {
    const { database } = t.deps;
    await expect(
      runInStudio(database.db, organizationId, async (_tx, unit) => {
        await enqueueJob(unit, probeJob, { probe: 'rolled-back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await runInStudio(database.db, organizationId, async (tx, unit) => {
      const result = (await tx.execute(sql`select current_user as role`)) as unknown as {
        rows: Array<{ role: string }>;
      };
      const [role] = result.rows;
      expect(role?.role).toBe('fitbase_app');
      await enqueueJob(unit, probeJob, { probe: 'committed' });
    });
    const data = (await jobs(database, 'schedule.email')).map((job) => job.data);
    expect(data).toEqual([{ probe: 'committed' }]);
  });

  it('refuses the tenant role anything but adding jobs', async () => {
    await expect(
      runInStudio(t.deps.database.db, organizationId, (tx) =>
        tx.execute(sql`select data from pgboss.job`),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
  });
});

describe('running jobs', () => {
  it('runs a due job once and retries a failing one with backoff', async () => {
    const seen: unknown[] = [];
    let failures = 0;
    const handler: JobHandler = async (data) => {
      if ((data as { fail?: boolean }).fail && failures++ === 0) throw new Error('transient');
      seen.push(data);
    };
    const runner = await startJobRunner(
      t.deps,
      { 'schedule.extend-horizon': handler },
      { schedules: false, pollingIntervalSeconds: 3600 },
    );
    try {
      await runInUnit(t.deps.database.db, (_tx, unit) =>
        enqueueJob(unit, flakyJob, { fail: true }),
      );
      await expect(runner.drain('schedule.extend-horizon')).rejects.toThrow('transient');
      const [failed] = await jobs(t.deps.database, 'schedule.extend-horizon');
      expect(failed?.state).toBe('retry');
      expect(new Date(failed!.start_after).getTime()).toBeGreaterThan(Date.now());
      // Backoff: the retry is not due yet, so a second drain finds nothing.
      expect(await runner.drain('schedule.extend-horizon')).toBe(0);
      // pg-boss fetches `start_after < now()`; PGlite's clock can give this update and the
      // next fetch the same millisecond, so the retry is made due a second in the past.
      await t.deps.database.executeSql(
        `update pgboss.job set start_after = now() - interval '1 second' where name = 'schedule.extend-horizon'`,
      );
      expect(await runner.drain('schedule.extend-horizon')).toBe(1);
      expect(seen).toEqual([{ fail: true }]);
      const [done] = await jobs(t.deps.database, 'schedule.extend-horizon');
      expect(done?.state).toBe('completed');
    } finally {
      await runner.stop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two server processes (PostgreSQL)', () => {
  it('never runs one job twice', async () => {
    const { database, url, directUrl, drop } = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: url!, directUrl });
    const runs = new Map<string, number>();
    const handler: JobHandler = async (_data, { jobId }) => {
      runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
    };
    const deps = (db: Database) => ({ ...t.deps, database: db });
    // Polling is pushed out of the way so that the two drains take nearly every job. Each
    // worker's first fetch still runs as it starts and may land while the 40 are being
    // enqueued, taking one that no drain counts: the handler's own count of runs is the truth.
    const quiet = { schedules: false, pollingIntervalSeconds: 3600 };
    const a = await startJobRunner(deps(database), { 'schedule.email': handler }, quiet);
    const b = await startJobRunner(deps(second), { 'schedule.email': handler }, quiet);
    try {
      for (let i = 0; i < 40; i++)
        await runInUnit(database.db, (_tx, unit) => enqueueJob(unit, countedJob, { i }));
      const [ranA, ranB] = await Promise.all([
        a.drain('schedule.email'),
        b.drain('schedule.email'),
      ]);
      expect(ranA + ranB).toBeGreaterThanOrEqual(38);
      await vi.waitFor(() => expect(runs.size).toBe(40));
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
      await drop();
    }
  });
});
