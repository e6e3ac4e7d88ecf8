import { addDays } from '@fitbase/domain/recurrence';
import { daysBetween } from '@fitbase/domain/membership-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, insertMembers } from '../../../test/fixtures/members.ts';
import { localDate } from '../../../test/fixtures/zones.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runInStudio } from '../../context/run-in-studio.ts';

// docs/product/reports-and-analytics.md#membership: a New York studio whose history is inserted
// with past dates (the API sells from today). September 2026 is the period, August the previous.

const ZONE = 'America/New_York';
let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let org: string;
const plans: Record<string, string> = {};
const ids: Record<string, string> = {};

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const exec = (q: ReturnType<typeof sql>) =>
  runInStudio(t.deps.database.db, org, async (tx) => rowsOf(await tx.execute(q)));

async function plan(name: string, kind: string, credits: number | null = null) {
  const [row] = await exec(sql`
    insert into plans (organization_id, name, kind, price, billing_interval, credits)
    values (${org}, ${name}, ${kind}, '50.00', ${kind === 'membership' ? 'month' : null}, ${credits})
    returning id`);
  plans[name] = row!.id as string;
}

async function membership(
  memberId: string,
  planName: string,
  start: string,
  end: string | null,
  status: string,
  extra: { cancelAtPeriodEnd?: boolean; credits?: number; price?: string } = {},
) {
  const [row] = await exec(sql`
    insert into memberships (organization_id, member_id, plan_id, status, price, start_date,
      end_date, cancel_at_period_end, credits_remaining)
    values (${org}, ${memberId}, ${plans[planName]!}, ${status}, ${extra.price ?? '50.00'},
      ${start}, ${end}, ${extra.cancelAtPeriodEnd ?? false}, ${extra.credits ?? null})
    returning id`);
  return row!.id as string;
}

async function report(path: string) {
  const res = await call(t.app, 'GET', `/api/reports/${path}`, { cookie: owner.cookie });
  expect(res.status, res.text).toBe(200);
  return res.body as {
    figures: Array<{ key: string; value: unknown; previous?: unknown }>;
    chart: { points: Array<Record<string, unknown>> } | null;
    rows: Array<Record<string, unknown>>;
    total: number;
    period: { from: string; to: string };
  };
}
const figures = (body: { figures: Array<{ key: string; value: unknown; previous?: unknown }> }) =>
  Object.fromEntries(body.figures.map((f) => [f.key, [f.value, f.previous]]));

const SEPT = 'period=month&date=2026-09-10';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  org = owner.organization.id;
  await t.deps.database.db.execute(
    sql`update organizations set timezone = ${ZONE} where id = ${org}`,
  );
  await plan('Monthly Unlimited', 'membership');
  await plan('Towel Service', 'add_on');
  await plan('10 Class Pack', 'class_pack', 10);
  const person = (firstName: string, lastName: string) =>
    addMember(t, owner.cookie, { firstName, lastName });
  for (const [key, first, last] of [
    ['ava', 'Ava', 'Adams'],
    ['ben', 'Ben', 'Brown'],
    ['cara', 'Cara', 'Clark'],
    ['dan', 'Dan', 'Davis'],
    ['eve', 'Eve', 'Evans'],
    ['finn', 'Finn', 'Ford'],
  ] as const)
    ids[key] = (await person(first, last)).id;

  // Ava: open since July; paused Sep 10, active again Sep 20.
  const ava = await membership(ids.ava!, 'Monthly Unlimited', '2026-07-01', null, 'active');
  await exec(sql`insert into membership_pauses (organization_id, membership_id, paused_on, resumed_on)
    values (${org}, ${ava}, '2026-09-10', '2026-09-20')`);
  // Ben: August, renewed without a gap on Sep 1 (Continuing).
  await membership(ids.ben!, 'Monthly Unlimited', '2026-08-01', '2026-08-31', 'expired');
  await membership(ids.ben!, 'Monthly Unlimited', '2026-09-01', null, 'active', {
    price: '45.00',
  });
  // Cara: June–July, back on Sep 10 after a gap (Returning).
  await membership(ids.cara!, 'Monthly Unlimited', '2026-06-01', '2026-07-31', 'expired');
  await membership(ids.cara!, 'Monthly Unlimited', '2026-09-10', null, 'active', {
    price: '60.00',
  });
  // Dan: Aug 15 – Sep 14, not renewed; his add-on runs on but gives no access.
  await membership(ids.dan!, 'Monthly Unlimited', '2026-08-15', '2026-09-14', 'expired');
  await membership(ids.dan!, 'Towel Service', '2026-09-01', '2026-12-31', 'active');
  // Eve: first ever on Sep 5, cancelled at period end on Sep 25.
  await membership(ids.eve!, 'Monthly Unlimited', '2026-09-05', '2026-09-25', 'cancelled', {
    cancelAtPeriodEnd: true,
  });
  // Dan's last visit: 23:30 New York on Sep 13 (03:30 UTC on Sep 14).
  await exec(sql`insert into member_visits (organization_id, member_id, visit_date)
    values (${org}, ${ids.dan!}, '2026-09-14T03:30:00Z')`);
});
afterAll(async () => t?.close());

