import { addDays, localDateOf } from '@fitbase/domain/recurrence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { addProduct, sell } from '../../../test/fixtures/store.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { seedMember, seedMonthlyMembership, setTimeZone } from '../payments/payments-fixtures.ts';
import { sqlRows } from '../../../test/sql-rows.ts';
import { runSalesSummaryCompaction } from './sales-summary-jobs.service.ts';

// docs/product/reports-and-analytics.md#speed: the daily sales summary the Sales report and the
// revenue analytics read must say what the ledger says, after every kind of ledger write, merged
// or not, and after the studio's time zone changes.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Sums = { day: string; category: string; plan_id: string | null; method: string };

/** The studio's sales per local day and key, summed straight from the ledger. */
const fromLedger = (org: string) =>
  sqlRows<Sums>(
    t.deps.database.db,
    sql`select (le.occurred_at at time zone o.timezone)::date::text as day, le.sales_category as category,
      le.sales_plan_id::text as plan_id, le.method, le.provider, le.recorded_by,
      count(*) filter (where le.kind = 'charge')::int as charges,
      sum(le.amount)::numeric(12,2)::text as amount,
      coalesce(sum(le.amount) filter (where le.kind = 'refund'), 0)::numeric(12,2)::text as refunds
    from ledger_entries le join organizations o on o.id = le.organization_id
    where le.organization_id = ${org} and le.kind in ('charge', 'refund')
      and le.status in ('paid', 'refunded')
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
  );

/** The same from the summary. */
const fromSummary = (org: string) =>
  sqlRows<Sums>(
    t.deps.database.db,
    sql`select day::text, category, plan_id::text, method, provider, recorded_by,
      sum(charges)::int as charges,
      sum(amount)::numeric(12,2)::text as amount, sum(refunds)::numeric(12,2)::text as refunds
    from sales_daily where organization_id = ${org}
    group by 1, 2, 3, 4, 5, 6
    having sum(charges) <> 0 or sum(amount) <> 0 or sum(refunds) <> 0
    order by 1, 2, 3, 4, 5, 6`,
  );

const summaryRows = async (org: string) =>
  (
    await sqlRows<{ n: number; unmerged: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n, (count(*) filter (where not compacted))::int as unmerged
      from sales_daily where organization_id = ${org}`,
    )
  )[0]!;

