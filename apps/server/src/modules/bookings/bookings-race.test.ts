import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { bookings, classSessions } from '../../db/schema/schedule.ts';

// docs/product/schedule.md#bookings-and-waitlist: capacity is enforced by the database
// transaction, never by the browser, so fifty people booking the last places at once cannot
// take more places than there are.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('fifty members booking ten free places at once', () => {
  it('books exactly ten and waitlists the other forty', async () => {
    const owner = await createOwner(t.app, 'pro');
    const orgId = owner.organization.id;
    const session = await insertSession(t.deps.database.db, orgId, { capacity: 10 });
    const members = await insertMembers(t, orgId, 50);
    const responses = await Promise.all(
      members.map((m) =>
        call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
          cookie: owner.cookie,
          body: { memberId: m.id },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(members.map(() => 201));
    const statuses = responses.map((r) => r.body.status as string);
    expect(statuses.filter((s) => s === 'booked')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(40);
    const positions = responses
      .map((r) => r.body.waitlistPosition as number | null)
      .filter((p) => p !== null)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    const db = t.deps.database.db;
    const [row] = await db.select().from(classSessions).where(eq(classSessions.id, session.id));
    expect([row!.bookedCount, row!.waitlistCount]).toEqual([10, 40]);
    const stored = await db.select().from(bookings).where(eq(bookings.sessionId, session.id));
    expect(stored.filter((b) => b.status === 'booked')).toHaveLength(10);
    expect(stored.filter((b) => b.status === 'waitlisted')).toHaveLength(40);
  });
});
