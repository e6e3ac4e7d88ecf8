import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { classSessions } from '../../db/schema/schedule.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';

// docs/product/integrations.md#calendar-feeds

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let slug: string;
const TIME_ZONE = 'Europe/Berlin';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  slug = owner.organization.slug;
  await t.deps.database.db
    .update(organizations)
    .set({ timezone: TIME_ZONE })
    .where(eq(organizations.id, owner.organization.id));
});
afterAll(async () => t?.close());

/** The feed's address as the app's request path. */
const pathOf = (url: string) => new URL(url).pathname;

async function readFeed(url: string) {
  return call(t.app, 'GET', pathOf(url));
}

/** An instant `days` from now at 08:00 UTC. */
function daysAhead(days: number): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(8, 0, 0, 0);
  return d;
}

/** How iCalendar writes `instant` as a wall-clock time in the studio's zone. */
function wallClock(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** The VEVENT blocks of a feed, unfolded (RFC 5545 folds lines at 75 octets). */
function eventsOf(ics: string): string[] {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded.split('BEGIN:VEVENT').slice(1);
}

describe("a member's calendar feed", () => {
  it("lists the member's places in the studio's time zone, marks the studio's cancellations, drops what they cancelled", async () => {
    const orgId = owner.organization.id;
    const db = t.deps.database.db;
    const yoga = await insertSession(db, orgId, { name: 'Feed Yoga', startsAt: daysAhead(5) });
    const spin = await insertSession(db, orgId, { name: 'Feed Spin', startsAt: daysAhead(6) });
    const pilates = await insertSession(db, orgId, {
      name: 'Feed Pilates',
      startsAt: daysAhead(7),
    });
    const member = await addMember(t, owner.cookie);
    const other = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const theirs = await signInMember(t, slug, other.email);
    const book = (id: string, as: string) =>
      call(t.app, 'POST', `/api/m/${slug}/sessions/${id}/book`, { cookie: as });
    for (const s of [yoga, spin, pilates]) expect((await book(s.id, cookie)).status).toBe(201);
    expect((await book(yoga.id, theirs.cookie)).status).toBe(201);
    const pilatesBooking = (
      await call(t.app, 'GET', `/api/m/${slug}/bookings`, { cookie })
    ).body.upcoming.find((b: { sessionId: string }) => b.sessionId === pilates.id);
    const cancelled = await call(
      t.app,
      'POST',
      `/api/m/${slug}/bookings/${pilatesBooking.id}/cancel`,
      { cookie },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    await db
      .update(classSessions)
      .set({ status: 'cancelled', cancelReason: 'Trainer ill', cancelledAt: new Date() })
      .where(and(eq(classSessions.organizationId, orgId), eq(classSessions.id, spin.id)));

    const feed = await call(t.app, 'GET', `/api/m/${slug}/calendar-feed`, { cookie });
    expect(feed.status, feed.text).toBe(200);
    expect(feed.body.url).toMatch(
      /^http.*\/api\/public\/calendar\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.ics$/,
    );
    expect(feed.body.rotatedAt).toBeNull();
    const res = await readFeed(feed.body.url);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const ics = res.text;
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`BEGIN:VTIMEZONE\r\nTZID:${TIME_ZONE}`);
    const events = eventsOf(ics);
    expect(events).toHaveLength(2);
    const [yogaEvent, spinEvent] = events as [string, string];
    expect(yogaEvent).toContain('SUMMARY:Feed Yoga');
    expect(yogaEvent).toContain(`DTSTART;TZID=${TIME_ZONE}:${wallClock(yoga.startsAt)}`);
    expect(yogaEvent).toContain('STATUS:CONFIRMED');
    expect(spinEvent).toContain('SUMMARY:Feed Spin');
    expect(spinEvent).toContain('STATUS:CANCELLED');
    expect(spinEvent).toContain('Cancelled by the studio: Trainer ill');
    expect(ics).not.toContain('Feed Pilates');
    // Nobody else's name: whoever holds the address reads it.
    expect(ics).not.toContain(other.lastName);
    // The same address until the member rotates it.
    const again = await call(t.app, 'GET', `/api/m/${slug}/calendar-feed`, { cookie });
    expect(again.body.url).toBe(feed.body.url);
  });

  it('`Rotate link` ends the old address; forged or altered ones answer like a missing feed', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const first = await call(t.app, 'GET', `/api/m/${slug}/calendar-feed`, { cookie });
    const rotated = await call(t.app, 'POST', `/api/m/${slug}/calendar-feed/rotate`, { cookie });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.url).not.toBe(first.body.url);
    expect(rotated.body.rotatedAt).not.toBeNull();
    expect((await readFeed(rotated.body.url)).status).toBe(200);
    const old = await readFeed(first.body.url);
    const missing = await call(
      t.app,
      'GET',
      '/api/public/calendar/bm90aGluZw.AAAAAAAAAAAAAAAAAAAAAA.ics',
    );
    expect(old.status).toBe(404);
    expect([old.body.error.code, old.body.error.message]).toEqual([
      missing.body.error.code,
      missing.body.error.message,
    ]);
    const path = pathOf(rotated.body.url);
    expect((await call(t.app, 'GET', path.replace(/\.ics$/, ''))).status).toBe(404);
    // One character of the signature changed (not its last: base64url's last character of 16
    // bytes carries padding bits, so another letter there can decode to the same bytes).
    const dot = path.lastIndexOf('.', path.length - '.ics'.length - 1);
    const flipped = path[dot + 1] === 'A' ? 'B' : 'A';
    const altered = `${path.slice(0, dot + 1)}${flipped}${path.slice(dot + 2)}`;
    expect(altered).not.toBe(path);
    expect((await call(t.app, 'GET', altered)).status).toBe(404);
  });
});

describe("a trainer's calendar feed", () => {
  it('lists the sessions they lead with the bookings count, and ends when they leave the studio', async () => {
    const orgId = owner.organization.id;
    const db = t.deps.database.db;
    const trainer = await addStaff(t.app, owner.cookie, 'trainer', { firstName: 'Tess' });
    const mine = await insertSession(db, orgId, {
      name: 'Tess HIIT',
      startsAt: daysAhead(3),
      trainerUserId: trainer.userId,
    });
    await insertSession(db, orgId, { name: 'Someone Else Boxing', startsAt: daysAhead(3) });
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    expect(
      (await call(t.app, 'POST', `/api/m/${slug}/sessions/${mine.id}/book`, { cookie })).status,
    ).toBe(201);

    const feed = await call(t.app, 'GET', '/api/calendar-feed', { cookie: trainer.cookie });
    expect(feed.status, feed.text).toBe(200);
    const ics = (await readFeed(feed.body.url)).text;
    const events = eventsOf(ics);
    expect(events).toHaveLength(1);
    expect(events[0]).toContain('SUMMARY:Tess HIIT');
    expect(events[0]).toContain('Booked: 1 of 10');
    expect(ics).not.toContain('Someone Else Boxing');
    expect(ics).not.toContain(member.lastName);
    // Each person has their own feed: the owner's teaches nothing here.
    const ownerFeed = await call(t.app, 'GET', '/api/calendar-feed', { cookie: owner.cookie });
    expect(ownerFeed.body.url).not.toBe(feed.body.url);
    expect(eventsOf((await readFeed(ownerFeed.body.url)).text)).toHaveLength(0);

    await db
      .delete(organizationUsers)
      .where(
        and(
          eq(organizationUsers.organizationId, orgId),
          eq(organizationUsers.userId, trainer.userId),
        ),
      );
    expect((await readFeed(feed.body.url)).status).toBe(404);
  });
});