describe('Members report', () => {
  it('counts Active, Paused and Expired as of each day from the history, with the previous period', async () => {
    const body = await report(`members?${SEPT}`);
    expect(body.period).toMatchObject({ from: '2026-09-01', to: '2026-09-30' });
    // Sep 30: Ava, Ben, Cara active; Dan and Eve expired. Aug 31: Ava, Ben, Dan; Cara expired.
    expect(figures(body)).toEqual({
      active: [3, 3],
      paused: [0, 0],
      expired: [2, 1],
    });
    const points = body.chart!.points;
    expect(points).toHaveLength(30);
    expect(points.find((p) => p.day === '2026-09-09')).toEqual({
      day: '2026-09-09',
      active: 4,
      paused: 0,
      expired: 1,
    });
    // Sep 15: Ava paused, Dan's membership ended (the add-on does not count).
    expect(points.find((p) => p.day === '2026-09-15')).toEqual({
      day: '2026-09-15',
      active: 3,
      paused: 1,
      expired: 1,
    });
    // The table: one row per day, paged by 10.
    expect(body.total).toBe(30);
    expect(body.rows.map((r) => r.day)).toEqual(
      Array.from({ length: 10 }, (_, i) => addDays('2026-09-01', i)),
    );
    const last = await report(`members?${SEPT}&page=3&sort=day&dir=desc`);
    expect(last.rows.map((r) => r.day)).toEqual(
      Array.from({ length: 10 }, (_, i) => addDays('2026-09-10', -i)),
    );
  });

  it('nets the movement: members at start, added, lost, at end and attrition', async () => {
    const body = await report(`members?${SEPT}&tab=movement`);
    expect(figures(body)).toEqual({
      atStart: [3, 2],
      added: [1, 1],
      lost: [1, 0],
      atEnd: [3, 3],
      attrition: [33.3, 0],
    });
    expect(body.rows).toEqual([
      { memberId: ids.cara, member: 'Cara Clark', change: 'Added', plan: 'Monthly Unlimited' },
      { memberId: ids.dan, member: 'Dan Davis', change: 'Lost', plan: 'Monthly Unlimited' },
    ]);
    const desc = await report(`members?${SEPT}&tab=movement&sort=member&dir=desc`);
    expect(desc.rows.map((r) => r.member)).toEqual(['Dan Davis', 'Cara Clark']);
    const csv = await call(t.app, 'GET', `/api/reports/members/export?${SEPT}&tab=movement`, {
      cookie: owner.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n')).toEqual([
      'Member,Change,Plan',
      'Cara Clark,Added,Monthly Unlimited',
      'Dan Davis,Lost,Monthly Unlimited',
    ]);
  });

  it('a new studio shows zeros and no rows', async () => {
    const other = await createOwner(t.app);
    const res = await call(t.app, 'GET', `/api/reports/members?${SEPT}&tab=movement`, {
      cookie: other.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([]);
    expect(res.body.figures.map((f: { value: unknown }) => f.value)).toEqual([0, 0, 0, 0, null]);
  });
});

describe('New memberships, expiring and lost members', () => {
  it('lists memberships started in the period with their origin, by tab', async () => {
    const body = await report(`new-memberships?${SEPT}`);
    expect(figures(body)).toMatchObject({
      total: [3, undefined],
      first_time: [1, undefined],
      returning: [1, undefined],
      continuing: [1, undefined],
    });
    expect(body.rows).toEqual([
      {
        memberId: ids.ben,
        member: 'Ben Brown',
        plan: 'Monthly Unlimited',
        start: '2026-09-01',
        price: '45.00',
        origin: 'Continuing',
      },
      {
        memberId: ids.eve,
        member: 'Eve Evans',
        plan: 'Monthly Unlimited',
        start: '2026-09-05',
        price: '50.00',
        origin: 'First-Time',
      },
      {
        memberId: ids.cara,
        member: 'Cara Clark',
        plan: 'Monthly Unlimited',
        start: '2026-09-10',
        price: '60.00',
        origin: 'Returning',
      },
    ]);
    const byPrice = await report(`new-memberships?${SEPT}&sort=price&dir=asc`);
    expect(byPrice.rows.map((r) => r.member)).toEqual(['Ben Brown', 'Eve Evans', 'Cara Clark']);
    expect(body.chart!.points).toHaveLength(30);
    expect(body.chart!.points[0]).toEqual({
      bucket: '2026-09-01',
      first_time: 0,
      returning: 0,
      continuing: 1,
    });
    const addOns = await report(`new-memberships?${SEPT}&tab=add-ons`);
    expect(addOns.rows.map((r) => [r.member, r.plan, r.origin])).toEqual([
      ['Dan Davis', 'Towel Service', 'Continuing'],
    ]);
    const august = await report('new-memberships?period=month&date=2026-08-01');
    expect(august.rows.map((r) => [r.member, r.origin])).toEqual([
      ['Ben Brown', 'First-Time'],
      ['Dan Davis', 'First-Time'],
    ]);
  });

  it('lists memberships ending without a renewal, with the reason and contact', async () => {
    const body = await report(`expiring-members?${SEPT}`);
    expect(figures(body)).toEqual({ expiring: [2, undefined] });
    expect(body.rows).toMatchObject([
      { member: 'Dan Davis', plan: 'Monthly Unlimited', lastDay: '2026-09-14', reason: 'Ends' },
      {
        member: 'Eve Evans',
        lastDay: '2026-09-25',
        reason: 'Cancelled at period end',
        email: expect.stringContaining('@example.com'),
      },
    ]);
    // Ben's August membership was renewed the next day: not expiring.
    const august = await report('expiring-members?period=month&date=2026-08-20');
    expect(august.rows).toEqual([]);
    expect(august.total).toBe(0);
    const csv = await call(t.app, 'GET', `/api/reports/expiring-members/export?${SEPT}`, {
      cookie: owner.cookie,
    });
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('Member,Plan,Last day,Reason,Email,Phone');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'Dan Davis,Monthly Unlimited,2026-09-14,Ends',
      'Eve Evans,Monthly Unlimited,2026-09-25,Cancelled at period end',
    ]);
  });

  it('lists lost members with their last visit in the studio zone', async () => {
    const today = localDate(ZONE);
    const body = await report(`lost-members?${SEPT}`);
    expect(figures(body)).toEqual({ lost: [2, undefined] });
    expect(body.rows).toEqual([
      {
        memberId: ids.eve,
        member: 'Eve Evans',
        plan: 'Monthly Unlimited',
        lastDay: '2026-09-25',
        lastVisit: null,
        daysSinceVisit: null,
      },
      {
        memberId: ids.dan,
        member: 'Dan Davis',
        plan: 'Monthly Unlimited',
        lastDay: '2026-09-14',
        lastVisit: '2026-09-13',
        daysSinceVisit: daysBetween('2026-09-13', today),
      },
    ]);
    const byVisit = await report(`lost-members?${SEPT}&sort=lastVisit&dir=asc`);
    expect(byVisit.rows.map((r) => r.member)).toEqual(['Dan Davis', 'Eve Evans']);
  });
});

