import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { householdMembers, households } from '../../db/schema/households.ts';
import { members } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { seedMember, seedMonthlyMembership, setTimeZone } from '../payments/payments-fixtures.ts';

// docs/product/members.md#households, in a non-US studio (Berlin, EUR, de-DE): a payer pays for
// their household by one card charge in the billing run and at the front desk; the reports
// attribute each line's revenue to the member the membership (or sale) belongs to and show the
// payer, and every total still reconciles with the ledger.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ZONE = 'Europe/Berlin';

async function buildStudio() {
  const owner = await createOwner(t.app, 'pro');
  const org = owner.organization.id;
  const db = t.deps.database.db;
  await setTimeZone(db, org, ZONE);
  await db
    .update(organizations)
    .set({ currency: 'EUR', locale: 'de-DE' })
    .where(eq(organizations.id, org));
  const payer = await seedMember(db, org, { lastFour: '4242' });
  const kids = [await seedMember(db, org, null), await seedMember(db, org, null)];
  const [house] = await db
    .insert(households)
    .values({ organizationId: org, name: 'Familie', payerMemberId: payer.memberId })
    .returning({ id: households.id });
  await db.insert(householdMembers).values(
    [payer, ...kids].map((m) => ({
      organizationId: org,
      memberId: m.memberId,
      householdId: house!.id,
    })),
  );
  await seedMonthlyMembership(db, org, payer.memberId, '2026-11-23', '49.00');
  await seedMonthlyMembership(db, org, kids[0]!.memberId, '2026-11-23', '29.00');
  await seedMonthlyMembership(db, org, kids[1]!.memberId, '2026-11-23', '19.50');
  // The run of 23 November, recorded on that day (recordAtNow), in the studio's November.
  await runBilling(t.deps, new Date('2026-11-23T09:00:00Z'), {
    organizationId: org,
    recordAtNow: true,
  });
  const names = new Map(
    (
      await db
        .select({ id: members.id, first: members.firstName, last: members.lastName })
        .from(members)
        .where(eq(members.organizationId, org))
    ).map((m) => [m.id, `${m.first} ${m.last}`]),
  );
  return { owner, org, payer, kids, names };
}

describe('household revenue reconciliation in a EUR studio', () => {
  let s: Awaited<ReturnType<typeof buildStudio>>;
  beforeAll(async () => {
    s = await buildStudio();
  });
  const get = async (id: string, query: string) => {
    const res = await call(t.app, 'GET', `/api/reports/${id}?${query}`, { cookie: s.owner.cookie });
    expect(res.status, `${id}?${query}: ${res.text}`).toBe(200);
    return res.body;
  };
  const figures = (body: { figures: Array<{ key: string; value: unknown }> }) =>
    Object.fromEntries(body.figures.map((f) => [f.key, f.value]));

  it('Sales == Transactions paid == the ledger; each line is its member’s, naming the payer', async () => {
    const q = 'period=month&date=2026-11-15';
    const { rows } = (await t.deps.database.db.execute(sql`
      select coalesce(sum(amount), 0)::numeric(12,2)::text as total from ledger_entries
      where organization_id = ${s.org} and occurred_at >= '2026-10-31T23:00:00Z'
        and occurred_at < '2026-11-30T23:00:00Z'
        and ((kind = 'charge' and status in ('paid', 'refunded')) or kind = 'refund')`)) as unknown as {
      rows: Array<{ total: string }>;
    };
    expect(rows[0]!.total).toBe('97.50');
    const sales = await get('sales', q);
    expect(figures(sales).total).toBe('97.50');
    expect(sales.period).toMatchObject({ timeZone: ZONE });
    const transactions = await get('transactions', q);
    expect(figures(transactions)).toMatchObject({ paid: '97.50', count: 3 });
    const payerName = s.names.get(s.payer.memberId)!;
    const lines = (
      transactions.rows as Array<{ member: string; amount: string; payer: string }>
    ).map((r) => [r.member, r.amount, r.payer]);
    expect(lines.sort()).toEqual(
      [
        [payerName, '49.00', ''],
        [s.names.get(s.kids[0]!.memberId)!, '29.00', payerName],
        [s.names.get(s.kids[1]!.memberId)!, '19.50', payerName],
      ].sort(),
    );
    // The CSV names the currency in the amount's header and carries the payer.
    const csv = await call(t.app, 'GET', `/api/reports/transactions/export?${q}`, {
      cookie: s.owner.cookie,
    });
    expect(csv.status).toBe(200);
    const [header, ...body] = csv.text.trim().split('\n');
    expect(header).toContain('EUR');
    expect(header).toContain('Payer');
    expect(body.filter((l) => l.includes(payerName))).toHaveLength(3);
  });
});
