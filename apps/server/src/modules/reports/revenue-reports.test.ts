import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { resolvePeriod, previousPeriod, type ResolvedPeriod } from '@fitbase/domain/report-rules';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInStudio } from '../../context/run-in-studio.ts';
import { ledgerEntries } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { addProduct, sell } from '../../../test/fixtures/store.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import {
  membershipRow,
  seedMember,
  seedMonthlyMembership,
  setTimeZone,
} from '../payments/payments-fixtures.ts';
import { revenueIn } from '../payments/payments.service.ts';
import type { ReportContext } from './report-types.ts';
import { PAYOUTS_DEMO_NOTICE, PAYOUTS_EMPTY_NOTICE } from './revenue-reports.ts';
import { transactionsReport } from './transactions-report.ts';

// docs/product/reports-and-analytics.md#revenue: every figure from the ledger, in the studio's
// time zone, and Sales = Transactions' Paid total = the dashboard's paid minus refunded.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const report = (cookie: string, id: string, query = '') =>
  call(t.app, 'GET', `/api/reports/${id}${query ? `?${query}` : ''}`, { cookie });

type Row = Record<string, string | number | null>;
const figure = (body: { figures: Array<{ key: string; value: unknown }> }, key: string) =>
  body.figures.find((f) => f.key === key);
const figureValues = (body: { figures: Array<{ key: string; value: unknown }> }) =>
  Object.fromEntries(body.figures.map((f) => [f.key, f.value]));

