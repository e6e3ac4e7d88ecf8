import { addBillingPeriods, daysBetween } from '@fitbase/domain/membership-rules';
import { addDays, localDateOf } from '@fitbase/domain/recurrence';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ledgerEntries, memberships } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';

// docs/product/money-and-store.md#changing-plan (the test studio's zone is UTC)

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
const today = () => localDateOf(new Date(), 'UTC');

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

async function plan(cookie: string, name: string, price: string, extra = {}) {
  const res = await call(t.app, 'POST', '/api/plans', {
    cookie,
    body: { name, kind: 'membership', price, billingInterval: 'month', ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

async function addCard(cookie: string, memberId: string, lastFour: string) {
  const res = await call(t.app, 'POST', `/api/members/${memberId}/payment-methods`, {
    cookie,
    body: validCard({ cardLastFour: lastFour, isDefault: true }),
  });
  expect(res.status, res.text).toBe(201);
}

/** A member on `from`, paid by card, whose period began `usedDays` ago. */
async function memberOn(cookie: string, from: { id: string }, usedDays: number) {
  const member = await addMember(t, cookie, { membershipStatus: undefined });
  await addCard(cookie, member.id, '4242');
  const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
    cookie,
    body: { planId: from.id, method: 'card' },
  });
  expect(sold.status, sold.text).toBe(201);
  const id = (sold.body as { id: string }).id;
  // Move the period back: it started `usedDays` ago and is billed next one month after.
  const start = addDays(today(), -usedDays);
  await t.deps.database.db
    .update(memberships)
    .set({ startDate: start, nextBillingDate: addBillingPeriods(start, 'month', 1) })
    .where(eq(memberships.id, id));
  return { member, id, start };
}

const preview = (cookie: string, id: string, planId: string, when: string) =>
  call(t.app, 'GET', `/api/memberships/${id}/plan-change?planId=${planId}&when=${when}`, {
    cookie,
  });
const change = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/memberships/${id}/change-plan`, { cookie, body });

const ledgerOf = (memberId: string) =>
  t.deps.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.memberId, memberId))
    .orderBy(ledgerEntries.createdAt);

describe('changing plan from today', () => {
  it('refunds the unused days of the period paid and charges the new plan, as previewed', async () => {
    const basic = await plan(owner.cookie, 'Basic Monthly', '49.00');
    const premium = await plan(owner.cookie, 'Premium Monthly', '89.00', { signupFee: '25.00' });
    const { member, id, start } = await memberOn(owner.cookie, basic, 10);
    const periodDays = daysBetween(start, addBillingPeriods(start, 'month', 1));
    const unused = periodDays - 10;

    const seen = await preview(owner.cookie, id, premium.id, 'today');
    expect(seen.status, seen.text).toBe(200);
    // 49.00 × unused / periodDays, to the cent, half up (computed here in integer cents).
    const credit = Math.floor((2 * 4900 * unused + periodDays) / (2 * periodDays));
    const asAmount = (cents: number) =>
      `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    expect(seen.body).toMatchObject({
      when: 'today',
      fromPlan: { name: 'Basic Monthly', price: '49.00' },
      toPlan: { name: 'Premium Monthly', price: '89.00' },
      startsOn: today(),
      periodStart: start,
      periodDays,
      unusedDays: unused,
      paidForPeriod: '49.00',
      credit: asAmount(credit),
      charge: '89.00',
      net: asAmount(8900 - credit),
    });

    const done = await change(owner.cookie, id, {
      planId: premium.id,
      when: 'today',
      method: 'card',
      expectedCredit: seen.body.credit,
      expectedCharge: seen.body.charge,
    });
    expect(done.status, done.text).toBe(201);
    expect(done.body).toMatchObject({
      plan: { name: 'Premium Monthly' },
      status: 'active',
      startDate: today(),
    });

    // The ledger shows both lines: the credit as a refund of the period's charge, then the new plan.
    const rows = (await ledgerOf(member.id)).map((r) => [
      r.kind,
      r.purpose,
      r.amount,
      r.description,
    ]);
    expect(rows).toEqual([
      ['charge', 'plan', '49.00', 'Basic Monthly'],
      ['charge', 'plan', '89.00', 'Premium Monthly'],
      ['refund', 'plan', `-${asAmount(credit)}`, expect.stringContaining('Basic Monthly')],
    ]);
    // No sign-up fee on a change of plan; the old membership ends today, not billed again.
    const [old] = await t.deps.database.db.select().from(memberships).where(eq(memberships.id, id));
    expect(old).toMatchObject({ status: 'cancelled', endDate: today(), nextBillingDate: null });
    expect(old!.cancelReason).toBe('Changed to Premium Monthly');
  });

  it('refuses amounts that differ from the preview, and changes nothing', async () => {
    const a = await plan(owner.cookie, 'A Monthly', '30.00');
    const b = await plan(owner.cookie, 'B Monthly', '40.00');
    const { member, id } = await memberOn(owner.cookie, a, 5);
    const res = await change(owner.cookie, id, {
      planId: b.id,
      when: 'today',
      method: 'card',
      expectedCredit: '1.00',
      expectedCharge: '40.00',
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });

  it('a declined card keeps the old plan running and the failed payment on record', async () => {
    const a = await plan(owner.cookie, 'C Monthly', '30.00');
    const b = await plan(owner.cookie, 'D Monthly', '40.00');
    const { member, id } = await memberOn(owner.cookie, a, 5);
    await addCard(owner.cookie, member.id, '0002');
    const seen = await preview(owner.cookie, id, b.id, 'today');
    const res = await change(owner.cookie, id, {
      planId: b.id,
      when: 'today',
      method: 'card',
      expectedCredit: seen.body.credit,
      expectedCharge: seen.body.charge,
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe('card_declined');
    const [old] = await t.deps.database.db.select().from(memberships).where(eq(memberships.id, id));
    expect(old!.status).toBe('active');
    expect((await ledgerOf(member.id)).map((r) => [r.kind, r.status])).toEqual([
      ['charge', 'paid'],
      ['charge', 'failed'],
    ]);
  });
});

describe('changing plan from the next billing date', () => {
  it('ends the current plan the day before and starts the new one then, nothing charged now', async () => {
    const a = await plan(owner.cookie, 'E Monthly', '30.00');
    const b = await plan(owner.cookie, 'F Monthly', '20.00');
    const { member, id, start } = await memberOn(owner.cookie, a, 3);
    const next = addBillingPeriods(start, 'month', 1);
    const seen = await preview(owner.cookie, id, b.id, 'next_cycle');
    expect(seen.body).toMatchObject({
      startsOn: next,
      credit: '0.00',
      charge: '20.00',
      net: '0.00',
    });
    const res = await change(owner.cookie, id, {
      planId: b.id,
      when: 'next_cycle',
      expectedCredit: '0.00',
      expectedCharge: '20.00',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      plan: { name: 'F Monthly' },
      startDate: next,
      nextBillingDate: next,
    });
    const [old] = await t.deps.database.db.select().from(memberships).where(eq(memberships.id, id));
    expect(old).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      endDate: addDays(next, -1),
      nextBillingDate: null,
    });
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });
});

