import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInStudio } from '../../context/run-in-studio.ts';
import { ledgerEntries } from '../../db/schema/money.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { membershipRow, seedMember, seedMonthlyMembership } from './payments-fixtures.ts';
import { balanceOwed, monthlyRevenue, recordDue } from './payments.service.ts';
import { demoProvider } from './providers/demo-provider.ts';

// docs/product/money-and-store.md#ledger: every money movement is an immutable row; refunds and
// write-offs are new rows; every figure the ledger feeds reconciles with its sum.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function studio() {
  const owner = await createOwner(t.app, 'pro');
  return { cookie: owner.cookie, org: owner.organization.id, userId: owner.userId };
}

const pay = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/payments', { cookie, body });

async function ledgerCount(org: string) {
  const [row] = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, org));
  return row!.n;
}

describe('POST /api/payments', () => {
  it('records cash as paid by the person who took it, and charges the card on file', async () => {
    const s = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const cash = await pay(s.cookie, {
      memberId,
      amount: '20',
      description: 'Drop-in',
      method: 'cash',
    });
    expect(cash.status, cash.text).toBe(201);
    expect(cash.body).toMatchObject({
      kind: 'charge',
      purpose: 'fee',
      status: 'paid',
      amount: '20.00',
      method: 'cash',
      provider: 'manual',
      refundedAmount: '0.00',
      isOpenDue: false,
      paymentMethodLabel: null,
    });
    expect(cash.body.recordedByName).toBeTruthy();
    const card = await pay(s.cookie, {
      memberId,
      amount: '15.50',
      description: 'Towel',
      method: 'card',
    });
    expect(card.status, card.text).toBe(201);
    expect(card.body).toMatchObject({
      status: 'paid',
      provider: 'demo',
      paymentMethodLabel: 'Visa •••• 4242',
    });
  });

  it('keeps a declined card on record and answers with the reason', async () => {
    const s = await studio();
    const declined = await seedMember(t.deps.database.db, s.org, { lastFour: '0002' });
    const broke = await seedMember(t.deps.database.db, s.org, { lastFour: '9995' });
    const res = await pay(s.cookie, {
      memberId: declined.memberId,
      amount: '30',
      description: 'PT',
      method: 'card',
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'card_declined',
      message: 'The card ending 0002 was declined. Ask the member for another card or take cash.',
    });
    const funds = await pay(s.cookie, {
      memberId: broke.memberId,
      amount: '30',
      description: 'PT',
      method: 'card',
    });
    expect(funds.body.error.code).toBe('insufficient_funds');
    const list = await call(t.app, 'GET', '/api/payments?status=failed', { cookie: s.cookie });
    expect(list.body.entries).toHaveLength(2);
    // A declined sale is not owed.
    expect(list.body.entries.every((e: { isOpenDue: boolean }) => !e.isOpenDue)).toBe(true);
  });

  it('refuses bad amounts, no card and an expired card with nothing written', async () => {
    const s = await studio();
    const none = await seedMember(t.deps.database.db, s.org, null);
    const old = await seedMember(t.deps.database.db, s.org, {
      lastFour: '4242',
      expYear: 2025,
      expMonth: 3,
    });
    const base = { memberId: none.memberId, description: 'Fee', method: 'cash' };
    for (const amount of ['-5', '0', '100000.01', '1.234', 'abc']) {
      const res = await pay(s.cookie, { ...base, amount });
      expect(res.status, `${amount}: ${res.text}`).toBe(400);
      expect(res.body.error.fields.amount).toBeTruthy();
    }
    const noCard = await pay(s.cookie, { ...base, amount: '10', method: 'card' });
    expect(noCard.status).toBe(409);
    expect(noCard.body.error.code).toBe('no_payment_method');
    const expired = await pay(s.cookie, {
      ...base,
      memberId: old.memberId,
      amount: '10',
      method: 'card',
    });
    expect(expired.status).toBe(409);
    expect(expired.body.error).toMatchObject({
      code: 'card_expired',
      message: expect.stringContaining('The card ending 4242 expired in 03/2025'),
    });
    expect(await ledgerCount(s.org)).toBe(0);
  });
});