describe('Active credit packs', () => {
  it('shows packs active today with credits left, paged and sorted', async () => {
    const today = localDate(ZONE);
    const bulk = await insertMembers(t, org, 13, (i) => ({
      firstName: 'Pack',
      lastName: `Holder ${String(i).padStart(2, '0')}`,
    }));
    for (const [i, m] of bulk.entries()) {
      // 0–10 active with 1–11 credits; 11 has none left; 12 expired yesterday.
      const end = i === 12 ? addDays(today, -1) : addDays(today, 20 + i);
      await membership(m.id, '10 Class Pack', addDays(today, -30), end, 'active', {
        credits: i === 11 ? 0 : i + 1,
      });
    }
    const body = await report('credit-packs');
    expect(figures(body)).toEqual({ packs: [11, undefined], credits: [66, undefined] });
    expect(body.total).toBe(11);
    expect(body.rows).toHaveLength(10);
    expect(body.rows[0]).toMatchObject({
      member: 'Pack Holder 00',
      plan: '10 Class Pack',
      credits: 1,
      ofTotal: 10,
      soldOn: today,
      expiresOn: addDays(today, 20),
    });
    const second = await report('credit-packs?page=2');
    expect(second.rows.map((r) => r.member)).toEqual(['Pack Holder 10']);
    const byCredits = await report('credit-packs?sort=credits&dir=desc');
    expect(byCredits.rows[0]).toMatchObject({ member: 'Pack Holder 10', credits: 11 });
  });
});

