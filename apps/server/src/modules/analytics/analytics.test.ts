import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsOverview,
  MemberAnalytics,
  PerformanceAnalytics,
  RevenueAnalytics,
} from '@fitbase/domain/contracts/analytics';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { localDate, localToInstant } from '../../../test/fixtures/zones.ts';
import { memberVisits } from '../../db/schema/members.ts';
import { ledgerEntries, membershipPauses, memberships, plans } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings } from '../../db/schema/schedule.ts';

// docs/product/reports-and-analytics.md#analytics. Dates are built around today and the first
// day of this month in Asia/Tokyo (UTC+9 all year), computed here with Intl, not by the code
// under test.

const ZONE = 'Asia/Tokyo';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const today = () => localDate(ZONE);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;
const monthOf = (day: string) => day.slice(0, 7);
/** The instant of a local wall-clock time in the studio's zone. */
const at = (day: string, time: string) =>
  new Date(localToInstant(ZONE, Date.parse(`${day}T${time}:00Z`)));

async function studio(timeZone = ZONE) {
  const owner = await createOwner(t.app, 'enterprise');
  await t.deps.database.db
    .update(organizations)
    .set({ timezone: timeZone })
    .where(eq(organizations.id, owner.organization.id));
  return owner;
}

async function get<T>(cookie: string, path: string): Promise<T> {
  const res = await call(t.app, 'GET', `/api/analytics/${path}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body as T;
}

/**
 * The known studio:
 * A monthly 100.00 since M0-200, visits today 08:30 and 18:10 (one person, two visits);
 * B weekly 30.00 (130.00 a month) since M0-100, never visited;
 * C monthly 80.00 from M0-150 to M0-1 (expired this month);
 * D yearly 1200.00 (100.00 a month) since M0-40, paused from M0;
 * E an add-on only (no access: in no status);
 * F a class pack from M0 to today+40, visited 20 days ago at 12:00;
 * G monthly 50.00 since M0-10, never visited.
 */
async function knownStudio() {
  const owner = await studio();
  const org = owner.organization.id;
  const db = t.deps.database.db;
  const m0 = monthStart();
  const now = today();
  const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
  const people = await insertMembers(t, org, names.length, (i) => ({ lastName: names[i]! }));
  const [a, b, c, d, e, f, g] = people.map((p) => p.id) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const plan = async (
    kind: 'membership' | 'class_pack' | 'add_on',
    price: string,
    billingInterval: 'week' | 'month' | 'year' | null,
  ) => {
    const [row] = await db
      .insert(plans)
      .values({ organizationId: org, name: `${kind} ${price}`, kind, price, billingInterval })
      .returning();
    return row!.id;
  };
  const monthly = await plan('membership', '100.00', 'month');
  const weekly = await plan('membership', '30.00', 'week');
  const yearly = await plan('membership', '1200.00', 'year');
  const pack = await plan('class_pack', '40.00', null);
  const addOn = await plan('add_on', '10.00', null);
  const sell = async (
    memberId: string,
    planId: string,
    price: string,
    startDate: string,
    endDate: string | null = null,
    status: 'active' | 'expired' | 'paused' = 'active',
  ) => {
    const [row] = await db
      .insert(memberships)
      .values({ organizationId: org, memberId, planId, price, startDate, endDate, status })
      .returning();
    return row!.id;
  };
  const aShip = await sell(a, monthly, '100.00', shift(m0, -200));
  await sell(b, weekly, '30.00', shift(m0, -100));
  await sell(c, monthly, '80.00', shift(m0, -150), shift(m0, -1), 'expired');
  const dShip = await sell(d, yearly, '1200.00', shift(m0, -40), null, 'paused');
  await db
    .insert(membershipPauses)
    .values({ organizationId: org, membershipId: dShip, pausedOn: m0, resumedOn: null });
  await sell(e, addOn, '10.00', shift(m0, -30));
  const fShip = await sell(f, pack, '40.00', m0, shift(now, 40));
  await sell(g, monthly, '50.00', shift(m0, -10));

  await db.insert(memberVisits).values([
    { organizationId: org, memberId: a, visitDate: at(now, '08:30') },
    { organizationId: org, memberId: a, visitDate: at(now, '18:10'), visitType: 'class' },
    { organizationId: org, memberId: f, visitDate: at(shift(now, -20), '12:00') },
  ]);

  let key = 0;
  const entry = (values: Partial<typeof ledgerEntries.$inferInsert>) => ({
    organizationId: org,
    kind: 'charge' as const,
    purpose: 'plan' as const,
    status: 'paid' as const,
    amount: '0',
    description: 'test',
    idempotencyKey: `analytics-${org}-${(key += 1)}`,
    method: 'cash' as const,
    provider: 'manual' as const,
    ...values,
  });
  const [charge] = await db
    .insert(ledgerEntries)
    .values(
      entry({ amount: '100.00', memberId: a, membershipId: aShip, occurredAt: at(now, '00:05') }),
    )
    .returning();
  await db.insert(ledgerEntries).values([
    // A refund of part of A's charge counts in its charge's category (memberships).
    entry({
      kind: 'refund',
      amount: '-20.00',
      correctsId: charge!.id,
      memberId: a,
      occurredAt: at(now, '00:06'),
    }),
    entry({ purpose: 'order', amount: '15.50', occurredAt: at(now, '00:07') }),
    entry({ purpose: 'fee', amount: '5.00', memberId: b, occurredAt: at(now, '00:08') }),
    // Not sales: a failed and a pending charge.
    entry({ amount: '50.00', status: 'failed', memberId: g, occurredAt: at(now, '00:09') }),
    entry({ amount: '70.00', status: 'pending', memberId: g, occurredAt: at(now, '00:09') }),
    // Month boundaries in the studio's zone: 23:30 on the last day of last month counts there,
    // 00:01 on the first of this month here.
    entry({
      amount: '40.00',
      memberId: f,
      membershipId: fShip,
      occurredAt: at(shift(m0, -1), '23:30'),
    }),
    entry({ purpose: 'signup_fee', amount: '10.00', memberId: f, occurredAt: at(m0, '00:01') }),
  ]);

  // Class sessions today: 4 of 10 and 6 of 20 places taken; a cancelled one and an
  // appointment are not class utilisation.
  const yoga = await insertSession(db, org, {
    name: 'Yoga',
    startsAt: at(now, '10:00'),
    capacity: 10,
    bookedCount: 4,
    trainerUserId: owner.userId,
  });
  await insertSession(db, org, {
    name: 'Boxing',
    startsAt: at(now, '12:00'),
    capacity: 20,
    bookedCount: 6,
  });
  await insertSession(db, org, {
    name: 'Yoga',
    startsAt: at(now, '14:00'),
    capacity: 10,
    status: 'cancelled',
  });
  await insertSession(db, org, {
    name: 'Personal training',
    kind: 'appointment',
    startsAt: at(now, '16:00'),
    capacity: 1,
    bookedCount: 1,
  });
  await db.insert(bookings).values({
    organizationId: org,
    sessionId: yoga.id,
    memberId: a,
    status: 'attended',
    startsAt: yoga.startsAt,
    endsAt: yoga.endsAt,
  });
  return { owner, ids: { a, b, c, d, e, f, g } };
}

describe('analytics', () => {
  let known: Awaited<ReturnType<typeof knownStudio>>;
  beforeAll(async () => {
    known = await knownStudio();
  });

  it('overview: the cards, growth, revenue, attendance, utilisation and retention', async () => {
    const o = await get<AnalyticsOverview>(known.owner.cookie, 'overview');
    const now = today();
    const m0 = monthStart();
    const isoDow = ((new Date(`${now}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const before = shift(now, -20);
    const beforeDow = ((new Date(`${before}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    expect(o.today).toBe(now);
    expect(o.timeZone).toBe(ZONE);
    expect(o.cards).toEqual({
      totalMembers: 7,
      // 100 − 20 + 15.50 + 5 + 10 (sign-up fee at 00:01 on the 1st); not the failed or pending.
      monthlyRevenue: '110.50',
      // A visited twice: one person.
      activeToday: 1,
      // Scheduled sessions of the week (the appointment too, as on the dashboard).
      classesThisWeek: 3,
    });
    expect(o.memberGrowth).toHaveLength(12);
    expect(o.memberGrowth.at(-1)).toEqual({
      month: monthOf(now),
      day: now,
      active: 4,
      paused: 1,
      expired: 1,
    });
    expect(o.memberGrowth.at(-2)).toEqual({
      month: monthOf(shift(m0, -1)),
      day: shift(m0, -1),
      active: 5,
      paused: 0,
      expired: 0,
    });
    expect(o.revenueByMonth.at(-1)).toEqual({
      month: monthOf(now),
      total: '110.50',
      memberships: '80.00',
      packs: '0.00',
      dropIns: '0.00',
      retail: '15.50',
      fees: '15.00',
    });
    expect(o.revenueByMonth.at(-2)).toMatchObject({ total: '40.00', packs: '40.00' });
    expect(o.revenueByMonth.slice(0, -2).every((r) => r.total === '0.00')).toBe(true);
    const expectedCells = [
      { weekday: isoDow, hour: 8, visits: 1 },
      { weekday: isoDow, hour: 18, visits: 1 },
      { weekday: beforeDow, hour: 12, visits: 1 },
    ].sort((x, y) => x.weekday - y.weekday || x.hour - y.hour);
    expect(o.attendance).toEqual(expectedCells);
    expect(o.utilisation).toEqual({ taken: 10, capacity: 30, percent: 33.3 });
    expect(o.utilisationByWeek).toHaveLength(12);
    expect(o.utilisationByWeek.at(-1)).toMatchObject({ taken: 10, capacity: 30, percent: 33.3 });
    expect(o.utilisationByWeek[0]).toMatchObject({ taken: 0, capacity: 0, percent: null });
    // Active 90 days ago: A, B, C; still active today: A, B.
    expect(o.retention).toEqual({
      from: shift(now, -90),
      activeThen: 3,
      stillActive: 2,
      percent: 66.7,
    });
  });

  it('overview cards agree with the dashboard and the Sales report', async () => {
    const o = await get<AnalyticsOverview>(known.owner.cookie, 'overview');
    const dash = await call(t.app, 'GET', '/api/dashboard/summary', {
      cookie: known.owner.cookie,
    });
    expect(dash.status, dash.text).toBe(200);
    expect(o.cards.totalMembers).toBe(dash.body.memberCount);
    expect(o.cards.monthlyRevenue).toBe(dash.body.monthlyRevenue.current);
    expect(o.cards.classesThisWeek).toBe(dash.body.classesThisWeek);
    // The dashboard counts visits (2); Active Today counts people (1).
    expect(dash.body.activeToday).toBe(2);
    const sales = await call(t.app, 'GET', `/api/reports/sales?period=month&date=${today()}`, {
      cookie: known.owner.cookie,
    });
    expect(sales.status, sales.text).toBe(200);
    const total = (sales.body.figures as Array<{ key: string; value: unknown }>).find(
      (x) => x.key === 'total',
    );
    expect(total?.value).toBe(o.revenueByMonth.at(-1)!.total);
  });

  it('members: status mix, movement, retention, cohorts and the at-risk list', async () => {
    const m = await get<MemberAnalytics>(known.owner.cookie, 'members');
    const now = today();
    const m0 = monthStart();
    expect(m.statusMix).toEqual({ active: 4, paused: 1, expired: 1 });
    expect(m.growth.at(-1)).toMatchObject({ active: 4, paused: 1, expired: 1 });
    expect(m.movement.at(-1)).toEqual({
      month: monthOf(now),
      // A, B, F, G on the 1st (D paused, C ended the day before).
      atStart: 4,
      added: 0,
      lost: 0,
      atEnd: 4,
      churnPercent: 0,
    });
    expect(m.movement.at(-2)).toEqual({
      month: monthOf(shift(m0, -1)),
      atStart: 4,
      added: 1,
      lost: 0,
      atEnd: 5,
      churnPercent: 0,
    });
    expect(m.retention.percent).toBe(66.7);
    const cohort = (day: string) => m.cohorts.find((c) => c.month === monthOf(day));
    // B alone joined in M-4 and C alone in M-5: both active at the 1st, 2nd and 3rd month
    // ends after; the 6th has not come yet.
    expect(cohort(shift(m0, -100))).toEqual({
      month: monthOf(shift(m0, -100)),
      size: 1,
      retained: [100, 100, 100, null],
    });
    expect(cohort(shift(m0, -150))).toEqual({
      month: monthOf(shift(m0, -150)),
      size: 1,
      retained: [100, 100, 100, null],
    });
    // F joined this month: no month has ended since. The add-on (E) makes no cohort.
    expect(cohort(now)).toEqual({
      month: monthOf(now),
      size: 1,
      retained: [null, null, null, null],
    });
    expect(m.cohorts.reduce((n, c) => n + c.size, 0)).toBe(6);
    // Active today and no visit in 14 days: B and G (never), F (20 days ago).
    expect(m.atRisk.total).toBe(3);
    expect(m.atRisk.members.map((r) => [r.lastName, r.daysSinceVisit])).toEqual([
      ['Bravo', null],
      ['Golf', null],
      ['Foxtrot', 20],
    ]);
    expect(m.atRisk.members[2]!.lastVisit).toBe(at(shift(now, -20), '12:00').toISOString());
  });

  it('members: the status mix equals the Members report on the same day', async () => {
    const m = await get<MemberAnalytics>(known.owner.cookie, 'members');
    const res = await call(t.app, 'GET', `/api/reports/members?period=month&date=${today()}`, {
      cookie: known.owner.cookie,
    });
    expect(res.status, res.text).toBe(200);
    const figure = (key: string) =>
      (res.body.figures as Array<{ key: string; value: unknown }>).find((x) => x.key === key)
        ?.value;
    expect(figure('active')).toBe(m.statusMix.active);
    expect(figure('paused')).toBe(m.statusMix.paused);
    expect(figure('expired')).toBe(m.statusMix.expired);
  });

  it('revenue: by month and category, per member, and MRR with its movement', async () => {
    const r = await get<RevenueAnalytics>(known.owner.cookie, 'revenue');
    const now = today();
    const m0 = monthStart();
    expect(r.byMonth.at(-1)).toMatchObject({ total: '110.50', memberships: '80.00' });
    // 110.50 ÷ 4 active members today.
    expect(r.perMember.at(-1)).toEqual({
      month: monthOf(now),
      activeMembers: 4,
      average: '27.63',
    });
    expect(r.perMember.at(-2)).toEqual({
      month: monthOf(shift(m0, -1)),
      activeMembers: 5,
      average: '8.00',
    });
    // Last month's end: A 100 + B 130 (30 × 52 ÷ 12) + C 80 + D 100 (1200 ÷ 12) + G 50.
    expect(r.mrr.at(-2)).toMatchObject({ mrr: '460.00', day: shift(m0, -1) });
    // Today: C ended and D is paused; F's pack is not recurring.
    expect(r.mrr.at(-1)).toEqual({
      month: monthOf(now),
      day: now,
      mrr: '280.00',
      new: '0.00',
      churned: '180.00',
      net: '-180.00',
    });
    expect(r.mrr.at(-2)).toMatchObject({ new: '50.00', churned: '0.00', net: '50.00' });
  });

  it('performance: utilisation by class and trainer, attendance by hour', async () => {
    const p = await get<PerformanceAnalytics>(known.owner.cookie, 'performance');
    expect(p.utilisation).toEqual({ taken: 10, capacity: 30, percent: 33.3 });
    expect(p.classes).toEqual([
      { name: 'Boxing', sessions: 1, taken: 6, capacity: 20, attended: 0, percent: 30 },
      { name: 'Yoga', sessions: 1, taken: 4, capacity: 10, attended: 1, percent: 40 },
    ]);
    expect(p.trainers).toHaveLength(2);
    expect(p.trainers.find((x) => x.trainerId === known.owner.userId)).toMatchObject({
      sessions: 1,
      taken: 4,
      attended: 1,
      percent: 40,
    });
    expect(p.trainers.find((x) => x.trainerId === null)).toMatchObject({
      name: 'No trainer',
      taken: 6,
    });
    expect(p.attendance.reduce((n, c) => n + c.visits, 0)).toBe(3);
  });

  it('attendance by hour: visits are in their local hour in a zone 5:45 from UTC', async () => {
    // Kathmandu is UTC+5:45: local 08:59 and 09:00 are 03:14 and 03:15 UTC, one UTC hour.
    const zone = 'Asia/Kathmandu';
    const owner = await studio(zone);
    const [member] = await insertMembers(t, owner.organization.id, 1);
    const today = localDate(zone);
    const local = (time: string) =>
      new Date(localToInstant(zone, Date.parse(`${today}T${time}:00Z`)));
    await t.deps.database.db.insert(memberVisits).values(
      ['08:59', '09:00', '09:44', '09:45'].map((time) => ({
        organizationId: owner.organization.id,
        memberId: member!.id,
        visitDate: local(time),
      })),
    );
    const weekday = ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const p = await get<PerformanceAnalytics>(owner.cookie, 'performance');
    expect(p.attendance).toEqual([
      { weekday, hour: 8, visits: 1 },
      { weekday, hour: 9, visits: 3 },
    ]);
  });

  it('a new studio gets zeros and empty lists, never invented figures', async () => {
    const owner = await studio('America/New_York');
    const o = await get<AnalyticsOverview>(owner.cookie, 'overview');
    expect(o.cards).toEqual({
      totalMembers: 0,
      monthlyRevenue: '0.00',
      activeToday: 0,
      classesThisWeek: 0,
    });
    expect(o.memberGrowth.every((g) => g.active + g.paused + g.expired === 0)).toBe(true);
    expect(o.revenueByMonth.every((r) => r.total === '0.00')).toBe(true);
    expect(o.attendance).toEqual([]);
    expect(o.utilisation).toEqual({ taken: 0, capacity: 0, percent: null });
    expect(o.retention).toMatchObject({ activeThen: 0, stillActive: 0, percent: null });
    const m = await get<MemberAnalytics>(owner.cookie, 'members');
    expect(m.statusMix).toEqual({ active: 0, paused: 0, expired: 0 });
    expect(m.cohorts.every((c) => c.size === 0 && c.retained.every((x) => x === null))).toBe(true);
    expect(m.atRisk).toEqual({ total: 0, members: [] });
    expect(m.movement.every((x) => x.churnPercent === null)).toBe(true);
    const r = await get<RevenueAnalytics>(owner.cookie, 'revenue');
    expect(r.mrr.every((x) => x.mrr === '0.00' && x.net === '0.00')).toBe(true);
    expect(r.perMember.every((x) => x.average === null)).toBe(true);
    const p = await get<PerformanceAnalytics>(owner.cookie, 'performance');
    expect(p).toMatchObject({ classes: [], trainers: [], attendance: [] });
  });

  it('is for owners and admins (reports.view)', async () => {
    const { personWithRole } = await import('../../../test/fixtures/members.ts');
    const staff = await personWithRole(t, known.owner.organization.id, 'staff');
    const res = await call(t.app, 'GET', '/api/analytics/overview', { cookie: staff.cookie });
    expect(res.status).toBe(403);
  });
});
