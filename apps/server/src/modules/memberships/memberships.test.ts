import { addBillingPeriods, minimumTermEnd, describeDate } from '@fitbase/domain/membership-rules';
import { addDays, localDateOf } from '@fitbase/domain/recurrence';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { addDiscount } from '../../../test/fixtures/store.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { memberPaymentMethods, members } from '../../db/schema/members.ts';
import { ledgerEntries, memberships } from '../../db/schema/money.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { runMembershipLifecycle } from './memberships-jobs.service.ts';
import { advanceBillingPeriod, recordBillingFailure } from './memberships.service.ts';

// docs/product/money-and-store.md#plans-and-memberships (the test studio's zone is UTC)

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
const today = () => localDateOf(new Date(), 'UTC');

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

async function plan(body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/plans', { cookie: owner.cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}
const monthlyPlan = (extra: Record<string, unknown> = {}) =>
  plan({
    name: 'Unlimited Monthly',
    kind: 'membership',
    price: '99.00',
    billingInterval: 'month',
    ...extra,
  });
const packPlan = (extra: Record<string, unknown> = {}) =>
  plan({
    name: '10 Class Pack',
    kind: 'class_pack',
    price: '150.00',
    credits: 10,
    validityDays: 90,
    ...extra,
  });

const sell = (memberId: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/members/${memberId}/memberships`, { cookie: owner.cookie, body });
const act = (id: string, action: string, body?: unknown) =>
  call(t.app, 'POST', `/api/memberships/${id}/${action}`, { cookie: owner.cookie, body });

async function addCard(memberId: string, lastFour: string) {
  const res = await call(t.app, 'POST', `/api/members/${memberId}/payment-methods`, {
    cookie: owner.cookie,
    body: validCard({ cardLastFour: lastFour, isDefault: true }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const ledgerOf = (memberId: string) =>
  t.deps.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.memberId, memberId))
    .orderBy(ledgerEntries.createdAt);
const membershipsOf = (memberId: string) =>
  t.deps.database.db.select().from(memberships).where(eq(memberships.memberId, memberId));
async function memberRow(id: string) {
  const [row] = await t.deps.database.db.select().from(members).where(eq(members.id, id));
  return row!;
}

describe('selling a plan', () => {
  it('sells a class pack for cash: paid ledger row, credits, and the member becomes active', async () => {
    const pack = await packPlan();
    const member = await addMember(t, owner.cookie, { membershipStatus: undefined });
    const res = await sell(member.id, { planId: pack.id, method: 'cash' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      status: 'active',
      price: '150.00',
      startDate: today(),
      endDate: addDays(today(), 89),
      nextBillingDate: null,
      creditsRemaining: 10,
      amountDue: '0.00',
      plan: { name: '10 Class Pack', kind: 'class_pack' },
    });
    const ledger = await ledgerOf(member.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'charge',
      purpose: 'plan',
      status: 'paid',
      amount: '150.00',
      method: 'cash',
      provider: 'manual',
      membershipId: res.body.id,
      recordedBy: owner.userId,
    });
    expect(await memberRow(member.id)).toMatchObject({
      membershipStatus: 'active',
      membershipType: '10 Class Pack',
      membershipStartDate: today(),
      membershipEndDate: addDays(today(), 89),
    });
    const list = await call(t.app, 'GET', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ balanceOwed: '0.00' });
    expect(list.body.memberships.map((m: { id: string }) => m.id)).toEqual([res.body.id]);
  });

  it('charges the card on file: first period and sign-up fee as two rows', async () => {
    const monthly = await monthlyPlan({ signupFee: '25.00' });
    const member = await addMember(t, owner.cookie);
    await addCard(member.id, '4242');
    const res = await sell(member.id, { planId: monthly.id, method: 'card' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.nextBillingDate).toBe(addBillingPeriods(today(), 'month', 1));
    const ledger = await ledgerOf(member.id);
    expect(ledger.map((r) => [r.purpose, r.amount, r.status, r.method, r.provider])).toEqual([
      ['plan', '99.00', 'paid', 'card', 'demo'],
      ['signup_fee', '25.00', 'paid', 'card', 'demo'],
    ]);
  });

  it('a declined card (0002) keeps the failed payment and writes no membership', async () => {
    const monthly = await monthlyPlan();
    const member = await addMember(t, owner.cookie);
    await addCard(member.id, '0002');
    const res = await sell(member.id, { planId: monthly.id, method: 'card' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('card_declined');
    expect(res.body.error.message).toMatch(/0002/);
    expect(await membershipsOf(member.id)).toEqual([]);
    const ledger = await ledgerOf(member.id);
    expect(ledger.map((r) => [r.status, r.amount, r.failureCode])).toEqual([
      ['failed', '99.00', 'card_declined'],
    ]);
    expect((await memberRow(member.id)).membershipType).toBeNull();
    // A sale that did not happen is not a debt.
    const list = await call(t.app, 'GET', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
    });
    expect(list.body).toEqual({ memberships: [], balanceOwed: '0.00' });
  });

  it('refuses an expired card, an unknown or inactive plan and no card, writing nothing', async () => {
    const monthly = await monthlyPlan();
    const member = await addMember(t, owner.cookie);
    const none = await sell(member.id, { planId: monthly.id, method: 'card' });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('no_payment_method');
    await t.deps.database.db.insert(memberPaymentMethods).values({
      organizationId: owner.organization.id,
      memberId: member.id,
      cardLastFour: '4242',
      cardBrand: 'visa',
      cardExpMonth: 1,
      cardExpYear: 2020,
      billingName: 'Alex Tester',
      isDefault: true,
      stripePaymentMethodId: 'demo_expired',
    });
    const expired = await sell(member.id, { planId: monthly.id, method: 'card' });
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe('card_expired');
    const unknown = await sell(member.id, {
      planId: '00000000-0000-4000-8000-000000000000',
      method: 'cash',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.planId).toBe('Choose a plan');
    await call(t.app, 'PATCH', `/api/plans/${monthly.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    const inactive = await sell(member.id, { planId: monthly.id, method: 'cash' });
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.code).toBe('plan_inactive');
    expect(await membershipsOf(member.id)).toEqual([]);
    expect(await ledgerOf(member.id)).toEqual([]);
  });

  it('applies a discount code to the price and counts its use', async () => {
    const monthly = await monthlyPlan();
    const code = await addDiscount(t, owner.cookie, { kind: 'percent', value: '10' });
    const member = await addMember(t, owner.cookie);
    const res = await sell(member.id, {
      planId: monthly.id,
      method: 'cash',
      discountCode: code.code,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.price).toBe('89.10');
    expect((await ledgerOf(member.id)).map((r) => r.amount)).toEqual(['89.10']);
    const discounts = await call(t.app, 'GET', '/api/discounts', { cookie: owner.cookie });
    const used = discounts.body.discounts.find((d: { id: string }) => d.id === code.id);
    expect(used.timesUsed).toBe(1);
  });

  it('sells the add-member wizard plan with the new member, in one go', async () => {
    const pack = await packPlan();
    const res = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: {
        firstName: 'Wiz',
        lastName: 'Ard',
        email: `wizard-${Date.now()}@example.com`,
        plan: { planId: pack.id, method: 'cash' },
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ membershipStatus: 'active', membershipType: '10 Class Pack' });
    expect(await membershipsOf(res.body.id)).toHaveLength(1);
    const card = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: {
        firstName: 'No',
        lastName: 'Card',
        email: `nocard-${Date.now()}@example.com`,
        plan: { planId: pack.id, method: 'card' },
      },
    });
    expect(card.status).toBe(400);
  });
});