describe('refunds', () => {
  it('refunds in parts, never more than was paid; trainers cannot refund', async () => {
    const s = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const charge = (
      await pay(s.cookie, { memberId, amount: '49.00', description: 'Gear', method: 'card' })
    ).body;
    const refund = (body: Record<string, unknown>, cookie = s.cookie) =>
      call(t.app, 'POST', `/api/payments/${charge.id}/refund`, { cookie, body });
    const trainer = await personWithRole(t, s.org, 'trainer');
    expect((await refund({ amount: '1', reason: 'x' }, trainer.cookie)).status).toBe(403);

    const first = await refund({ amount: '10', reason: 'Wrong size' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      kind: 'refund',
      amount: '-10.00',
      correctsId: charge.id,
      reason: 'Wrong size',
    });
    const tooMuch = await refund({ amount: '39.01', reason: 'x' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({
      code: 'refund_exceeds_paid',
      message: 'You can refund at most $39.00 of this payment.',
    });
    const rest = await refund({ reason: 'Returned' });
    expect(rest.body.amount).toBe('-39.00');
    const list = await call(t.app, 'GET', `/api/members/${memberId}/payments`, {
      cookie: s.cookie,
    });
    const original = list.body.entries.find((e: { id: string }) => e.id === charge.id);
    expect(original).toMatchObject({ status: 'refunded', refundedAmount: '49.00' });
    expect((await refund({ amount: '1', reason: 'x' })).body.error.code).toBe(
      'refund_exceeds_paid',
    );
  });
});

describe('open dues: Retry and Write Off', () => {
  it('collects a recorded due in cash, and counts it in the balance owed until then', async () => {
    const s = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const scope = { organizationId: s.org, userId: s.userId };
    const { entryId } = await runInStudio(t.deps.database.db, s.org, (tx, work) =>
      recordDue(
        tx,
        { ...scope, work },
        {
          memberId,
          amount: '15.00',
          purpose: 'fee',
          description: 'Late cancel fee',
        },
      ),
    );
    expect(await balanceOwed(t.deps.database.db, s.org, memberId)).toBe('15.00');
    const retry = await call(t.app, 'POST', `/api/payments/${entryId}/retry`, {
      cookie: s.cookie,
      body: { method: 'cash' },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({
      id: entryId,
      status: 'paid',
      method: 'cash',
      isOpenDue: false,
    });
    expect(await balanceOwed(t.deps.database.db, s.org, memberId)).toBe('0.00');
    const again = await call(t.app, 'POST', `/api/payments/${entryId}/retry`, { cookie: s.cookie });
    expect(again.status).toBe(409);
  });

  it('retries a failed billing charge on a new card, and writes off another', async () => {
    const s = await studio();
    const db = t.deps.database.db;
    const a = await seedMember(db, s.org, { lastFour: '0002' });
    const b = await seedMember(db, s.org, { lastFour: '9995' });
    const ma = await seedMonthlyMembership(db, s.org, a.memberId, '2026-11-23');
    const mb = await seedMonthlyMembership(db, s.org, b.memberId, '2026-11-23');
    await runBilling(t.deps, new Date('2026-11-23T12:00:00Z'), { organizationId: s.org });
    const failed = (await call(t.app, 'GET', '/api/payments?status=failed', { cookie: s.cookie }))
      .body.entries;
    expect(failed).toHaveLength(2);
    expect(failed.every((e: { isOpenDue: boolean }) => e.isOpenDue)).toBe(true);
    expect(await balanceOwed(db, s.org, a.memberId)).toBe('49.00');
    const dueA = failed.find((e: { membershipId: string }) => e.membershipId === ma);

    // Still the declined card: a second failed attempt, still owed once.
    const declined = await call(t.app, 'POST', `/api/payments/${dueA.id}/retry`, {
      cookie: s.cookie,
    });
    expect(declined.status).toBe(409);
    expect(declined.body.error.code).toBe('card_declined');
    expect(await balanceOwed(db, s.org, a.memberId)).toBe('49.00');
    // The automatic retry the next day fails too: still one due, owed once.
    await runBilling(t.deps, new Date('2026-11-24T12:00:00Z'), { organizationId: s.org });
    expect(await balanceOwed(db, s.org, a.memberId)).toBe('49.00');
    const latest = (
      await call(t.app, 'GET', `/api/members/${a.memberId}/payments`, { cookie: s.cookie })
    ).body.entries[0];
    expect(latest).toMatchObject({ status: 'failed', isOpenDue: true });
    expect((await membershipRow(db, ma)).failedAttempts).toBe(2);
    // A new card pays it and the membership moves to its next period.
    const good = await seedMember(db, s.org, { lastFour: '4242' });
    await db.execute(
      sql`update member_payment_methods set member_id = ${a.memberId}, is_default = false where id = ${good.cardId}`,
    );
    const paid = await call(t.app, 'POST', `/api/payments/${latest.id}/retry`, {
      cookie: s.cookie,
      body: { paymentMethodId: good.cardId },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', attempt: 3 });
    expect(await balanceOwed(db, s.org, a.memberId)).toBe('0.00');
    expect(await membershipRow(db, ma)).toMatchObject({
      nextBillingDate: '2026-12-23',
      failedAttempts: 0,
    });

    // B's first attempt was retried automatically: only the latest attempt is open.
    const bEntries = (
      await call(t.app, 'GET', `/api/members/${b.memberId}/payments`, { cookie: s.cookie })
    ).body.entries;
    expect(bEntries.map((e: { isOpenDue: boolean }) => e.isOpenDue)).toEqual([true, false]);
    const dueB = bEntries[0];
    const trainer = await personWithRole(t, s.org, 'trainer');
    const path = `/api/payments/${dueB.id}/write-off`;
    expect(
      (await call(t.app, 'POST', path, { cookie: trainer.cookie, body: { reason: 'x' } })).status,
    ).toBe(403);
    const off = await call(t.app, 'POST', path, {
      cookie: s.cookie,
      body: { reason: 'Moved away' },
    });
    expect(off.status, off.text).toBe(201);
    expect(off.body).toMatchObject({ kind: 'write_off', amount: '49.00', correctsId: dueB.id });
    expect(await balanceOwed(db, s.org, b.memberId)).toBe('0.00');
    expect((await membershipRow(db, mb)).nextBillingDate).toBe('2026-12-23');
    expect(
      (await call(t.app, 'POST', path, { cookie: s.cookie, body: { reason: 'again' } })).status,
    ).toBe(409);
  });
});

describe('Monthly Revenue', () => {
  it('reconciles: the ledger sum = monthlyRevenue = /api/payments/summary = both dashboards', async () => {
    const s = await studio();
    const db = t.deps.database.db;
    const { memberId } = await seedMember(db, s.org);
    const declined = await seedMember(db, s.org, { lastFour: '0002' });
    const charge = (
      await pay(s.cookie, { memberId, amount: '100.10', description: 'A', method: 'card' })
    ).body;
    await pay(s.cookie, { memberId, amount: '0.20', description: 'B', method: 'cash' });
    await pay(s.cookie, {
      memberId: declined.memberId,
      amount: '70',
      description: 'C',
      method: 'card',
    });
    await call(t.app, 'POST', `/api/payments/${charge.id}/refund`, {
      cookie: s.cookie,
      body: { amount: '0.30', reason: 'Price match' },
    });
    // An older payment (written directly with its date) is not this month's revenue.
    await db.insert(ledgerEntries).values({
      organizationId: s.org,
      kind: 'charge',
      purpose: 'fee',
      status: 'paid',
      amount: '5.00',
      description: 'Old',
      memberId,
      idempotencyKey: 'old-payment',
      method: 'cash',
      provider: 'manual',
      occurredAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const [sum] = await db
      .select({ total: sql<string>`sum(amount)::numeric(12,2)::text` })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.organizationId} = ${s.org} and ${ledgerEntries.status} in ('paid', 'refunded')
            and ${ledgerEntries.kind} in ('charge', 'refund') and ${ledgerEntries.description} <> 'Old'`,
      );
    expect(sum!.total).toBe('100.00');
    expect((await monthlyRevenue(db, s.org)).monthlyRevenue).toBe('100.00');
    const summary = await call(t.app, 'GET', '/api/payments/summary', { cookie: s.cookie });
    expect(summary.body).toMatchObject({ monthlyRevenue: '100.00', timeZone: 'UTC' });
    // A studio created this month has no previous period to compare with.
    expect(summary.body.previousMonthToDate).toBeNull();
    const home = await call(t.app, 'GET', '/api/dashboard/home', { cookie: s.cookie });
    expect(home.body.monthlyRevenue).toBe('100.00');
    const plan = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: s.cookie });
    expect(plan.body.monthlyRevenue).toEqual({ current: '100.00', previous: null });
  });

  it("counts the studio's calendar month: Auckland's November starts on Oct 31 UTC", async () => {
    const s = await studio();
    const db = t.deps.database.db;
    await db.execute(
      sql`update organizations set timezone = 'Pacific/Auckland' where id = ${s.org}`,
    );
    const { memberId } = await seedMember(db, s.org);
    const row = (occurredAt: string, amount: string, key: string) => ({
      organizationId: s.org,
      kind: 'charge' as const,
      purpose: 'fee' as const,
      status: 'paid' as const,
      amount,
      description: key,
      memberId,
      idempotencyKey: key,
      method: 'cash' as const,
      provider: 'manual' as const,
      occurredAt: new Date(occurredAt),
    });
    await db.insert(ledgerEntries).values([
      // Nov 1 00:30 in Auckland (NZDT, +13): November there.
      row('2026-10-31T11:30:00Z', '3.00', 'a'),
      // Oct 31 23:30 in Auckland: October.
      row('2026-10-31T10:30:00Z', '5.00', 'b'),
    ]);
    const revenue = await monthlyRevenue(db, s.org, new Date('2026-11-23T12:00:00Z'));
    expect(revenue).toMatchObject({
      monthlyRevenue: '3.00',
      month: '2026-11',
      timeZone: 'Pacific/Auckland',
    });
  });
});

describe('the demo processor', () => {
  it('answers a repeated idempotency key with its first answer and charges once', async () => {
    const s = await studio();
    const card = {
      lastFour: '9995',
      brand: 'visa',
      expMonth: 12,
      expYear: 2030,
      providerReference: 'pm_demo_x',
    };
    const request = {
      idempotencyKey: 'key-1',
      amount: '12.00',
      card,
      description: 'Test',
      organizationId: s.org,
    };
    const [first, again] = await runInStudio(t.deps.database.db, s.org, async (tx) => [
      await demoProvider.charge(tx, request),
      // Even a different card under the same key: the processor already answered it.
      await demoProvider.charge(tx, { ...request, card: { ...card, lastFour: '4242' } }),
    ]);
    expect(first).toMatchObject({ approved: false, failureCode: 'insufficient_funds' });
    expect(again).toEqual(first);
    const approved = await runInStudio(t.deps.database.db, s.org, (tx) =>
      demoProvider.charge(tx, {
        ...request,
        idempotencyKey: 'key-2',
        card: { ...card, lastFour: '4242' },
      }),
    );
    expect(approved).toMatchObject({ approved: true, failureCode: null });
    expect(approved.reference).toMatch(/^ch_demo_/);
  });
});
