import { RECENT_ACTIVITY_LIMIT } from '@fitbase/domain/constants';
import { addDays } from '@fitbase/domain/recurrence';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';
import { localDate, localMidnight } from '../../../test/fixtures/zones.ts';
import { studioFormat } from '../../context/studio-format.ts';
import type { Db } from '../../db/client.ts';
import { memberVisits, VISIT_TYPES } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings } from '../../db/schema/schedule.ts';
import { countMembersByStatus } from '../members/members.queries.ts';
import { revenueBetween, revenueSpans } from '../payments/payments.queries.ts';
import { sessionSummaries } from '../schedule/schedule.service.ts';
import {
  countBookings,
  countTeachingStaff,
  membersEndingBetween,
  newestMembers,
  nextSessionId,
  sessionIdsIn,
  sessionTotals,
} from './dashboard-schedule.queries.ts';
import {
  countMembersAdded,
  countVisits,
  countVisitsToday,
  findOrganizationPlan,
  listRecentVisits,
} from './dashboard.queries.ts';
import { orgDays } from './org-days.ts';

// Issue 31 (5a) put each dashboard's figures in one statement. These are the figures as the
// separate queries computed them before (the builder queries, which other screens still use),
// compared with the endpoints' answers on one seeded studio: the same answers.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function revenueByParts(db: Db, organizationId: string, now: Date) {
  const spans = (await revenueSpans(db, organizationId, now))!;
  const current = await revenueBetween(db, organizationId, spans.currentStart, spans.currentEnd);
  const previous =
    spans.createdAt.getTime() <= spans.previousStart.getTime()
      ? await revenueBetween(db, organizationId, spans.previousStart, spans.previousEnd)
      : null;
  return { current: current.total, previous: previous ? previous.total : null };
}

async function homeByParts(db: Db, organizationId: string) {
  const where = await studioFormat(db, organizationId);
  const days = orgDays(where.timeZone, where.locale);
  const bookedThisWeek = await countBookings(db, organizationId, days.weekSpan);
  const week = await sessionTotals(db, organizationId, days.weekSpan);
  const newest = await newestMembers(db, organizationId, 5);
  const expiring = await membersEndingBetween(
    db,
    organizationId,
    days.today,
    addDays(days.today, 14),
    5,
  );
  const ids = async (span: typeof days.todaySpan) =>
    sessionSummaries(db, organizationId, await sessionIdsIn(db, organizationId, span));
  return {
    classBookings: {
      today: await countBookings(db, organizationId, days.todaySpan),
      thisWeek: bookedThisWeek,
    },
    bookingsVsCapacity: {
      booked: bookedThisWeek,
      capacity: week.capacity,
      percent: week.capacity > 0 ? Math.round((bookedThisWeek / week.capacity) * 100) : 0,
    },
    activeMembers: (await countMembersByStatus(db, organizationId)).active,
    monthlyRevenue: (await revenueByParts(db, organizationId, new Date())).current,
    newestSignups: newest.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      joinedAt: m.createdAt.toISOString(),
    })),
    expiringMembers: expiring.map((m) => ({ ...m, endsOn: m.endsOn! })),
    today: await ids(days.todaySpan),
    tomorrow: await ids(days.tomorrowSpan),
  };
}

async function summaryByParts(db: Db, organizationId: string, userId: string) {
  const plan = (await findOrganizationPlan(db, organizationId))!;
  const current = { start: plan.currentStart, end: plan.now };
  const previous = { start: plan.previousStart, end: plan.previousEnd };
  const hasPrevious = plan.createdAt.getTime() <= previous.start.getTime();
  const compare = async (countIn: typeof countVisits) => ({
    current: await countIn(db, organizationId, current),
    previous: hasPrevious ? await countIn(db, organizationId, previous) : null,
  });
  const days = orgDays(plan.timeZone, plan.locale);
  const nextId =
    (await nextSessionId(db, organizationId, plan.now, userId)) ??
    (await nextSessionId(db, organizationId, plan.now));
  const [nextClass] = nextId ? await sessionSummaries(db, organizationId, [nextId]) : [];
  const revenue = await revenueByParts(db, organizationId, plan.now);
  return {
    memberCount: (await countMembersByStatus(db, organizationId)).total,
    maxMembers: plan.maxMembers,
    activeToday: await countVisitsToday(db, organizationId),
    recentVisits: (await listRecentVisits(db, organizationId, RECENT_ACTIVITY_LIMIT)).map((v) => ({
      id: v.id,
      visitDate: v.visitDate.toISOString(),
      visitType: v.visitType,
      member:
        v.memberId && v.firstName !== null && v.lastName !== null
          ? {
              id: v.memberId,
              firstName: v.firstName,
              lastName: v.lastName,
              profilePhotoUrl: v.profilePhotoUrl,
            }
          : null,
    })),
    membersAdded: await compare(countMembersAdded),
    checkIns: await compare(countVisits),
    classesThisWeek: (await sessionTotals(db, organizationId, days.weekSpan)).sessions,
    nextClass: nextClass ?? null,
    onDutyToday: await countTeachingStaff(db, organizationId, days.todaySpan),
    monthlyRevenue: revenue,
  };
}