describe('what cannot change plan', () => {
  it('answers clearly for the same plan, a class pack, and another studio', async () => {
    const a = await plan(owner.cookie, 'G Monthly', '30.00');
    const { id } = await memberOn(owner.cookie, a, 1);
    const same = await preview(owner.cookie, id, a.id, 'today');
    expect(same.status).toBe(400);
    expect(same.body.error.fields.planId).toBe('Choose a different plan');

    const pack = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: { name: 'Pack', kind: 'class_pack', price: '100.00', credits: 10, validityDays: 60 },
    });
    const toPack = await preview(owner.cookie, id, (pack.body as { id: string }).id, 'today');
    expect(toPack.status).toBe(400);
    expect(toPack.body.error.fields.planId).toBe('Choose a recurring membership plan');

    const other = await createOwner(t.app, 'pro');
    const foreign = await plan(other.cookie, 'H Monthly', '30.00');
    expect((await preview(other.cookie, id, foreign.id, 'today')).status).toBe(404);
  });

  it('keeps whole yen in a JPY studio', async () => {
    const jp = await createOwner(t.app, 'pro');
    await t.deps.database.db
      .update(organizations)
      .set({ currency: 'JPY', locale: 'ja-JP' })
      .where(eq(organizations.id, jp.organization.id));
    const a = await plan(jp.cookie, 'Monthly', '5000');
    const b = await plan(jp.cookie, 'Monthly Plus', '8000');
    const { id, start } = await memberOn(jp.cookie, a, 7);
    const seen = await preview(jp.cookie, id, b.id, 'today');
    const periodDays = daysBetween(start, addBillingPeriods(start, 'month', 1));
    const yen = Math.floor((2 * 5000 * (periodDays - 7) + periodDays) / (2 * periodDays));
    expect(seen.body.credit).toBe(`${yen}.00`);
  });
});