describe('pause and resume through the API', () => {
  it('writes membership_pauses and the Members report follows it for the day', async () => {
    const today = localDate(ZONE);
    const planRes = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: { name: 'API Monthly', kind: 'membership', price: '80.00', billingInterval: 'month' },
    });
    expect(planRes.status, planRes.text).toBe(201);
    const before = figures(await report('members?period=week'));
    const member = await addMember(t, owner.cookie, { firstName: 'Gus', lastName: 'Green' });
    const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
      body: { planId: planRes.body.id, method: 'cash' },
    });
    expect(sold.status, sold.text).toBe(201);
    const paused = await call(t.app, 'POST', `/api/memberships/${sold.body.id}/pause`, {
      cookie: owner.cookie,
      body: { resumesOn: addDays(today, 10) },
    });
    expect(paused.status, paused.text).toBe(200);
    const pauses = () =>
      exec(sql`select to_char(paused_on, 'YYYY-MM-DD') as paused_on,
        to_char(resumed_on, 'YYYY-MM-DD') as resumed_on
        from membership_pauses where organization_id = ${org} and membership_id = ${sold.body.id}`);
    expect(await pauses()).toEqual([{ paused_on: today, resumed_on: null }]);
    const whilePaused = figures(await report('members?period=week'));
    expect(whilePaused.paused![0]).toBe((before.paused![0] as number) + 1);
    expect(whilePaused.active![0]).toBe(before.active![0]);

    const resumed = await call(t.app, 'POST', `/api/memberships/${sold.body.id}/resume`, {
      cookie: owner.cookie,
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect(await pauses()).toEqual([{ paused_on: today, resumed_on: today }]);
    const after = figures(await report('members?period=week'));
    expect(after.paused![0]).toBe(before.paused![0]);
    expect(after.active![0]).toBe((before.active![0] as number) + 1);
  });
});