/** A studio with members, visits, sessions, bookings and payments around every boundary. */
async function seededStudio(timeZone: string, ageDays: number) {
  const owner = await createOwner(t.app, 'pro');
  const org = owner.organization.id;
  const db = t.deps.database.db;
  await db
    .update(organizations)
    .set({ timezone: timeZone, createdAt: new Date(Date.now() - ageDays * DAY) })
    .where(eq(organizations.id, org));
  const trainer = await addStaff(t.app, owner.cookie, 'trainer');
  const admin = await addStaff(t.app, owner.cookie, 'admin');
  const statuses = ['active', 'active', 'inactive', 'cancelled', 'suspended'] as const;
  const now = Date.now();
  // Over ~80 days (this month and last), two pairs sharing a created_at (ties broken by id).
  const people = await insertMembers(t, org, 60, (i) => ({
    lastName: `Member ${i % 7}`,
    createdAt: new Date(now - Math.floor(i / 2) * 2.7 * DAY - (i < 4 ? 0 : i * HOUR)),
    membershipStatus: statuses[i % statuses.length],
    membershipEndDate: i % 3 === 0 ? null : localDate(timeZone, (i % 19) - 3),
  }));
  // Visits over ~70 days, the first ones today.
  await db.insert(memberVisits).values(
    Array.from({ length: 45 }, (_, i) => ({
      organizationId: org,
      memberId: people[i % people.length]!.id,
      visitDate: new Date(now - i * 1.6 * DAY + (i === 0 ? 0 : HOUR)),
      visitType: VISIT_TYPES[i % VISIT_TYPES.length],
    })),
  );
  const todayStart = localMidnight(timeZone, 0);
  const sessionsAt = [
    { startsAt: new Date(todayStart + HOUR), trainerUserId: trainer.userId, capacity: 8 },
    { startsAt: new Date(todayStart + HOUR), trainerUserId: admin.userId, name: 'Alpha' },
    { startsAt: new Date(localMidnight(timeZone, 1) - HOUR), trainerUserId: owner.userId },
    { startsAt: new Date(localMidnight(timeZone, 1) + HOUR), capacity: 12 },
    { startsAt: new Date(localMidnight(timeZone, 2) + HOUR), trainerUserId: trainer.userId },
    { startsAt: new Date(localMidnight(timeZone, -2) + HOUR), capacity: 5 },
    { startsAt: new Date(localMidnight(timeZone, 8) + HOUR) },
    { startsAt: new Date(todayStart + 2 * HOUR), status: 'cancelled' as const },
  ];
  const sessions = [];
  for (const values of sessionsAt) sessions.push(await insertSession(db, org, values));
  const bookingStatuses = ['booked', 'attended', 'waitlisted', 'cancelled', 'no_show'] as const;
  await db.insert(bookings).values(
    sessions.flatMap((s, si) =>
      people.slice(si * 5, si * 5 + 7).map((p, pi) => ({
        organizationId: org,
        sessionId: s.id,
        memberId: p.id,
        status: bookingStatuses[(si + pi) % bookingStatuses.length]!,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
      })),
    ),
  );
  for (const amount of ['20', '35.50'])
    expect(
      (
        await call(t.app, 'POST', '/api/payments', {
          cookie: owner.cookie,
          body: { memberId: people[1]!.id, amount, description: 'Drop-in', method: 'cash' },
        })
      ).status,
    ).toBe(201);
  return { owner, trainer, org };
}

describe('dashboards in one statement (issue 31)', () => {
  it('answer as the separate queries did, on both sides of every boundary', async () => {
    const db = t.deps.database.db;
    for (const [timeZone, ageDays] of [
      ['America/New_York', 120],
      ['Pacific/Kiritimati', 3],
    ] as const) {
      const { owner, trainer, org } = await seededStudio(timeZone, ageDays);
      for (const person of [owner, trainer]) {
        const home = await call(t.app, 'GET', '/api/dashboard/home', { cookie: person.cookie });
        expect(home.status, home.text).toBe(200);
        expect(home.body).toEqual(JSON.parse(JSON.stringify(await homeByParts(db, org))));
        expect(home.body.newestSignups).toHaveLength(5);
        expect(home.body.expiringMembers.length).toBeGreaterThan(0);
        expect(home.body.today.length).toBeGreaterThan(0);
        expect(home.body.classBookings.thisWeek).toBeGreaterThan(0);

        const summary = await call(t.app, 'GET', '/api/dashboard/summary', {
          cookie: person.cookie,
        });
        expect(summary.status, summary.text).toBe(200);
        const { span, ...figures } = summary.body;
        expect(span.currentStart).toEqual(expect.any(String));
        expect(figures).toEqual(
          JSON.parse(JSON.stringify(await summaryByParts(db, org, person.userId))),
        );
        expect(figures.recentVisits).toHaveLength(RECENT_ACTIVITY_LIMIT);
        expect(figures.checkIns.current).toBeGreaterThan(0);
        expect(figures.monthlyRevenue.current).toBe('55.50');
        expect(figures.membersAdded.previous === null).toBe(ageDays < 60);
      }
      // The home remembers the zone it last answered in: a changed zone is used at once.
      await db
        .update(organizations)
        .set({ timezone: 'Asia/Kolkata' })
        .where(eq(organizations.id, org));
      const moved = await call(t.app, 'GET', '/api/dashboard/home', { cookie: owner.cookie });
      expect(moved.body).toEqual(JSON.parse(JSON.stringify(await homeByParts(db, org))));
      const members = await call(t.app, 'GET', '/api/members/summary', { cookie: owner.cookie });
      const counts = await countMembersByStatus(db, org);
      expect(members.body).toMatchObject({
        totalMembers: counts.total,
        activeMembers: counts.active,
      });
      const payments = await call(t.app, 'GET', '/api/payments/summary', { cookie: owner.cookie });
      const revenue = await revenueByParts(db, org, new Date());
      expect(payments.body).toMatchObject({
        monthlyRevenue: revenue.current,
        previousMonthToDate: revenue.previous,
      });
    }
  });
});