describe('pause, resume, cancel, renew', () => {
  it('pauses from today: next billing moves by the paused days; resume early gives unused days back', async () => {
    const monthly = await monthlyPlan();
    const member = await addMember(t, owner.cookie);
    const sold = await sell(member.id, { planId: monthly.id, method: 'cash' });
    const next = sold.body.nextBillingDate as string;
    for (const [resumesOn, message] of [
      [today(), /after today/],
      [addBillingPeriods(today(), 'month', 7), /at most 6 months/],
    ] as const) {
      const bad = await act(sold.body.id, 'pause', { resumesOn });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.resumesOn).toMatch(message);
    }
    const paused = await act(sold.body.id, 'pause', { resumesOn: addDays(today(), 14) });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({
      status: 'paused',
      pausedOn: today(),
      resumesOn: addDays(today(), 14),
      nextBillingDate: addDays(next, 14),
    });
    expect((await memberRow(member.id)).membershipStatus).toBe('suspended');
    const again = await act(sold.body.id, 'pause', { resumesOn: addDays(today(), 3) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('membership_state');

    // Resumed today: all 14 days come back off.
    const resumed = await act(sold.body.id, 'resume');
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', pausedOn: null, nextBillingDate: next });
    expect((await memberRow(member.id)).membershipStatus).toBe('active');
  });

  it('cancels at period end (ends the day before next billing) and now; the minimum term refuses', async () => {
    const member = await addMember(t, owner.cookie);
    const termed = await monthlyPlan({ minimumTermPeriods: 3 });
    const sold = await sell(member.id, { planId: termed.id, method: 'cash' });
    const earliest = minimumTermEnd(today(), 'month', 3)!;
    for (const when of ['now', 'period_end']) {
      const refused = await act(sold.body.id, 'cancel', { when, reason: 'Moving away' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('membership_state');
      expect(refused.body.error.message).toContain(describeDate(earliest, 'en-US'));
    }
    const missing = await act(sold.body.id, 'cancel', { when: 'now', reason: ' ' });
    expect(missing.status).toBe(400);

    const monthly = await monthlyPlan();
    const open = await sell(member.id, { planId: monthly.id, method: 'cash' });
    const atEnd = await act(open.body.id, 'cancel', {
      when: 'period_end',
      reason: 'Too expensive',
    });
    expect(atEnd.status, atEnd.text).toBe(200);
    expect(atEnd.body).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelReason: 'Too expensive',
      endDate: addDays(open.body.nextBillingDate, -1),
      nextBillingDate: null,
    });
    const now = await act(open.body.id, 'cancel', { when: 'now', reason: 'Changed mind' });
    expect(now.status, now.text).toBe(200);
    expect(now.body).toMatchObject({
      status: 'cancelled',
      endDate: today(),
      nextBillingDate: null,
    });
    const twice = await act(open.body.id, 'cancel', { when: 'now', reason: 'Again' });
    expect(twice.status).toBe(409);
    // The termed one still runs: the member stays active.
    expect((await memberRow(member.id)).membershipStatus).toBe('active');
  });

  it('renews an ended membership without charging the sign-up fee again', async () => {
    const monthly = await monthlyPlan({ signupFee: '20.00' });
    const member = await addMember(t, owner.cookie);
    const sold = await sell(member.id, { planId: monthly.id, method: 'cash' });
    expect(sold.status, sold.text).toBe(201);
    const ended = await act(sold.body.id, 'cancel', { when: 'now', reason: 'Moving away' });
    expect(ended.status, ended.text).toBe(200);
    const renewed = await act(sold.body.id, 'renew', { method: 'cash' });
    expect(renewed.status, renewed.text).toBe(201);
    const rows = (await ledgerOf(member.id)).map((r) => `${r.purpose} ${r.amount}`);
    expect(rows.sort()).toEqual(['plan 99.00', 'plan 99.00', 'signup_fee 20.00']);
  });

  it('renews a class pack as a new membership, charged; a running membership is not renewed', async () => {
    const pack = await packPlan();
    const member = await addMember(t, owner.cookie);
    const sold = await sell(member.id, { planId: pack.id, method: 'cash' });
    const renewed = await act(sold.body.id, 'renew', { method: 'other' });
    expect(renewed.status, renewed.text).toBe(201);
    expect(renewed.body.id).not.toBe(sold.body.id);
    expect(renewed.body.creditsRemaining).toBe(10);
    expect((await ledgerOf(member.id)).map((r) => [r.amount, r.method])).toEqual([
      ['150.00', 'cash'],
      ['150.00', 'other'],
    ]);
    const monthly = await monthlyPlan();
    const running = await sell(member.id, { planId: monthly.id, method: 'cash' });
    const refused = await act(running.body.id, 'renew', { method: 'cash' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('membership_state');
  });
});

describe('the daily lifecycle job', () => {
  it('expires ended packs, ends memberships cancelled at period end, resumes paused ones; twice changes nothing', async () => {
    const pack = await packPlan();
    const monthly = await monthlyPlan();
    const a = await addMember(t, owner.cookie);
    const b = await addMember(t, owner.cookie);
    const c = await addMember(t, owner.cookie);
    const expiring = await sell(a.id, { planId: pack.id, method: 'cash' });
    const ending = await sell(b.id, { planId: monthly.id, method: 'cash' });
    await act(ending.body.id, 'cancel', { when: 'period_end', reason: 'Moving' });
    const pausing = await sell(c.id, { planId: monthly.id, method: 'cash' });
    await act(pausing.body.id, 'pause', { resumesOn: addDays(today(), 10) });
    const { db } = t.deps.database;
    // Time passes: the dates are moved into the past (the job reads the studio's today).
    const set = (id: string, values: Partial<typeof memberships.$inferInsert>) =>
      db.update(memberships).set(values).where(eq(memberships.id, id));
    await set(expiring.body.id, {
      startDate: addDays(today(), -100),
      endDate: addDays(today(), -1),
    });
    await set(ending.body.id, { startDate: addDays(today(), -40), endDate: addDays(today(), -1) });
    await set(pausing.body.id, { pausedOn: addDays(today(), -10), resumesOn: today() });

    const first = await runMembershipLifecycle(t.deps, new Date());
    expect(first.changed).toBeGreaterThanOrEqual(3);
    const status = async (id: string) =>
      (await db.select().from(memberships).where(eq(memberships.id, id)))[0]!.status;
    expect(await status(expiring.body.id)).toBe('expired');
    expect(await status(ending.body.id)).toBe('cancelled');
    expect(await status(pausing.body.id)).toBe('active');
    expect((await memberRow(a.id)).membershipStatus).toBe('inactive');
    expect((await memberRow(b.id)).membershipStatus).toBe('cancelled');
    expect((await memberRow(c.id)).membershipStatus).toBe('active');
    const second = await runMembershipLifecycle(t.deps, new Date());
    expect(second.changed).toBe(0);
    const rows = await db
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, owner.organization.id),
          eq(memberships.status, 'paused'),
        ),
      );
    expect(rows.map((r) => r.id)).not.toContain(pausing.body.id);
  });
});

