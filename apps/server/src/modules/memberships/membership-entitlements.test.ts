import { DEFAULT_SCHEDULE_SETTINGS } from '@fitbase/domain/contracts/bookings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ledgerEntries, memberships } from '../../db/schema/money.ts';
import { bookings } from '../../db/schema/schedule.ts';

// docs/product/money-and-store.md#credits-and-bookings (the test studio's zone is UTC)

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Owner = Awaited<ReturnType<typeof createOwner>>;

async function studio(settings: Record<string, unknown> = {}) {
  const owner = await createOwner(t.app, 'pro');
  if (Object.keys(settings).length > 0) {
    const res = await call(t.app, 'PUT', '/api/schedule/settings', {
      cookie: owner.cookie,
      body: { ...DEFAULT_SCHEDULE_SETTINGS, ...settings },
    });
    expect(res.status, res.text).toBe(200);
  }
  return owner;
}

async function memberWith(owner: Owner, planBody: Record<string, unknown>) {
  const plan = await call(t.app, 'POST', '/api/plans', { cookie: owner.cookie, body: planBody });
  expect(plan.status, plan.text).toBe(201);
  const member = await addMember(t, owner.cookie, { firstName: 'Alex', lastName: 'Doe' });
  const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
    cookie: owner.cookie,
    body: { planId: plan.body.id, method: 'cash' },
  });
  expect(sold.status, sold.text).toBe(201);
  return { memberId: member.id, membershipId: sold.body.id as string };
}

const pack = (credits = 10) => ({
  name: `${credits} Class Pack`,
  kind: 'class_pack',
  price: '150.00',
  credits,
  validityDays: 90,
});

const book = (owner: Owner, sessionId: string, memberId: string) =>
  call(t.app, 'POST', `/api/sessions/${sessionId}/bookings`, {
    cookie: owner.cookie,
    body: { memberId },
  });
const cancel = (owner: Owner, bookingId: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { cookie: owner.cookie });

async function credits(membershipId: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(memberships)
    .where(eq(memberships.id, membershipId));
  return row!.creditsRemaining;
}
async function bookingRow(id: string) {
  const [row] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** Next week's Wednesday at `hour` UTC: two of them are always in one Monday-start week. */
function nextWeekWednesday(hour: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 + ((3 - d.getUTCDay() + 7) % 7));
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}

describe('credits', () => {
  it('a booking spends a credit; a cancel in time gives it back', async () => {
    const owner = await studio();
    const { memberId, membershipId } = await memberWith(owner, pack());
    const session = await insertSession(t.deps.database.db, owner.organization.id);
    const booked = await book(owner, session.id, memberId);
    expect(booked.status, booked.text).toBe(201);
    expect(await credits(membershipId)).toBe(9);
    expect(await bookingRow(booked.body.id)).toMatchObject({ membershipId, creditUsed: true });
    expect((await cancel(owner, booked.body.id)).body.status).toBe('cancelled');
    expect(await credits(membershipId)).toBe(10);
    expect((await bookingRow(booked.body.id)).creditUsed).toBe(false);
  });

  it('a late cancel with the credit penalty keeps the credit; without a penalty it comes back', async () => {
    const owner = await studio({ lateCancelPenalty: { kind: 'credit' } });
    const { memberId, membershipId } = await memberWith(owner, pack());
    const soon = await insertSession(t.deps.database.db, owner.organization.id, {
      startsAt: hoursFromNow(3),
    });
    const booked = await book(owner, soon.id, memberId);
    const cancelled = await cancel(owner, booked.body.id);
    expect(cancelled.body.status).toBe('late_cancelled');
    expect(await credits(membershipId)).toBe(9);
    expect((await bookingRow(booked.body.id)).creditUsed).toBe(true);

    const lenient = await studio();
    const other = await memberWith(lenient, pack());
    const s2 = await insertSession(t.deps.database.db, lenient.organization.id, {
      startsAt: hoursFromNow(3),
    });
    const b2 = await book(lenient, s2.id, other.memberId);
    expect((await cancel(lenient, b2.body.id)).body.status).toBe('late_cancelled');
    expect(await credits(other.membershipId)).toBe(10);
  });

  it('a cancelled session gives every booked credit back', async () => {
    const owner = await studio();
    const { memberId, membershipId } = await memberWith(owner, pack());
    const session = await insertSession(t.deps.database.db, owner.organization.id);
    await book(owner, session.id, memberId);
    expect(await credits(membershipId)).toBe(9);
    const res = await call(t.app, 'POST', `/api/sessions/${session.id}/cancel`, {
      cookie: owner.cookie,
      body: { reason: 'Trainer ill' },
    });
    expect(res.status, res.text).toBe(200);
    expect(await credits(membershipId)).toBe(10);
  });

  it('refuses a booking with no credits left (409 no_credits)', async () => {
    const owner = await studio();
    const { memberId, membershipId } = await memberWith(owner, {
      name: 'Drop-in',
      kind: 'drop_in',
      price: '20.00',
    });
    const s1 = await insertSession(t.deps.database.db, owner.organization.id);
    const s2 = await insertSession(t.deps.database.db, owner.organization.id, {
      startsAt: hoursFromNow(48),
    });
    expect((await book(owner, s1.id, memberId)).status).toBe(201);
    const refused = await book(owner, s2.id, memberId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('no_credits');
    expect(refused.body.error.message).toBe(
      'Alex Doe has no class credits left on Drop-in: renew it or sell a plan.',
    );
    expect(await credits(membershipId)).toBe(0);
  });

  it('a no-show with a fee penalty charges the card on file, or records a due without one', async () => {
    const owner = await studio({ noShowPenalty: { kind: 'fee', amount: '15' } });
    const carded = await memberWith(owner, pack());
    await call(t.app, 'POST', `/api/members/${carded.memberId}/payment-methods`, {
      cookie: owner.cookie,
      body: validCard({ isDefault: true }),
    });
    const cardless = await memberWith(owner, pack());
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      startsAt: hoursFromNow(-2),
      endsAt: hoursFromNow(-1),
    });
    // Booked before the class (straight into the table: booking a past class is refused).
    for (const m of [carded, cardless]) {
      await t.deps.database.db.insert(bookings).values({
        organizationId: owner.organization.id,
        sessionId: session.id,
        memberId: m.memberId,
        status: 'booked',
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        membershipId: m.membershipId,
        creditUsed: true,
      });
      await t.deps.database.db
        .update(memberships)
        .set({ creditsRemaining: 9 })
        .where(eq(memberships.id, m.membershipId));
    }
    const closed = await call(t.app, 'POST', `/api/sessions/${session.id}/close`, {
      cookie: owner.cookie,
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.noShows).toBe(2);
    const fees = await t.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.purpose, 'fee'));
    const byMember = (id: string) => fees.filter((f) => f.memberId === id);
    expect(byMember(carded.memberId).map((f) => [f.amount, f.status, f.method])).toEqual([
      ['15.00', 'paid', 'card'],
    ]);
    expect(byMember(cardless.memberId).map((f) => [f.amount, f.status, f.provider])).toEqual([
      ['15.00', 'pending', 'manual'],
    ]);
    // A fee replaces the credit penalty: the credit came back.
    expect(await credits(carded.membershipId)).toBe(10);
    const owed = await call(t.app, 'GET', `/api/members/${cardless.memberId}/memberships`, {
      cookie: owner.cookie,
    });
    expect(owed.body.balanceOwed).toBe('15.00');
  });
});

