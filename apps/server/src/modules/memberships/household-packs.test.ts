import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { bookings } from '../../db/schema/schedule.ts';
import { memberships } from '../../db/schema/money.ts';

// docs/product/members.md#households: a class pack bought as shared lends its credits to every
// member of the buyer's household; one not shared stays its member's own.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const credits = async (id: string) =>
  (
    await t.deps.database.db
      .select({ n: memberships.creditsRemaining })
      .from(memberships)
      .where(eq(memberships.id, id))
  )[0]!.n;

describe('shared class packs', () => {
  it("spend a shared pack's credit for a household member, never a pack that is not shared", async () => {
    const owner = await createOwner(t.app, 'pro');
    const parent = await addMember(t, owner.cookie);
    const child = await addMember(t, owner.cookie);
    const made = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'Family', payerMemberId: parent.id, memberIds: [child.id] },
    });
    expect(made.status, made.text).toBe(201);
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: {
        name: '5 Class Pack',
        kind: 'class_pack',
        price: '60.00',
        credits: 5,
        validityDays: 90,
      },
    });
    const sell = (memberId: string, sharedWithHousehold: boolean) =>
      call(t.app, 'POST', `/api/members/${memberId}/memberships`, {
        cookie: owner.cookie,
        body: { planId: plan.body.id, method: 'cash', sharedWithHousehold },
      });
    const shared = await sell(parent.id, true);
    expect(shared.status, shared.text).toBe(201);
    // The parent also holds a pack they did not share: it stays theirs alone.
    const own = await sell(parent.id, false);
    expect(own.status).toBe(201);

    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      capacity: 5,
      name: 'Family Yoga',
    });
    const booked = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: child.id },
    });
    expect(booked.status, booked.text).toBe(201);
    const [row] = await t.deps.database.db
      .select({ membershipId: bookings.membershipId })
      .from(bookings)
      .where(eq(bookings.id, booked.body.id));
    expect(row?.membershipId).toBe(shared.body.id);
    expect(await credits(shared.body.id)).toBe(4);
    expect(await credits(own.body.id)).toBe(5);

    // Outside the household the shared pack lends nothing.
    const outsider = await addMember(t, owner.cookie);
    const theirs = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: outsider.id },
    });
    expect(theirs.status, theirs.text).toBe(201);
    expect(await credits(shared.body.id)).toBe(4);
  });

  it('refuses sharing a plan without credits', async () => {
    const owner = await createOwner(t.app, 'pro');
    const member = await addMember(t, owner.cookie);
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: { name: 'Monthly', kind: 'membership', price: '49.00', billingInterval: 'month' },
    });
    const res = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
      body: { planId: plan.body.id, method: 'cash', sharedWithHousehold: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.sharedWithHousehold).toContain('class pack');
  });
});
