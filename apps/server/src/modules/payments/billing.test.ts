import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openDatabase } from '../../db/client.ts';
import { demoProviderCharges, ledgerEntries, memberships } from '../../db/schema/money.ts';
import {
  createOwner,
  createTestApp,
  openTestDatabase,
  type TestContext,
} from '../../../test/test-app.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { sendPaymentEmail } from './billing.service.ts';
import { paymentEmailJob } from './payments.jobs.ts';
import {
  membershipRow,
  seedMember,
  seedMonthlyMembership,
  setTimeZone,
} from './payments-fixtures.ts';

// docs/product/money-and-store.md#billing: each due period is charged exactly once, failures are
// retried 1, 3 and 7 days after the first, then the membership is past due; all on the
// studio's own calendar.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const at = (date: string, time = '12:00') => new Date(`${date}T${time}:00Z`);

async function studio() {
  return (await createOwner(t.app, 'pro')).organization.id;
}

async function chargesOf(database: Database, organizationId: string) {
  return database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId))
    .orderBy(ledgerEntries.attempt);
}

async function providerCalls(database: Database, organizationId: string) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(demoProviderCharges)
    .where(eq(demoProviderCharges.organizationId, organizationId));
  return row!.n;
}

describe('the billing run', () => {
  it('charges a due membership once and moves it to the next period', async () => {
    const org = await studio();
    const { memberId, cardId } = await seedMember(t.deps.database.db, org);
    const id = await seedMonthlyMembership(t.deps.database.db, org, memberId, '2026-11-23');
    const stats = await runBilling(t.deps, at('2026-11-23'), { organizationId: org });
    expect(stats).toMatchObject({ paid: 1, failed: 0 });
    const [charge, ...rest] = await chargesOf(t.deps.database, org);
    expect(rest).toHaveLength(0);
    expect(charge).toMatchObject({
      kind: 'charge',
      purpose: 'plan',
      status: 'paid',
      amount: '49.00',
      memberId,
      membershipId: id,
      paymentMethodId: cardId,
      dueKey: `membership:${id}:2026-11-23`,
      idempotencyKey: `billing:${id}:2026-11-23:1`,
      recordedBy: null,
    });
    expect((await membershipRow(t.deps.database.db, id)).nextBillingDate).toBe('2026-12-23');
    // The same day again: nothing more is due.
    expect(await runBilling(t.deps, at('2026-11-23', '18:00'), { organizationId: org })).toEqual({
      paid: 0,
      failed: 0,
      redriven: 0,
    });
    expect(await providerCalls(t.deps.database, org)).toBe(1);
  });

  it('charges every due membership exactly once when two runs race', async () => {
    const org = await studio();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { memberId } = await seedMember(t.deps.database.db, org);
      ids.push(await seedMonthlyMembership(t.deps.database.db, org, memberId, '2026-11-20'));
    }
    const options = { organizationId: org, batchSize: 5 };
    const [a, b] = await Promise.all([
      runBilling(t.deps, at('2026-11-23'), options),
      runBilling(t.deps, at('2026-11-23'), options),
    ]);
    expect(a.paid + b.paid).toBe(12);
    const rows = await chargesOf(t.deps.database, org);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'paid')).toBe(true);
    expect(new Set(rows.map((r) => r.membershipId)).size).toBe(12);
    expect(await providerCalls(t.deps.database, org)).toBe(12);
    for (const id of ids) {
      expect((await membershipRow(t.deps.database.db, id)).nextBillingDate).toBe('2026-12-20');
    }
  });

  it('retries a declined card 1, 3 and 7 days after the first failure, then marks it past due', async () => {
    const org = await studio();
    const { memberId } = await seedMember(t.deps.database.db, org, { lastFour: '0002' });
    const id = await seedMonthlyMembership(t.deps.database.db, org, memberId, '2026-11-23');
    const run = (date: string) => runBilling(t.deps, at(date), { organizationId: org });

    expect((await run('2026-11-23')).failed).toBe(1);
    expect(await membershipRow(t.deps.database.db, id)).toMatchObject({
      status: 'active',
      failedAttempts: 1,
      nextRetryDate: '2026-11-24',
      nextBillingDate: '2026-11-23',
    });
    expect((await run('2026-11-24')).failed).toBe(1);
    expect((await membershipRow(t.deps.database.db, id)).nextRetryDate).toBe('2026-11-26');
    // Between retries nothing is charged.
    expect((await run('2026-11-25')).failed).toBe(0);
    expect((await run('2026-11-26')).failed).toBe(1);
    expect((await membershipRow(t.deps.database.db, id)).nextRetryDate).toBe('2026-11-30');
    expect((await run('2026-11-30')).failed).toBe(1);
    expect(await membershipRow(t.deps.database.db, id)).toMatchObject({
      status: 'past_due',
      nextRetryDate: null,
    });
    // Past due: no more automatic attempts.
    expect((await run('2026-12-05')).failed).toBe(0);

    const rows = await chargesOf(t.deps.database, org);
    expect(rows.map((r) => [r.attempt, r.status, r.failureCode])).toEqual([
      [1, 'failed', 'card_declined'],
      [2, 'failed', 'card_declined'],
      [3, 'failed', 'card_declined'],
      [4, 'failed', 'card_declined'],
    ]);
    expect(new Set(rows.map((r) => r.dueKey))).toEqual(new Set([`membership:${id}:2026-11-23`]));

    // Each failure queued an email to the member: what failed and what happens next.
    const { rows: jobs } = await t.deps.database.executeSql(
      `select data from pgboss.job where name = 'payments.email' and data->>'organizationId' = $1
       order by created_on`,
      [org],
    );
    expect(jobs).toHaveLength(4);
    const before = t.mail.length;
    for (const job of jobs as Array<{ data: unknown }>) {
      await sendPaymentEmail(t.deps, paymentEmailJob.payload.parse(job.data));
    }
    const mails = t.mail.slice(before);
    expect(mails.map((m) => m.subject)).toEqual(
      Array(4).fill(expect.stringMatching(/^Your payment to Gym gym-[0-9a-f]+ failed$/)),
    );
    expect(mails[0]!.text).toContain('$49.00');
    expect(mails[0]!.text).toContain('Your card ending 0002 was declined.');
    expect(mails[0]!.text).toContain('We will try again on Nov 24, 2026.');
    expect(mails[3]!.text).toContain('your membership is now past due');
  });

  it('records a member without a usable card as a failed attempt on the retry schedule', async () => {
    const org = await studio();
    const none = await seedMember(t.deps.database.db, org, null);
    const expired = await seedMember(t.deps.database.db, org, {
      lastFour: '1111',
      expYear: 2026,
      expMonth: 10,
    });
    const noCard = await seedMonthlyMembership(
      t.deps.database.db,
      org,
      none.memberId,
      '2026-11-23',
    );
    const oldCard = await seedMonthlyMembership(
      t.deps.database.db,
      org,
      expired.memberId,
      '2026-11-23',
    );
    expect(await runBilling(t.deps, at('2026-11-23'), { organizationId: org })).toMatchObject({
      failed: 2,
    });
    const rows = await chargesOf(t.deps.database, org);
    const byMembership = new Map(rows.map((r) => [r.membershipId, r]));
    expect(byMembership.get(noCard)).toMatchObject({
      status: 'failed',
      failureCode: 'no_payment_method',
    });
    expect(byMembership.get(oldCard)).toMatchObject({
      status: 'failed',
      failureCode: 'card_expired',
    });
    expect(await providerCalls(t.deps.database, org)).toBe(0);
    expect((await membershipRow(t.deps.database.db, noCard)).nextRetryDate).toBe('2026-11-24');
  });

  it('skips paused, cancelled-at-period-end and not-yet-due memberships', async () => {
    const org = await studio();
    const db = t.deps.database.db;
    const a = await seedMonthlyMembership(
      db,
      org,
      (await seedMember(db, org)).memberId,
      '2026-11-23',
    );
    const b = await seedMonthlyMembership(
      db,
      org,
      (await seedMember(db, org)).memberId,
      '2026-11-23',
    );
    await seedMonthlyMembership(db, org, (await seedMember(db, org)).memberId, '2026-11-24');
    await db.update(memberships).set({ status: 'paused' }).where(eq(memberships.id, a));
    await db.update(memberships).set({ cancelAtPeriodEnd: true }).where(eq(memberships.id, b));
    expect(await runBilling(t.deps, at('2026-11-23'), { organizationId: org })).toMatchObject({
      paid: 0,
      failed: 0,
    });
    expect(await chargesOf(t.deps.database, org)).toHaveLength(0);
  });

  it("bills on the studio's own date: Auckland is a day ahead of UTC", async () => {
    const auckland = await studio();
    const utc = await studio();
    await setTimeZone(t.deps.database.db, auckland, 'Pacific/Auckland');
    const db = t.deps.database.db;
    const nz = await seedMonthlyMembership(
      db,
      auckland,
      (await seedMember(db, auckland)).memberId,
      '2026-11-24',
    );
    await seedMonthlyMembership(db, utc, (await seedMember(db, utc)).memberId, '2026-11-24');
    // 12:00 UTC on Nov 23 is 01:00 on Nov 24 in Auckland (NZDT, +13).
    await runBilling(t.deps, at('2026-11-23', '12:00'));
    expect(await chargesOf(t.deps.database, auckland)).toHaveLength(1);
    expect(await chargesOf(t.deps.database, utc)).toHaveLength(0);
    expect((await membershipRow(db, nz)).nextBillingDate).toBe('2026-12-24');
    // 10:00 UTC on Nov 23 was still Nov 23 (23:00) in Auckland: a run then would not bill it.
    await runBilling(t.deps, at('2026-11-24', '00:30'));
    expect(await chargesOf(t.deps.database, utc)).toHaveLength(1);
  });

  it('finishes a run that stopped after the processor answered, without charging twice', async () => {
    const org = await studio();
    const db = t.deps.database.db;
    const { memberId } = await seedMember(db, org);
    const id = await seedMonthlyMembership(db, org, memberId, '2026-11-23');
    const crash = () => {
      throw new Error('worker died');
    };
    await expect(
      runBilling(t.deps, at('2026-11-23'), { organizationId: org, afterProviderAnswered: crash }),
    ).rejects.toThrow('worker died');
    // The processor charged; the ledger row is still pending; the membership has not moved.
    expect(await providerCalls(t.deps.database, org)).toBe(1);
    expect((await chargesOf(t.deps.database, org)).map((r) => r.status)).toEqual(['pending']);
    expect((await membershipRow(db, id)).nextBillingDate).toBe('2026-11-23');

    const stats = await runBilling(t.deps, at('2026-11-23', '12:15'));
    expect(stats.redriven).toBeGreaterThanOrEqual(1);
    expect(await providerCalls(t.deps.database, org)).toBe(1);
    const rows = await chargesOf(t.deps.database, org);
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    expect((await membershipRow(db, id)).nextBillingDate).toBe('2026-12-23');
  });
});

