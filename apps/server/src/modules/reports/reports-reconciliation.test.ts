import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToInstant } from '../../../test/fixtures/zones.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { seedMember, setTimeZone } from '../payments/payments-fixtures.ts';

// docs/product/reports-and-analytics.md#revenue: one ledger, two studios on opposite sides of the
// date line. The SAME instants fall on different local days in Los Angeles (UTC-8 in Jan/Feb)
// and Auckland (UTC+13, daylight time), so each studio's months hold different rows. For each
// studio and month: the Sales total == the Transactions report's Paid total == paid minus
// refunded summed straight from ledger_entries, and every revenue figure equals the values
// worked out by hand below. The ledger is written by SQL with explicit past instants (the API
// records payments at "now" and cannot backdate them).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Kind = 'charge' | 'refund';
interface Entry {
  ref: number;
  at: string;
  kind: Kind;
  status: 'paid' | 'failed' | 'pending' | 'refunded';
  amount: string;
  method: 'card' | 'cash';
  purpose: 'plan' | 'order' | 'fee';
  corrects?: number;
}

/**
 * The ledger both studios get. Local days (LA | Auckland) worked out by hand:
 *  1  2026-01-01T05:00Z  Dec 31 21:00 | Jan 1 18:00
 *  2  2026-01-15T12:00Z  Jan 15 04:00 | Jan 16 01:00
 *  3  2026-01-31T20:00Z  Jan 31 12:00 | Feb 1 09:00
 *  4  2026-02-01T07:30Z  Jan 31 23:30 | Feb 1 20:30   (23:30 on the last day counts in January)
 *  5  2026-02-01T08:10Z  Feb 1 00:10  | Feb 1 21:10   (00:10 the next day does not)
 *  6  2026-02-10T10:00Z  Feb 10       | Feb 10
 *  7  2026-02-14T10:00Z  Feb 14       | Feb 14
 *  8  2026-02-20T00:00Z  Feb 19 16:00 | Feb 20 13:00
 *  9  2026-02-28T11:30Z  Feb 28 03:30 | Mar 1 00:30
 * 10  2026-02-28T10:50Z  Feb 28 02:50 | Feb 28 23:50
 * 11  2026-03-01T08:05Z  Mar 1 00:05  | Mar 1 21:05
 * 12  2026-01-01T08:00Z  Jan 1 00:00  | Jan 1 21:00   (local midnight: the first instant of Jan)
 * 13  2025-12-31T11:00Z  Dec 31 03:00 | Jan 1 00:00
 */
const LEDGER: Entry[] = [
  {
    ref: 1,
    at: '2026-01-01T05:00:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '100.00',
    method: 'card',
    purpose: 'plan',
  },
  {
    ref: 2,
    at: '2026-01-15T12:00:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '50.00',
    method: 'cash',
    purpose: 'order',
  },
  {
    ref: 3,
    at: '2026-01-31T20:00:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '80.00',
    method: 'card',
    purpose: 'plan',
  },
  {
    ref: 4,
    at: '2026-02-01T07:30:00Z',
    kind: 'refund',
    status: 'paid',
    amount: '-30.00',
    method: 'cash',
    purpose: 'order',
    corrects: 2,
  },
  {
    ref: 5,
    at: '2026-02-01T08:10:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '40.00',
    method: 'card',
    purpose: 'fee',
  },
  {
    ref: 6,
    at: '2026-02-10T10:00:00Z',
    kind: 'charge',
    status: 'failed',
    amount: '60.00',
    method: 'card',
    purpose: 'plan',
  },
  {
    ref: 7,
    at: '2026-02-14T10:00:00Z',
    kind: 'charge',
    status: 'pending',
    amount: '25.00',
    method: 'card',
    purpose: 'plan',
  },
  {
    ref: 8,
    at: '2026-02-20T00:00:00Z',
    kind: 'charge',
    status: 'refunded',
    amount: '70.00',
    method: 'card',
    purpose: 'plan',
  },
  {
    ref: 9,
    at: '2026-02-28T11:30:00Z',
    kind: 'refund',
    status: 'paid',
    amount: '-70.00',
    method: 'card',
    purpose: 'plan',
    corrects: 8,
  },
  {
    ref: 10,
    at: '2026-02-28T10:50:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '15.00',
    method: 'cash',
    purpose: 'order',
  },
  {
    ref: 11,
    at: '2026-03-01T08:05:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '20.00',
    method: 'card',
    purpose: 'fee',
  },
  {
    ref: 12,
    at: '2026-01-01T08:00:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '10.00',
    method: 'card',
    purpose: 'fee',
  },
  {
    ref: 13,
    at: '2025-12-31T11:00:00Z',
    kind: 'charge',
    status: 'paid',
    amount: '5.00',
    method: 'card',
    purpose: 'fee',
  },
];

interface Month {
  month: '2026-01' | '2026-02';
  /** Paid (and later refunded) charges minus refunds: the Sales total. */
  sales: string;
  /** Charges and refunds recorded (write-offs none here). */
  transactions: number;
  pending: number;
  failed: number;
  failedAmount: string;
  /** Card charges paid minus card refunds, by the day paid. */
  payouts: string;
  payoutDays: number;
}