describe('billing hooks (called by the billing job)', () => {
  it('retries 1, 3 and 7 days after the first failure, then past due; a paid period moves on', async () => {
    const monthly = await monthlyPlan();
    const member = await addMember(t, owner.cookie);
    const sold = await sell(member.id, { planId: monthly.id, method: 'cash' });
    const id = sold.body.id as string;
    const due = sold.body.nextBillingDate as string;
    const inStudio = <T>(work: Parameters<typeof runInStudio<T>>[2]) =>
      runInStudio(t.deps.database.db, owner.organization.id, work);
    const fail = (on: string) =>
      inStudio((tx, unit) => recordBillingFailure(tx, unit, owner.organization.id, id, on));
    expect(await fail(due)).toEqual({ pastDue: false, nextRetryDate: addDays(due, 1) });
    expect(await fail(addDays(due, 1))).toEqual({ pastDue: false, nextRetryDate: addDays(due, 3) });
    expect(await fail(addDays(due, 3))).toEqual({ pastDue: false, nextRetryDate: addDays(due, 7) });
    expect(await fail(addDays(due, 7))).toEqual({ pastDue: true, nextRetryDate: null });
    const [pastDue] = await membershipsOf(member.id);
    expect(pastDue).toMatchObject({ status: 'past_due', failedAttempts: 4, nextBillingDate: due });
    expect((await memberRow(member.id)).membershipStatus).toBe('active');

    await inStudio((tx, unit) => advanceBillingPeriod(tx, unit, owner.organization.id, id));
    const [paid] = await membershipsOf(member.id);
    expect(paid).toMatchObject({
      status: 'active',
      failedAttempts: 0,
      nextRetryDate: null,
      nextBillingDate: addBillingPeriods(today(), 'month', 2),
    });
  });
});