describe('revenue reports of a studio in New York (sold through the API today)', () => {
  const NY = 'America/New_York';
  const T = localDateOf(new Date(), NY);
  let s: { cookie: string; org: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const owner = await createOwner(t.app, 'pro');
    s = { cookie: owner.cookie, org: owner.organization.id };
    const db = t.deps.database.db;
    await setTimeZone(db, s.org, NY);
    const plan = async (body: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', '/api/plans', { cookie: s.cookie, body });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const gold = await plan({
      name: 'Gold Monthly',
      kind: 'membership',
      price: '99.00',
      billingInterval: 'month',
    });
    const pack = await plan({
      name: '10 Class Pack',
      kind: 'class_pack',
      price: '150.00',
      credits: 10,
      validityDays: 90,
    });
    const card = async (memberId: string, lastFour: string) => {
      const res = await call(t.app, 'POST', `/api/members/${memberId}/payment-methods`, {
        cookie: s.cookie,
        body: validCard({ cardLastFour: lastFour, isDefault: true }),
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const sellPlan = (memberId: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', `/api/members/${memberId}/memberships`, { cookie: s.cookie, body });

    // A: Gold Monthly on the demo card ($99 memberships, card).
    const a = await addMember(t, s.cookie, { firstName: 'Ada', lastName: 'Alpha' });
    await card(a.id, '4242');
    const soldA = await sellPlan(a.id, { planId: gold, method: 'card' });
    expect(soldA.status, soldA.text).toBe(201);
    ids.membershipA = soldA.body.id;
    // B: a class pack for cash ($150 packs) and a $20 fee in cash.
    const b = await addMember(t, s.cookie, { firstName: 'Ben', lastName: 'Bravo' });
    expect((await sellPlan(b.id, { planId: pack, method: 'cash' })).status).toBe(201);
    const fee = await call(t.app, 'POST', '/api/payments', {
      cookie: s.cookie,
      body: { memberId: b.id, amount: '20', description: 'Late cancel fee', method: 'cash' },
    });
    expect(fee.status, fee.text).toBe(201);
    // D: the declined card ending 0002: a failed sale, nothing owed.
    const d = await addMember(t, s.cookie, { firstName: 'Dan', lastName: 'Delta' });
    await card(d.id, '0002');
    expect((await sellPlan(d.id, { planId: gold, method: 'card' })).status).toBe(409);
    // A store order of 3 × $10 on A's card, one returned ($20 retail).
    const bar = await addProduct(t, s.cookie, { price: '10.00', initialStock: 5 });
    ids.product = bar.name;
    const order = await sell(t, s.cookie, {
      memberId: a.id,
      method: 'card',
      lines: [{ productId: bar.id, quantity: 3 }],
    });
    expect(order.status, order.text).toBe(201);
    const refund = await call(t.app, 'POST', `/api/orders/${order.body.id}/refund`, {
      cookie: s.cookie,
      body: { lines: [{ lineId: order.body.lines[0].id, quantity: 1 }], reason: 'Wrong flavour' },
    });
    expect(refund.status, refund.text).toBe(200);
    // The billing run today: E, F and G decline ($49 each), H pays ($49, no staff member).
    const e = await seedMember(db, s.org, { lastFour: '0002' });
    const f = await seedMember(db, s.org, { lastFour: '0002' });
    const g = await seedMember(db, s.org, { lastFour: '0002' });
    const h = await seedMember(db, s.org, { lastFour: '4242' });
    ids.membershipE = await seedMonthlyMembership(db, s.org, e.memberId, T);
    ids.membershipF = await seedMonthlyMembership(db, s.org, f.memberId, T);
    ids.membershipG = await seedMonthlyMembership(db, s.org, g.memberId, T);
    ids.membershipH = await seedMonthlyMembership(db, s.org, h.memberId, T);
    expect(await runBilling(t.deps, new Date(), { organizationId: s.org })).toMatchObject({
      paid: 1,
      failed: 3,
    });
    const failed = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.organizationId, s.org));
    const attemptOf = (membershipId: string) =>
      failed.find((r) => r.membershipId === membershipId && r.status === 'failed')!.id;
    ids.failedE = attemptOf(ids.membershipE);
    ids.failedF = attemptOf(ids.membershipF);
    ids.failedG = attemptOf(ids.membershipG);
    // E pays on a later attempt with a good card; F is written off; G waits for its retry.
    const good = await seedMember(db, s.org, { lastFour: '4242' });
    await db.execute(
      sql`update member_payment_methods set member_id = ${e.memberId}, is_default = false where id = ${good.cardId}`,
    );
    const retried = await call(t.app, 'POST', `/api/payments/${ids.failedE}/retry`, {
      cookie: s.cookie,
      body: { paymentMethodId: good.cardId },
    });
    expect(retried.status, retried.text).toBe(200);
    const off = await call(t.app, 'POST', `/api/payments/${ids.failedF}/write-off`, {
      cookie: s.cookie,
      body: { reason: 'Moved away' },
    });
    expect(off.status, off.text).toBe(201);
  });

  it('Sales: figures by category, equal to the ledger and to revenueIn for the period', async () => {
    const res = await report(s.cookie, 'sales', `period=month&date=${T}`);
    expect(res.status, res.text).toBe(200);
    const values = figureValues(res.body);
    expect(values).toEqual({
      total: '387.00',
      memberships: '197.00',
      packs: '150.00',
      drop_ins: '0.00',
      retail: '20.00',
      fees: '20.00',
      // This studio charges no tax (tax.test.ts and the reconciliation test have taxed sales).
      tax: '0.00',
    });
    expect(figure(res.body, 'total')).toMatchObject({ previous: '0.00' });
    expect(res.body.period.timeZone).toBe(NY);
    expect(res.body.totals).toMatchObject({ total: '387.00', retail: '20.00' });
    const p = res.body.period;
    const start = zonedInstant(p.from, '00:00', NY);
    const end = zonedInstant(addDays(p.to, 1), '00:00', NY);
    expect(await revenueIn(t.deps.database.db, s.org, start, end)).toBe('387.00');
    // The chart: every day of the month, today's bar stacked by category.
    expect(res.body.chart.kind).toBe('stacked-bar');
    expect(res.body.chart.points).toHaveLength(Number(p.to.slice(8)));
    expect(res.body.chart.points.find((x: { bucket: string }) => x.bucket === T)).toEqual({
      bucket: T,
      memberships: '197.00',
      packs: '150.00',
      drop_ins: '0.00',
      retail: '20.00',
      fees: '20.00',
    });
    // The table: one row per day, 10 a page, sortable by total.
    expect(res.body.total).toBe(Number(p.to.slice(8)));
    expect(res.body.rows).toHaveLength(10);
    const top = await report(s.cookie, 'sales', `period=month&date=${T}&sort=total&dir=desc`);
    expect(top.body.rows[0]).toMatchObject({ bucket: T, total: '387.00' });
  });

  it("Sales by week: weeks start on the locale's first day (Sunday en-US, Monday de-DE)", async () => {
    const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
    const setLocale = (locale: string) =>
      t.deps.database.db.update(organizations).set({ locale }).where(eq(organizations.id, s.org));
    const check = async (first: 0 | 1) => {
      const week = await report(s.cookie, 'sales', `period=week&date=${T}`);
      expect(week.status, week.text).toBe(200);
      expect(weekday(week.body.period.from)).toBe(first);
      expect(figure(week.body, 'total')).toMatchObject({ value: '387.00' });
      // A quarter is charted by week: each bucket starts on that day, and the week holding
      // today's sales (its bar) starts on the same day as the Week period.
      const quarter = await report(s.cookie, 'sales', `period=quarter&date=${T}`);
      expect(quarter.status, quarter.text).toBe(200);
      const points = quarter.body.chart.points as Array<{ bucket: string; retail: string }>;
      expect(points.every((p) => weekday(p.bucket) === first)).toBe(true);
      expect(points.find((p) => p.bucket === week.body.period.from)).toMatchObject({
        retail: '20.00',
      });
    };
    await check(0);
    await setLocale('de-DE');
    try {
      await check(1);
    } finally {
      await setLocale('en-US');
    }
  });

  it('Sales breakdown: each dimension adds up to the Sales total', async () => {
    const all: Array<Record<string, string | number>> = [];
    for (const page of [1, 2]) {
      const res = await report(s.cookie, 'sales', `tab=breakdown&date=${T}&page=${page}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(12);
      all.push(...res.body.rows);
      expect(res.body.totals).toMatchObject({ amount: '387.00', count: 6 });
    }
    expect(all).toHaveLength(12);
    const cents = (dimension: string) =>
      all
        .filter((r) => r.dimension === dimension)
        .reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    for (const d of ['Plan', 'Product', 'Staff member', 'Payment method'])
      expect(cents(d), d).toBe(38700);
    const row = (dimension: string, name: string) =>
      all.filter((r) => r.dimension === dimension && r.name === name);
    expect(row('Plan', 'Gold Monthly')).toEqual([
      { dimension: 'Plan', name: 'Gold Monthly', count: 1, amount: '99.00' },
    ]);
    expect(row('Plan', 'Unlimited Monthly').map((r) => r.amount)).toEqual(['49.00', '49.00']);
    expect(row('Plan', 'Not a plan sale')[0]).toMatchObject({ amount: '40.00', count: 2 });
    expect(row('Product', ids.product!)[0]).toMatchObject({ amount: '30.00', count: 1 });
    expect(row('Product', 'Store refunds')[0]).toMatchObject({ amount: '-10.00' });
    expect(row('Product', 'Not a store sale')[0]).toMatchObject({ amount: '367.00', count: 5 });
    expect(row('Staff member', 'Online/automatic')[0]).toMatchObject({
      amount: '49.00',
      count: 1,
    });
    expect(row('Payment method', 'Card')[0]).toMatchObject({ amount: '217.00', count: 4 });
    expect(row('Payment method', 'Cash')[0]).toMatchObject({ amount: '170.00', count: 2 });
    // Within a dimension, by amount (largest first by default), or by name.
    expect(all.slice(0, 5).map((r) => r.amount)).toEqual([
      '150.00',
      '99.00',
      '49.00',
      '49.00',
      '40.00',
    ]);
    const byName = await report(s.cookie, 'sales', `tab=breakdown&date=${T}&sort=name`);
    expect(byName.body.rows[0]).toMatchObject({ dimension: 'Plan', name: '10 Class Pack' });
  });

  it('Transactions: every charge and refund; the Paid total is the Sales total', async () => {
    const res = await report(s.cookie, 'transactions', `date=${T}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.pageSize).toBe(25);
    expect(res.body.total).toBe(11);
    expect(res.body.totals).toEqual({ amount: '387.00' });
    expect(figure(res.body, 'paid')!.value).toBe('387.00');
    const rows = res.body.rows as Array<Record<string, string>>;
    expect(rows.filter((r) => r.status === 'Failed').map((r) => r.amount)).toHaveLength(4);
    expect(rows.filter((r) => r.status === 'Pending')).toHaveLength(0);
    const refund = rows.find((r) => r.amount === '-10.00')!;
    expect(refund).toMatchObject({ method: 'Card', status: 'Paid', member: 'Ada Alpha' });
    // The partly refunded order's charge stays Paid.
    expect(rows.find((r) => r.amount === '30.00')!.status).toBe('Paid');
    // Newest first by default; by member name A→Z on request.
    const times = rows.map((r) => r.occurredAt!);
    expect([...times].sort().reverse()).toEqual(times);
    const byMember = await report(s.cookie, 'transactions', `date=${T}&sort=member`);
    expect(byMember.body.rows[0].member).toBe('Ada Alpha');
  });

  it('Payouts: one demo settlement for the day, charges minus refunds, two days later', async () => {
    const res = await report(s.cookie, 'payouts', `date=${T}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows).toEqual([
      {
        day: T,
        arrives: addDays(T, 2),
        payments: 4,
        charges: '227.00',
        refunds: '-10.00',
        amount: '217.00',
        provider: 'demo',
      },
    ]);
    expect(res.body.notice).toBe(PAYOUTS_DEMO_NOTICE);
    expect(figure(res.body, 'amount')!.value).toBe('217.00');
  });

  it('Scheduled: billing dates and retries of the next 31 days, whatever the period', async () => {
    const db = t.deps.database.db;
    // H cancelled at period end (its end is before its billing date): not billed.
    const h = await membershipRow(db, ids.membershipH!);
    await db.execute(sql`update memberships set cancel_at_period_end = true,
      end_date = ${addDays(h.nextBillingDate!, -1)} where id = ${ids.membershipH!}`);
    // E paused past the window; F paused with its shifted billing date inside it.
    await db.execute(sql`update memberships set status = 'paused',
      next_billing_date = ${addDays(T, 40)} where id = ${ids.membershipE!}`);
    await db.execute(sql`update memberships set status = 'paused',
      next_billing_date = ${addDays(T, 5)} where id = ${ids.membershipF!}`);
    const a = await membershipRow(db, ids.membershipA!);
    const res = await report(s.cookie, 'scheduled', 'period=year&date=2020-01-01');
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows.map((r: Row) => [r.date, r.type, r.amount, r.membershipId])).toEqual([
      [addDays(T, 1), 'Retry', '49.00', ids.membershipG],
      [addDays(T, 5), 'Billing', '49.00', ids.membershipF],
      [a.nextBillingDate, 'Billing', '99.00', ids.membershipA],
    ]);
    expect(figure(res.body, 'count')!.value).toBe(3);
    expect(figure(res.body, 'amount')!.value).toBe('197.00');
    const dearest = await report(s.cookie, 'scheduled', 'sort=amount&dir=desc');
    expect(dearest.body.rows.map((r: { amount: string }) => r.amount)).toEqual([
      '99.00',
      '49.00',
      '49.00',
    ]);
    expect(res.body.chart.points).toHaveLength(31);
    expect(res.body.chart.points[0]).toEqual({ date: T, amount: '0.00' });
    expect(res.body.chart.points[5]).toEqual({ date: addDays(T, 5), amount: '49.00' });
  });
  it('Failed payments: one row per attempt with where it stands now, and the ids to act', async () => {
    const res = await report(s.cookie, 'failed-payments', `date=${T}&sort=member`);
    expect(res.status, res.text).toBe(200);
    const values = figureValues(res.body);
    expect(values).toEqual({
      count: 4,
      failed: '246.00',
      recovered: '49.00',
      writtenOff: '49.00',
    });
    const rows = res.body.rows as Array<Record<string, string | number | null>>;
    const byEntry = (id: string) => rows.find((r) => r.entryId === id)!;
    expect(byEntry(ids.failedE!)).toMatchObject({
      state: 'Paid on a later attempt',
      attempt: 1,
      openEntryId: null,
    });
    expect(byEntry(ids.failedF!)).toMatchObject({ state: 'Written off', openEntryId: null });
    expect(byEntry(ids.failedG!)).toMatchObject({
      state: `Retry scheduled on ${addDays(T, 1)}`,
      openEntryId: ids.failedG,
      membershipId: ids.membershipG,
      amount: '49.00',
    });
    expect(byEntry(ids.failedG!).failure).toMatch(/0002/);
    const declined = rows.find((r) => r.member === 'Dan Delta')!;
    expect(declined).toMatchObject({ state: 'Declined, not owed', amount: '99.00' });
    // The id the row hands the browser is what Write Off takes.
    const off = await call(t.app, 'POST', `/api/payments/${ids.failedG}/write-off`, {
      cookie: s.cookie,
      body: { reason: 'Checked' },
    });
    expect(off.status, off.text).toBe(201);
    const after = await report(s.cookie, 'failed-payments', `date=${T}`);
    expect(after.body.rows.find((r: Row) => r.entryId === ids.failedG).state).toBe('Written off');
    expect(figure(after.body, 'writtenOff')!.value).toBe('98.00');
  });
});

describe('revenue reports by the studio calendar (Asia/Tokyo, backdated ledger rows)', () => {
  const TOKYO = 'Asia/Tokyo';
  let s: { cookie: string; org: string };

  beforeAll(async () => {
    const owner = await createOwner(t.app, 'pro');
    s = { cookie: owner.cookie, org: owner.organization.id };
    const db = t.deps.database.db;
    await setTimeZone(db, s.org, TOKYO);
    const { memberId } = await seedMember(db, s.org, null);
    const row = (at: string, amount: string, i: number) => ({
      organizationId: s.org,
      kind: 'charge' as const,
      purpose: 'fee' as const,
      status: 'paid' as const,
      amount,
      description: `Fee ${i}`,
      memberId,
      idempotencyKey: `test-${i}`,
      method: 'cash' as const,
      provider: 'manual' as const,
      occurredAt: new Date(at),
    });
    const rows = Array.from({ length: 28 }, (_, i) =>
      row(`2026-10-10T03:${String(i).padStart(2, '0')}:00Z`, `${i + 1}.00`, i),
    );
    rows.push(
      row('2026-10-31T14:30:00Z', '100.00', 100), // Oct 31 23:30 in Tokyo: October
      row('2026-09-30T15:00:00Z', '200.00', 101), // Oct 1 00:00 in Tokyo: October
      row('2026-10-31T15:10:00Z', '1000.00', 102), // Nov 1 00:10 in Tokyo: not October
      row('2026-09-30T14:50:00Z', '2000.00', 103), // Sep 30 23:50 in Tokyo: September
    );
    await runInStudio(db, s.org, (tx) => tx.insert(ledgerEntries).values(rows));
  });

  it('counts 23:30 on the last local day and not 00:10 the next; previous period beside', async () => {
    const res = await report(s.cookie, 'sales', 'period=month&date=2026-10-15');
    expect(res.status, res.text).toBe(200);
    expect(figure(res.body, 'total')).toMatchObject({ value: '706.00', previous: '2000.00' });
    expect(figure(res.body, 'fees')).toMatchObject({ value: '706.00', previous: '2000.00' });
    const points = res.body.chart.points as Array<{ bucket: string; fees: string }>;
    expect(points).toHaveLength(31);
    expect(points[0]).toMatchObject({ bucket: '2026-10-01', fees: '200.00' });
    expect(points[9]).toMatchObject({ bucket: '2026-10-10', fees: '406.00' });
    expect(points[30]).toMatchObject({ bucket: '2026-10-31', fees: '100.00' });
    const nov = await report(s.cookie, 'sales', 'period=month&date=2026-11-15');
    expect(figure(nov.body, 'total')).toMatchObject({ value: '1000.00', previous: '706.00' });
    // A year: one bucket a month.
    const year = await report(s.cookie, 'sales', 'period=year&date=2026-05-01');
    expect(year.body.chart.points).toHaveLength(12);
    expect(year.body.rows.map((r: { total: string }) => r.total).slice(8, 10)).toEqual([
      '2000.00',
      '706.00',
    ]);
  });

  it('pages transactions 25 at a time and sorts by date, amount and member', async () => {
    const q = 'period=month&date=2026-10-15';
    const first = await report(s.cookie, 'transactions', q);
    expect(first.body).toMatchObject({ total: 30, pageSize: 25, sort: 'occurredAt', dir: 'desc' });
    expect(first.body.rows).toHaveLength(25);
    expect(first.body.rows[0]).toMatchObject({
      occurredAt: '2026-10-31T14:30:00.000Z',
      amount: '100.00',
      method: 'Cash',
      status: 'Paid',
      item: 'Fee 100',
    });
    expect(first.body.totals).toEqual({ amount: '706.00' });
    const second = await report(s.cookie, 'transactions', `${q}&page=2`);
    expect(second.body.rows).toHaveLength(5);
    expect(second.body.rows.at(-1).occurredAt).toBe('2026-09-30T15:00:00.000Z');
    const cheap = await report(s.cookie, 'transactions', `${q}&sort=amount&page=2`);
    expect(cheap.body.rows.map((r: { amount: string }) => r.amount)).toEqual([
      '26.00',
      '27.00',
      '28.00',
      '100.00',
      '200.00',
    ]);
    const bad = await report(s.cookie, 'transactions', `${q}&sort=item`);
    expect(bad.status).toBe(400);
  });

  it('exports the transactions as CSV with the same rows, and by keyset across batches', async () => {
    const q = 'period=month&date=2026-10-15';
    const res = await call(t.app, 'GET', `/api/reports/transactions/export?${q}`, {
      cookie: s.cookie,
    });
    expect(res.status, res.text).toBe(200);
    const csv = parse(res.text, { columns: true }) as Array<Record<string, string>>;
    expect(csv).toHaveLength(30);
    const pages = [
      ...(await report(s.cookie, 'transactions', q)).body.rows,
      ...(await report(s.cookie, 'transactions', `${q}&page=2`)).body.rows,
    ];
    expect(csv.map((r) => [r.Date, r['Amount (in USD)'], r.Status, r.Item])).toEqual(
      pages.map((r: Record<string, string>) => [r.occurredAt, r.amount, r.status, r.item]),
    );
    // Batches of 7 by keyset (occurred_at, id): the same 30 rows, none twice, none lost.
    for (const dir of ['desc', 'asc'] as const) {
      const period = resolvePeriod({
        locale: 'en-US',
        period: 'month',
        anchor: '2026-10-15',
      }) as ResolvedPeriod;
      const spanOf = (p: ResolvedPeriod) => ({
        ...p,
        start: zonedInstant(p.from, '00:00', TOKYO),
        end: zonedInstant(addDays(p.to, 1), '00:00', TOKYO),
      });
      const got: string[] = [];
      let cursor: string | number | null = null;
      for (let i = 0; i < 10; i += 1) {
        const batch = await runInStudio(t.deps.database.db, s.org, (tx) => {
          const ctx: ReportContext = {
            db: tx,
            organizationId: s.org,
            timeZone: TOKYO,
            currency: 'USD',
            today: '2026-11-23',
            now: new Date(),
            period: spanOf(period),
            previous: spanOf(previousPeriod(period, 'en-US')),
            tab: null,
            sort: { key: 'occurredAt', dir },
          };
          return transactionsReport.exportBatch!(ctx, cursor, 7);
        });
        got.push(...batch.rows.map((r) => String(r.occurredAt)));
        if (batch.next === null) break;
        cursor = batch.next;
      }
      const expected = pages.map((r: Record<string, string>) => r.occurredAt);
      expect(got).toEqual(dir === 'desc' ? expected : [...expected].reverse());
    }
  });

  it('shows no payouts for cash only, with the reason', async () => {
    const res = await report(s.cookie, 'payouts', 'period=month&date=2026-10-15');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ rows: [], total: 0, notice: PAYOUTS_EMPTY_NOTICE });
    expect(figure(res.body, 'amount')!.value).toBe('0.00');
  });
});

describe('a new studio', () => {
  it('gets zeros and no rows, never invented figures', async () => {
    const owner = await createOwner(t.app, 'pro');
    const sales = await report(owner.cookie, 'sales');
    expect(sales.status, sales.text).toBe(200);
    expect(sales.body.figures.every((f: { value: string }) => f.value === '0.00')).toBe(true);
    for (const id of ['transactions', 'payouts', 'failed-payments', 'scheduled']) {
      const res = await report(owner.cookie, id);
      expect(res.status, res.text).toBe(200);
      expect(res.body.rows, id).toEqual([]);
      expect(res.body.total, id).toBe(0);
    }
    const breakdown = await report(owner.cookie, 'sales', 'tab=breakdown');
    expect(breakdown.body).toMatchObject({ rows: [], total: 0 });
  });
});
