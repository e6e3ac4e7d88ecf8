import { HOME_CARD_IDS } from '@fitbase/domain/home-cards';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, insertMembers, validCard } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { addProduct } from '../../../test/fixtures/store.ts';
import { localDate, localMidnight } from '../../../test/fixtures/zones.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { memberVisits } from '../../db/schema/members.ts';
import { conversations } from '../../db/schema/messaging.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings } from '../../db/schema/schedule.ts';
import { leads } from '../../db/schema/connect.ts';

// docs/product/dashboards.md#cards-you-choose: every card's figure is the figure of the screen
// or report it links to. One studio with data on both sides of each boundary; the cards'
// answers (GET /api/dashboard/home and /api/dashboard/home/cards) against the answers of
// those screens' and reports' own endpoints, for the same data.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Session = { id: string; status: string; startsAt: string; capacity: number };

describe('each home card answers as the screen or report behind it', () => {
  it.each(['America/New_York', 'Pacific/Kiritimati'])('in %s', async (timeZone) => {
    const owner = await createOwner(t.app, 'pro');
    const org = owner.organization.id;
    const cookie = owner.cookie;
    const db = t.deps.database.db;
    const get = async (path: string) => {
      const res = await call(t.app, 'GET', path, { cookie });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body;
    };
    await db.update(organizations).set({ timezone: timeZone }).where(eq(organizations.id, org));
    const now = Date.now();

    // Members: three added now through the API, others added 20 and 40 days ago in every status.
    const people: Array<Awaited<ReturnType<typeof addMember>>> = [];
    for (let i = 0; i < 3; i++) people.push(await addMember(t, cookie));
    const older = await insertMembers(t, org, 8, (i) => ({
      createdAt: new Date(now - (i < 4 ? 20 : 40) * DAY),
      membershipStatus: (['active', 'inactive', 'cancelled', 'suspended'] as const)[i % 4],
    }));

    // Check-ins: now, an hour ago (today unless the day just began) and two days ago.
    await db.insert(memberVisits).values(
      [0, HOUR, 2 * DAY].map((ago) => ({
        organizationId: org,
        memberId: older[0]!.id,
        visitDate: new Date(now - ago),
        visitType: 'check_in' as const,
      })),
    );

    // Sessions today (started, still to start), later this week, a cancelled one; bookings in
    // every status.
    const todayStart = localMidnight(timeZone, 0);
    const tomorrowStart = localMidnight(timeZone, 1);
    const soon = Math.min(now + 10 * 60_000, tomorrowStart - 60_000);
    const sessionRows = [
      { startsAt: new Date(todayStart + 60_000), capacity: 8 },
      { startsAt: new Date(soon), capacity: 12 },
      { startsAt: new Date(tomorrowStart + HOUR), capacity: 5 },
      { startsAt: new Date(localMidnight(timeZone, 3) + HOUR), capacity: 6 },
      { startsAt: new Date(soon), capacity: 9, status: 'cancelled' as const },
    ];
    const sessions = [];
    for (const values of sessionRows) sessions.push(await insertSession(db, org, values));
    const statuses = [
      'booked',
      'attended',
      'waitlisted',
      'cancelled',
      'no_show',
      'booked',
    ] as const;
    await db.insert(bookings).values(
      sessions.flatMap((s, si) =>
        [...people, ...older].slice(si, si + 6).map((p, pi) => ({
          organizationId: org,
          sessionId: s.id,
          memberId: p.id,
          status: statuses[(si + pi) % statuses.length]!,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
        })),
      ),
    );

    // Money: a paid drop-in and a sale declined on the card ending 0002 (a failed charge).
    expect(
      (
        await call(t.app, 'POST', '/api/payments', {
          cookie,
          body: { memberId: people[0]!.id, amount: '25', description: 'Drop-in', method: 'cash' },
        })
      ).status,
    ).toBe(201);
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie,
      body: { name: 'Gold Monthly', kind: 'membership', price: '99.00', billingInterval: 'month' },
    });
    expect(plan.status, plan.text).toBe(201);
    const card = await call(t.app, 'POST', `/api/members/${people[1]!.id}/payment-methods`, {
      cookie,
      body: validCard({ cardLastFour: '0002', isDefault: true }),
    });
    expect(card.status, card.text).toBe(201);
    const declined = await call(t.app, 'POST', `/api/members/${people[1]!.id}/memberships`, {
      cookie,
      body: { planId: plan.body.id, method: 'card' },
    });
    expect(declined.status, declined.text).toBe(409);

    // Memberships ending today: one that ends, one followed by another, one add-on.
    const today = localDate(timeZone, 0);
    await runInStudio(db, org, async (tx) => {
      const planOf = async (name: string, kind: string) =>
        (
          (await tx.execute(sql`insert into plans (organization_id, name, kind, price, billing_interval)
            values (${org}, ${name}, ${kind}, '50.00', ${kind === 'membership' ? 'month' : null})
            returning id`)) as unknown as { rows: Array<{ id: string }> }
        ).rows[0]!.id;
      const access = await planOf('Ten Weeks', 'membership');
      const addOn = await planOf('Towels', 'add_on');
      const membership = (memberId: string, planId: string, start: string, end: string | null) =>
        tx.execute(sql`insert into memberships (organization_id, member_id, plan_id, status, price,
          start_date, end_date) values (${org}, ${memberId}, ${planId}, 'active', '50.00',
          ${start}, ${end})`);
      await membership(older[1]!.id, access, localDate(timeZone, -40), today);
      await membership(older[2]!.id, access, localDate(timeZone, -40), today);
      await membership(older[2]!.id, access, localDate(timeZone, 1), null);
      await membership(older[3]!.id, addOn, localDate(timeZone, -40), today);
    });

    // Leads: two this month, one 40 days ago.
    for (const name of ['Lena', 'Liam', 'Lola']) {
      const lead = await call(t.app, 'POST', '/api/leads', {
        cookie,
        body: { firstName: name, lastName: 'Lead', email: `${name.toLowerCase()}-${org}@x.test` },
      });
      expect(lead.status, lead.text).toBe(201);
      if (name === 'Lola')
        await db
          .update(leads)
          .set({ createdAt: new Date(now - 40 * DAY) })
          .where(eq(leads.id, lead.body.id));
    }

    // Store: low, out of stock, fine, and a low product no longer sold.
    await addProduct(t, cookie, { initialStock: 2, lowStockThreshold: 3 });
    await addProduct(t, cookie, { initialStock: 0, lowStockThreshold: 0 });
    await addProduct(t, cookie, { initialStock: 10, lowStockThreshold: 3 });
    const retired = await addProduct(t, cookie, { initialStock: 1, lowStockThreshold: 5 });
    expect(
      (
        await call(t.app, 'PATCH', `/api/products/${retired.id}`, {
          cookie,
          body: { isActive: false },
        })
      ).status,
    ).toBe(200);

    // Conversations with replies read and unread.
    await db.insert(conversations).values(
      [3, 0, 1].map((unreadCount, i) => ({
        organizationId: org,
        memberId: older[i]!.id,
        replyToken: `token-${org}-${i}`,
        unreadCount,
        lastMessageAt: new Date(now - i * HOUR),
      })),
    );

    // Every card on the owner's home.
    const saved = await call(t.app, 'PUT', '/api/dashboard/home/cards', {
      cookie,
      body: { cards: [...HOME_CARD_IDS] },
    });
    expect(saved.status, saved.text).toBe(200);
    const home = await get('/api/dashboard/home');
    const { figures } = await get('/api/dashboard/home/cards');

    // Class Bookings and Bookings vs Capacity: the schedule's sessions and their rosters.
    const listed = async (from: number, to: number): Promise<Session[]> =>
      (
        await get(
          `/api/sessions?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
        )
      ).sessions.filter(
        (s: Session) =>
          s.status === 'scheduled' && Date.parse(s.startsAt) >= from && Date.parse(s.startsAt) < to,
      );
    const placesTaken = async (list: Session[]) => {
      let n = 0;
      for (const s of list) {
        const roster = await get(`/api/sessions/${s.id}/roster`);
        n += roster.bookings.filter((b: { status: string }) =>
          ['booked', 'attended'].includes(b.status),
        ).length;
      }
      return n;
    };
    // The studio is en-US: its week starts on Sunday (the locale's first day, ADR 0038).
    const sinceSunday = new Date(`${today}T12:00:00Z`).getUTCDay();
    const weekStart = localMidnight(timeZone, -sinceSunday);
    const weekEnd = localMidnight(timeZone, 7 - sinceSunday);
    const week = await listed(weekStart, weekEnd);
    const todays = await listed(todayStart, tomorrowStart);
    expect(home.classBookings).toEqual({
      today: await placesTaken(todays),
      thisWeek: await placesTaken(week),
    });
    expect(home.classBookings.today).toBeGreaterThan(0);
    expect(home.bookingsVsCapacity.capacity).toBe(week.reduce((n, s) => n + s.capacity, 0));
    expect(home.bookingsVsCapacity.booked).toBe(home.classBookings.thisWeek);

    // Upcoming Classes: the schedule's sessions from now to the end of today.
    const upcoming = await listed(Date.now() - 1_000, tomorrowStart);
    expect(figures.upcomingClasses).toBe(
      upcoming.filter((s) => Date.parse(s.startsAt) >= now).length,
    );
    if (tomorrowStart - now > 15 * 60_000) expect(figures.upcomingClasses).toBeGreaterThan(0);

    // Active Members and New Members: the members directory's cards.
    const members = await get('/api/members/summary');
    expect(home.activeMembers).toBe(members.activeMembers);
    expect(figures.newMembers).toBe(members.newThisMonth);
    expect(figures.newMembers).toBe(7);

    // Monthly Revenue: the payments summary and the Sales report for this month.
    const payments = await get('/api/payments/summary');
    const sales = await get('/api/reports/sales');
    const figureOf = (report: { figures: Array<{ key: string; value: unknown }> }, key: string) =>
      report.figures.find((f) => f.key === key)!.value;
    expect(home.monthlyRevenue).toBe(payments.monthlyRevenue);
    expect(home.monthlyRevenue).toBe(figureOf(sales, 'total'));
    expect(home.monthlyRevenue).toBe('25.00');

    // Check-ins Today: the plan dashboard's Active Today.
    expect(figures.checkInsToday).toBe((await get('/api/dashboard/summary')).activeToday);
    expect(figures.checkInsToday).toBeGreaterThan(0);

    // Failed Payments and Expiring Memberships: their reports for this month.
    const failed = await get('/api/reports/failed-payments?period=month');
    expect(figures.failedPayments).toBe(figureOf(failed, 'count'));
    expect(figures.failedPayments).toBe(1);
    const expiring = await get('/api/reports/expiring-members?period=month');
    expect(figures.expiringMemberships).toBe(figureOf(expiring, 'expiring'));
    expect(figures.expiringMemberships).toBe(1);

    // Leads This Month: the leads the Leads screen lists, added this month.
    const monthStart = localMidnight(timeZone, 1 - Number(today.slice(8, 10)));
    const listedLeads = (await get('/api/leads?limit=100')).items as Array<{ createdAt: string }>;
    expect(figures.leadsThisMonth).toBe(
      listedLeads.filter((l) => Date.parse(l.createdAt) >= monthStart).length,
    );
    expect(figures.leadsThisMonth).toBe(2);

    // Low Stock: the store's summary. Unread Messages: the conversations' unread counts.
    expect(figures.lowStock).toBe((await get('/api/store/summary')).lowStock);
    expect(figures.lowStock).toBe(2);
    const threads = (await get('/api/conversations?status=all')).conversations as Array<{
      unreadCount: number;
    }>;
    expect(figures.unreadMessages).toBe(threads.reduce((n, c) => n + c.unreadCount, 0));
    expect(figures.unreadMessages).toBe(4);
  });
});