const STUDIOS: Array<{ zone: string; months: Month[] }> = [
  {
    zone: 'America/Los_Angeles',
    months: [
      // 2 (50) + 3 (80) + 12 (10) - 4 (30); card: 3 + 12 on Jan 31 and Jan 1.
      {
        month: '2026-01',
        sales: '110.00',
        transactions: 4,
        pending: 0,
        failed: 0,
        failedAmount: '0.00',
        payouts: '90.00',
        payoutDays: 2,
      },
      // 5 (40) + 8 (70) + 10 (15) - 9 (70); card: 5 on Feb 1, 8 on Feb 19, refund 9 on Feb 28.
      {
        month: '2026-02',
        sales: '55.00',
        transactions: 6,
        pending: 1,
        failed: 1,
        failedAmount: '60.00',
        payouts: '40.00',
        payoutDays: 3,
      },
    ],
  },
  {
    zone: 'Pacific/Auckland',
    months: [
      // 1 (100) + 2 (50) + 12 (10) + 13 (5); card: 1, 12, 13 all on Jan 1.
      {
        month: '2026-01',
        sales: '165.00',
        transactions: 4,
        pending: 0,
        failed: 0,
        failedAmount: '0.00',
        payouts: '115.00',
        payoutDays: 1,
      },
      // 3 (80) + 5 (40) + 8 (70) + 10 (15) - 4 (30); refund 9 falls on Mar 1. Card: 3 and 5 on
      // Feb 1, 8 on Feb 20.
      {
        month: '2026-02',
        sales: '175.00',
        transactions: 7,
        pending: 1,
        failed: 1,
        failedAmount: '60.00',
        payouts: '190.00',
        payoutDays: 2,
      },
    ],
  },
];

async function buildStudio(zone: string) {
  const owner = await createOwner(t.app, 'pro');
  const org = owner.organization.id;
  const db = t.deps.database.db;
  await setTimeZone(db, org, zone);
  const member = await seedMember(db, org, null);
  const ids = new Map<number, string>();
  await runInStudio(db, org, async (tx) => {
    // Refunds point at their charge, so charges go first.
    for (const e of [...LEDGER].sort(
      (a, b) => Number(a.kind === 'refund') - Number(b.kind === 'refund'),
    )) {
      const { rows } = (await tx.execute(sql`
        insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
          member_id, corrects_id, idempotency_key, method, provider, failure_code, occurred_at, created_at)
        values (${org}, ${e.kind}, ${e.purpose}, ${e.status}, ${e.amount}, ${`Entry ${e.ref}`},
          ${member.memberId}, ${e.corrects ? ids.get(e.corrects)! : null}, ${`recon:${e.ref}`}, ${e.method},
          ${e.method === 'card' ? 'demo' : 'manual'}, ${e.status === 'failed' ? 'card_declined' : null},
          ${e.at}, ${e.at})
        returning id`)) as unknown as { rows: Array<{ id: string }> };
      ids.set(e.ref, rows[0]!.id);
    }
  });
  return { cookie: owner.cookie, org };
}

/** Paid minus refunded, straight from the ledger, between the month's local midnights. */
async function ledgerSales(org: string, zone: string, month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(localToInstant(zone, Date.UTC(y, m - 1, 1))).toISOString();
  const end = new Date(localToInstant(zone, Date.UTC(y, m, 1))).toISOString();
  const { rows } = (await t.deps.database.db.execute(sql`
    select coalesce(sum(amount), 0)::numeric(12,2)::text as total from ledger_entries
    where organization_id = ${org} and occurred_at >= ${start} and occurred_at < ${end}
      and ((kind = 'charge' and status in ('paid', 'refunded')) or kind = 'refund')`)) as unknown as {
    rows: Array<{ total: string }>;
  };
  return rows[0]!.total;
}

const figures = (body: { figures: Array<{ key: string; value: unknown }> }) =>
  Object.fromEntries(body.figures.map((f) => [f.key, f.value]));

for (const studio of STUDIOS)
  describe(`revenue reconciliation in ${studio.zone}`, () => {
    let s: { cookie: string; org: string };
    beforeAll(async () => {
      s = await buildStudio(studio.zone);
    });
    const get = async (id: string, query: string) => {
      const res = await call(t.app, 'GET', `/api/reports/${id}?${query}`, { cookie: s.cookie });
      expect(res.status, `${id}?${query}: ${res.text}`).toBe(200);
      return res.body;
    };

    for (const m of studio.months)
      it(`${m.month}: Sales == Transactions' Paid == ledger paid minus refunded == ${m.sales}`, async () => {
        const q = `period=month&date=${m.month}-15`;
        expect(await ledgerSales(s.org, studio.zone, m.month)).toBe(m.sales);
        const sales = await get('sales', q);
        expect(sales.period).toMatchObject({ from: `${m.month}-01`, timeZone: studio.zone });
        expect(figures(sales).total).toBe(m.sales);
        const breakdown = await get('sales', `${q}&tab=breakdown`);
        expect(figures(breakdown).total).toBe(m.sales);
        expect(breakdown.totals.amount).toBe(m.sales);
        const transactions = await get('transactions', q);
        expect(figures(transactions)).toMatchObject({
          paid: m.sales,
          count: m.transactions,
          pending: m.pending,
          failed: m.failed,
        });
        expect(transactions.totals.amount).toBe(m.sales);
        expect(transactions.total).toBe(m.transactions);
        // The rows' Paid amounts add up to the same total (cents, no floats).
        const cents = (transactions.rows as Array<{ amount: string; status: string }>)
          .filter((r) => r.status === 'Paid')
          .reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
        expect((cents / 100).toFixed(2)).toBe(m.sales);
      });

    for (const m of studio.months)
      it(`${m.month}: failed payments and payouts as worked out by hand`, async () => {
        const q = `period=month&date=${m.month}-15`;
        const failed = await get('failed-payments', q);
        expect(figures(failed)).toMatchObject({ count: m.failed, failed: m.failedAmount });
        expect(failed.total).toBe(m.failed);
        const payouts = await get('payouts', q);
        expect(figures(payouts)).toMatchObject({ amount: m.payouts, payouts: m.payoutDays });
      });
  });