describe.runIf(process.env.DATABASE_URL)('two processes (PostgreSQL)', () => {
  it('charges each membership once across two database connections', async () => {
    const { database, url, drop } = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: url! });
    try {
      const ctx = { ...t.deps, database };
      const org = await seedStudio(database);
      for (let i = 0; i < 30; i++) {
        const { memberId } = await seedMember(database.db, org);
        await seedMonthlyMembership(database.db, org, memberId, '2026-11-23');
      }
      const [a, b] = await Promise.all([
        runBilling(ctx, at('2026-11-23'), { batchSize: 4 }),
        runBilling({ database: second }, at('2026-11-23'), { batchSize: 4 }),
      ]);
      expect(a.paid + b.paid).toBe(30);
      expect(await providerCalls(database, org)).toBe(30);
      const rows = await chargesOf(database, org);
      expect(rows).toHaveLength(30);
      expect(rows.every((r) => r.status === 'paid')).toBe(true);
    } finally {
      await second.close();
      await drop();
    }
  });

  it('a worker killed between the processor and the ledger: the re-run charges once', async () => {
    const { database, url, drop } = await openTestDatabase();
    try {
      const org = await seedStudio(database);
      const { memberId } = await seedMember(database.db, org);
      const id = await seedMonthlyMembership(database.db, org, memberId, '2026-11-23');
      // node itself runs the worker (tsx as a loader), so the SIGKILL ends the process we wait on.
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./billing-crash-child.ts', import.meta.url)),
          org,
          '2026-11-23T12:00:00Z',
        ],
        {
          env: { ...process.env, DATABASE_URL: url, FITBASE_BILLING_FAULT: 'kill-after-provider' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(child.signal ?? child.stderr).toBe('SIGKILL');
      expect(await providerCalls(database, org)).toBe(1);
      expect((await chargesOf(database, org)).map((r) => r.status)).toEqual(['pending']);

      await runBilling({ database }, at('2026-11-23', '12:15'));
      expect(await providerCalls(database, org)).toBe(1);
      const rows = await chargesOf(database, org);
      expect(rows.map((r) => [r.status, r.amount])).toEqual([['paid', '49.00']]);
      const [m] = await database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.id, id)));
      expect(m!.nextBillingDate).toBe('2026-12-23');
    } finally {
      await drop();
    }
  });
});

/** A studio on a database of its own (the PostgreSQL tests), via the same API as the rest. */
async function seedStudio(database: Database) {
  const { createTestAppOn } = await import('../../../test/test-app.ts');
  const app = createTestAppOn(database, async () => {});
  return (await createOwner(app.app, 'pro')).organization.id;
}