describe('the daily sales summary', () => {
  const NY = 'America/New_York';
  let s: { cookie: string; org: string };
  let backdated: string;

  beforeAll(async () => {
    const owner = await createOwner(t.app, 'pro');
    s = { cookie: owner.cookie, org: owner.organization.id };
    const db = t.deps.database.db;
    await setTimeZone(db, s.org, NY);
    const today = localDateOf(new Date(), NY);
    // Retail by cash and card, one order refunded in part.
    const member = await addMember(t, s.cookie, { firstName: 'Sam', lastName: 'Summary' });
    const card = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard({ cardLastFour: '4242', isDefault: true }),
    });
    expect(card.status, card.text).toBe(201);
    const bar = await addProduct(t, s.cookie, { price: '4.00', initialStock: 20 });
    for (const method of ['cash', 'card', 'cash'] as const) {
      const order = await sell(t, s.cookie, {
        memberId: member.id,
        method,
        lines: [{ productId: bar.id, quantity: 2 }],
      });
      expect(order.status, order.text).toBe(201);
      if (method === 'card') {
        const refund = await call(t.app, 'POST', `/api/orders/${order.body.id}/refund`, {
          cookie: s.cookie,
          body: { lines: [{ lineId: order.body.lines[0].id, quantity: 1 }], reason: 'Damaged' },
        });
        expect(refund.status, refund.text).toBe(200);
      }
    }
    // A fee staff took, refunded in part.
    const fee = await call(t.app, 'POST', '/api/payments', {
      cookie: s.cookie,
      body: { memberId: member.id, amount: '25', description: 'Late cancel fee', method: 'cash' },
    });
    expect(fee.status, fee.text).toBe(201);
    const refund = await call(t.app, 'POST', `/api/payments/${fee.body.id}/refund`, {
      cookie: s.cookie,
      body: { amount: '5', reason: 'Goodwill' },
    });
    expect(refund.status, refund.text).toBe(201);
    // The billing run: one card pays, one declines (a failed charge is not a sale).
    const payer = await seedMember(db, s.org, { lastFour: '4242' });
    const decliner = await seedMember(db, s.org, { lastFour: '0002' });
    await seedMonthlyMembership(db, s.org, payer.memberId, today, '59.00');
    await seedMonthlyMembership(db, s.org, decliner.memberId, today, '59.00');
    expect(await runBilling(t.deps, new Date(), { organizationId: s.org })).toMatchObject({
      paid: 1,
      failed: 1,
    });
    // A sale at 03:30 UTC three days ago: the evening before in New York, that day in UTC.
    const at = new Date(`${addDays(localDateOf(new Date(), 'UTC'), -3)}T03:30:00Z`);
    const [row] = await sqlRows<{ id: string }>(
      db,
      sql`insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
          member_id, idempotency_key, method, provider, occurred_at)
        values (${s.org}, 'charge', 'fee', 'paid', 12.00, 'Towel fee', ${member.id},
          ${`test:towel:${s.org}`}, 'cash', 'manual', ${at.toISOString()}::timestamptz)
        returning id`,
    );
    backdated = row!.id;
  });

  it('says what the ledger says after sales, refunds and a billing run, merged or not', async () => {
    const ledger = await fromLedger(s.org);
    expect(ledger.map((r) => r.category).sort()).toEqual(
      expect.arrayContaining(['fees', 'memberships', 'retail']),
    );
    expect(await fromSummary(s.org)).toEqual(ledger);
    const before = await summaryRows(s.org);
    expect(before.unmerged).toBeGreaterThan(0);

    // Merging leaves one row per day and key, and the same sums; a second run finds nothing.
    expect(await runSalesSummaryCompaction(t.deps)).toBeGreaterThanOrEqual(before.unmerged);
    expect(await summaryRows(s.org)).toEqual({ n: ledger.length, unmerged: 0 });
    expect(await fromSummary(s.org)).toEqual(ledger);
    expect(await runSalesSummaryCompaction(t.deps)).toBe(0);
  });

  it('keeps a refund in its charge category and follows a cleared staff member', async () => {
    const refunds = await sqlRows<{ refund: string; charge: string }>(
      t.deps.database.db,
      sql`select r.sales_category as refund, c.sales_category as charge
      from ledger_entries r join ledger_entries c on c.id = r.corrects_id
      where r.organization_id = ${s.org} and r.kind = 'refund'`,
    );
    expect(refunds.length).toBe(2);
    for (const r of refunds) expect(r.refund).toBe(r.charge);
    // What a deleted user leaves (the ledger's recorded_by set to null): the staff row moves.
    await t.deps.database.db.execute(
      sql`update ledger_entries set recorded_by = null
        where organization_id = ${s.org} and purpose = 'order' and method = 'cash'`,
    );
    expect(await fromSummary(s.org)).toEqual(await fromLedger(s.org));
  });

  it('moves the days when the studio changes its time zone', async () => {
    const dayOf = async () =>
      (
        await sqlRows<{ day: string }>(
          t.deps.database.db,
          sql`select d.day::text from sales_daily d
          where d.organization_id = ${s.org} and d.category = 'fees' and d.amount = 12.00`,
        )
      ).map((r) => r.day);
    const utcDay = addDays(localDateOf(new Date(), 'UTC'), -3);
    expect(await dayOf()).toEqual([addDays(utcDay, -1)]);
    const saved = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: s.cookie,
      body: { timezone: 'UTC' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await dayOf()).toEqual([utcDay]);
    expect(await fromSummary(s.org)).toEqual(await fromLedger(s.org));

    // The Sales report of that UTC day shows the towel fee.
    const res = await call(
      t.app,
      'GET',
      `/api/reports/sales?period=custom&from=${utcDay}&to=${utcDay}`,
      { cookie: s.cookie },
    );
    expect(res.status, res.text).toBe(200);
    const fees = (res.body.figures as Array<{ key: string; value: string }>).find(
      (f) => f.key === 'fees',
    );
    expect(fees?.value).toBe('12.00');
    expect(backdated).toBeTruthy();
  });
});
