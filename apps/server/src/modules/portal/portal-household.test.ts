import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';

// docs/product/member-portal.md#household: the payer books for the household's other members
// and sees their bookings; nobody else can, and a member who is not theirs answers 404.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the household in the member portal', () => {
  it('lets the payer book a class for a child and see the child’s bookings', async () => {
    const owner = await createOwner(t.app, 'pro');
    const slug = owner.organization.slug;
    const parent = await addMember(t, owner.cookie, { firstName: 'Pat' });
    const child = await addMember(t, owner.cookie, { firstName: 'Kim' });
    const stranger = await addMember(t, owner.cookie);
    const made = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'Family', payerMemberId: parent.id, memberIds: [child.id] },
    });
    expect(made.status, made.text).toBe(201);
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      capacity: 5,
      name: 'Kids Yoga',
    });
    const payer = await signInMember(t, slug, parent.email);
    const house = await call(t.app, 'GET', `/api/m/${slug}/household`, { cookie: payer.cookie });
    expect(house.status, house.text).toBe(200);
    expect(house.body.household).toMatchObject({ name: 'Family', isPayer: true });
    expect(
      house.body.household.members.map((m: { id: string; isMe: boolean }) => [m.id, m.isMe]),
    ).toEqual([
      [parent.id, true],
      [child.id, false],
    ]);

    const booked = await call(t.app, 'POST', `/api/m/${slug}/dependents/${child.id}/book`, {
      cookie: payer.cookie,
      body: { sessionId: session.id },
    });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body).toMatchObject({ sessionName: 'Kids Yoga', status: 'booked' });
    const theirs = await call(t.app, 'GET', `/api/m/${slug}/dependents/${child.id}/bookings`, {
      cookie: payer.cookie,
    });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.upcoming.map((b: { id: string }) => b.id)).toEqual([booked.body.id]);
    // The booking is the child's, not the payer's.
    const own = await call(t.app, 'GET', `/api/m/${slug}/bookings`, { cookie: payer.cookie });
    expect(own.body.upcoming).toEqual([]);

    // The child sees the household but acts for nobody; a stranger is not the payer's either.
    const kid = await signInMember(t, slug, child.email);
    const kidHouse = await call(t.app, 'GET', `/api/m/${slug}/household`, { cookie: kid.cookie });
    expect(kidHouse.body.household).toMatchObject({ isPayer: false });
    const refused = [
      await call(t.app, 'POST', `/api/m/${slug}/dependents/${parent.id}/book`, {
        cookie: kid.cookie,
        body: { sessionId: session.id },
      }),
      await call(t.app, 'GET', `/api/m/${slug}/dependents/${stranger.id}/bookings`, {
        cookie: payer.cookie,
      }),
      await call(t.app, 'GET', `/api/m/${slug}/dependents/${parent.id}/bookings`, {
        cookie: payer.cookie,
      }),
    ];
    expect(refused.map((r) => [r.status, r.body.error.message])).toEqual([
      [404, 'Member not found'],
      [404, 'Member not found'],
      [404, 'Member not found'],
    ]);
    const none = await signInMember(t, slug, stranger.email);
    const noHouse = await call(t.app, 'GET', `/api/m/${slug}/household`, { cookie: none.cookie });
    expect(noHouse.body).toEqual({ household: null });
  });
});