describe('weekly class limit and the waitlist', () => {
  it('refuses past the weekly limit with a clear message', async () => {
    const owner = await studio();
    const { memberId } = await memberWith(owner, {
      name: 'Unlimited Monthly',
      kind: 'membership',
      price: '99.00',
      billingInterval: 'month',
      weeklyClassLimit: 1,
    });
    const db = t.deps.database.db;
    const s1 = await insertSession(db, owner.organization.id, { startsAt: nextWeekWednesday(9) });
    const s2 = await insertSession(db, owner.organization.id, { startsAt: nextWeekWednesday(18) });
    expect((await book(owner, s1.id, memberId)).status).toBe(201);
    const refused = await book(owner, s2.id, memberId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('weekly_limit_reached');
    expect(refused.body.error.message).toBe(
      'Alex Doe has used all 1 class of this week on Unlimited Monthly.',
    );
  });

  it('promotion takes a credit and skips a waiting member who has none left', async () => {
    const owner = await studio();
    const db = t.deps.database.db;
    const holder = await memberWith(owner, pack());
    const broke = await memberWith(owner, pack(1));
    const next = await memberWith(owner, pack());
    const full = await insertSession(db, owner.organization.id, { capacity: 1 });
    const other = await insertSession(db, owner.organization.id, { startsAt: hoursFromNow(30) });
    const held = await book(owner, full.id, holder.memberId);
    const waiting = await book(owner, full.id, broke.memberId);
    expect(waiting.body.status).toBe('waitlisted');
    expect(await credits(broke.membershipId)).toBe(1);
    const second = await book(owner, full.id, next.memberId);
    expect(second.body.status).toBe('waitlisted');
    // The first in line spends their last credit elsewhere.
    expect((await book(owner, other.id, broke.memberId)).status).toBe(201);
    await cancel(owner, held.body.id);
    expect((await bookingRow(waiting.body.id)).status).toBe('waitlisted');
    expect(await bookingRow(second.body.id)).toMatchObject({
      status: 'booked',
      membershipId: next.membershipId,
      creditUsed: true,
    });
    expect(await credits(next.membershipId)).toBe(9);
  });
});

describe('the last credit', () => {
  it('five bookings at once with one credit left: one books, four are refused', async () => {
    const owner = await studio();
    const { memberId, membershipId } = await memberWith(owner, {
      name: 'Drop-in',
      kind: 'drop_in',
      price: '20.00',
    });
    const sessions = await Promise.all(
      [24, 26, 28, 30, 32].map((h) =>
        insertSession(t.deps.database.db, owner.organization.id, { startsAt: hoursFromNow(h) }),
      ),
    );
    const responses = await Promise.all(sessions.map((s) => book(owner, s.id, memberId)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(responses.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual([
      'no_credits',
      'no_credits',
      'no_credits',
      'no_credits',
    ]);
    expect(await credits(membershipId)).toBe(0);
  });
});
