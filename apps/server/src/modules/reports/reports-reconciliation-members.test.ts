import { daysBetween } from '@fitbase/domain/membership-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { localDate } from '../../../test/fixtures/zones.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { setTimeZone } from '../payments/payments-fixtures.ts';

// docs/product/reports-and-analytics.md#definitions: the membership reports of January and
// February 2026, every figure worked out by hand below. Memberships run on local calendar days,
// so both studios (Los Angeles, UTC-8, and Auckland, UTC+13) hold the same history and the same
// counts; what differs is what is stored as an instant: Dee's last visit and Eli's pack sale.
// Rows are written by SQL with past dates (the API sells from today).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/**
 * The history both studios get (end null: open-ended; a stopped open-ended one ends on its start):
 *  Ana  Monthly 2025-11-01..2026-01-31 expired; Monthly 2026-02-01.. active, paused Feb 20 to
 *       Mar 10 (the renewal: Continuing)
 *  Ben  Monthly 2025-12-01..12-31 expired; Monthly 2026-01-10..02-09 cancelled at period end
 *       (after a gap: Returning)
 *  Cyd  Trial 2026-01-05..01-11 expired (First-Time); Monthly 2026-01-12.. active (Continuing);
 *       Towel add-on 2026-02-03..12-31 (Continuing; gives no access)
 *  Dee  Monthly 2026-01-20, stopped the day it started (cancelled, no end: covers Jan 20 only);
 *       last visit 2026-01-21T07:30Z = Jan 20 23:30 in LA, Jan 21 20:30 in Auckland
 *  Eli  Pack (5 credits) 2026-02-14..02-28 expired; Pack 2026-03-01.. active with 3 credits left,
 *       sold 2026-02-28T11:30Z = Feb 28 03:30 in LA, Mar 1 00:30 in Auckland
 *
 * Status (A active, P paused, E expired, - none) on the days that matter:
 *          Dec 1  Dec 31  Jan 1  Jan 31  Feb 1  Feb 28
 *  Ana     A      A       A      A       A      P
 *  Ben     A      A       E      A       A      E
 *  Cyd     -      -       -      A       A      A
 *  Dee     -      -       -      E       E      E
 *  Eli     -      -       -      -       -      A
 * Overview as of Jan 31: 3 active, 0 paused, 1 expired (Dec 31: 2, 0, 0);
 *          as of Feb 28: 2 active, 1 paused, 2 expired.
 * Movement Jan: at start 1 (Ana), added Ben and Cyd, lost none, at end 3, attrition 0 %;
 *          Feb: at start 3, added Eli, lost Ana (paused) and Ben, at end 2, attrition 2/3 = 66.7 %;
 *          Dec (January's previous): 2, 0, 0, 2, 0 %.
 * New Jan: memberships Ben Returning, Cyd Continuing, Dee First-Time; trials Cyd First-Time.
 *     Feb: memberships Ana Continuing; credits Eli First-Time; add-ons Cyd Continuing.
 * Expiring Jan: Dee (Jan 20, Cancelled); Ana's Jan 31 and Cyd's trial are followed the next day.
 *          Feb: Ben (Feb 9, Cancelled at period end); Eli's first pack is followed on Mar 1.
 * Lost Jan: Dee (last visit on her local day). Feb: Ben (no visit). Eli's open pack: not lost.
 */

const JAN = 'period=month&date=2026-01-15';
const FEB = 'period=month&date=2026-02-15';

async function buildStudio(zone: string) {
  const owner = await createOwner(t.app, 'pro');
  const org = owner.organization.id;
  const db = t.deps.database.db;
  await setTimeZone(db, org, zone);
  const names = ['Ana', 'Ben', 'Cyd', 'Dee', 'Eli'];
  const rows = await insertMembers(t, org, names.length, (i) => ({
    firstName: names[i]!,
    lastName: 'Recon',
  }));
  const id = Object.fromEntries(names.map((n, i) => [n, rows[i]!.id]));
  await runInStudio(db, org, async (tx) => {
    const exec = async (q: ReturnType<typeof sql>) =>
      (await tx.execute(q)) as unknown as { rows: Array<{ id: string }> };
    const plan: Record<string, string> = {};
    for (const [name, kind, credits] of [
      ['Monthly', 'membership', null],
      ['Trial', 'trial', null],
      ['Towel', 'add_on', null],
      ['Pack', 'class_pack', 5],
    ] as const) {
      const { rows: r } = await exec(sql`
        insert into plans (organization_id, name, kind, price, billing_interval, credits)
        values (${org}, ${name}, ${kind}, '50.00', ${kind === 'membership' ? 'month' : null},
          ${credits}) returning id`);
      plan[name] = r[0]!.id;
    }
    const add = async (
      member: string,
      planName: string,
      start: string,
      end: string | null,
      status: string,
      extra: { atPeriodEnd?: boolean; credits?: number; soldAt?: string } = {},
    ) => {
      const { rows: r } = await exec(sql`
        insert into memberships (organization_id, member_id, plan_id, status, price, start_date,
          end_date, cancel_at_period_end, credits_remaining, created_at)
        values (${org}, ${id[member]!}, ${plan[planName]!}, ${status}, '50.00', ${start}, ${end},
          ${extra.atPeriodEnd ?? false}, ${extra.credits ?? null},
          ${extra.soldAt ?? `${start}T12:00:00Z`})
        returning id`);
      return r[0]!.id;
    };
    await add('Ana', 'Monthly', '2025-11-01', '2026-01-31', 'expired');
    const renewal = await add('Ana', 'Monthly', '2026-02-01', null, 'active');
    await exec(sql`insert into membership_pauses (organization_id, membership_id, paused_on, resumed_on)
      values (${org}, ${renewal}, '2026-02-20', '2026-03-10')`);
    await add('Ben', 'Monthly', '2025-12-01', '2025-12-31', 'expired');
    await add('Ben', 'Monthly', '2026-01-10', '2026-02-09', 'cancelled', { atPeriodEnd: true });
    await add('Cyd', 'Trial', '2026-01-05', '2026-01-11', 'expired');
    await add('Cyd', 'Monthly', '2026-01-12', null, 'active');
    await add('Cyd', 'Towel', '2026-02-03', '2026-12-31', 'active');
    await add('Dee', 'Monthly', '2026-01-20', null, 'cancelled');
    await add('Eli', 'Pack', '2026-02-14', '2026-02-28', 'expired', { credits: 2 });
    await add('Eli', 'Pack', '2026-03-01', null, 'active', {
      credits: 3,
      soldAt: '2026-02-28T11:30:00Z',
    });
    await exec(sql`insert into member_visits (organization_id, member_id, visit_date)
      values (${org}, ${id.Dee!}, '2026-01-21T07:30:00Z')`);
  });
  return { cookie: owner.cookie, id };
}

type Body = {
  figures: Array<{ key: string; value: unknown; previous?: unknown }>;
  chart: { points: Array<Record<string, unknown>> } | null;
  rows: Array<Record<string, unknown>>;
  total: number;
};
const figures = (body: Body) =>
  Object.fromEntries(body.figures.map((f) => [f.key, [f.value, f.previous]]));

for (const studio of [
  { zone: 'America/Los_Angeles', deeVisit: '2026-01-20', packSold: '2026-02-28' },
  { zone: 'Pacific/Auckland', deeVisit: '2026-01-21', packSold: '2026-03-01' },
])
  describe(`membership reconciliation in ${studio.zone}`, () => {
    let s: Awaited<ReturnType<typeof buildStudio>>;
    beforeAll(async () => {
      s = await buildStudio(studio.zone);
    });
    const get = async (id: string, query: string): Promise<Body> => {
      const res = await call(t.app, 'GET', `/api/reports/${id}?${query}`, { cookie: s.cookie });
      expect(res.status, `${id}?${query}: ${res.text}`).toBe(200);
      return res.body as Body;
    };
    const rowsOf = async (id: string, query: string, keys: string[]) =>
      (await get(id, query)).rows.map((r) => keys.map((k) => r[k]));

    it('Members: status at each period end and the net movement', async () => {
      expect(figures(await get('members', JAN))).toEqual({
        active: [3, 2],
        paused: [0, 0],
        expired: [1, 0],
      });
      const feb = await get('members', FEB);
      expect(figures(feb)).toEqual({ active: [2, 3], paused: [1, 0], expired: [2, 1] });
      // Feb 5: Ana, Ben, Cyd active, Dee expired, Eli not yet a member.
      expect(feb.chart!.points.find((p) => p.day === '2026-02-05')).toEqual({
        day: '2026-02-05',
        active: 3,
        paused: 0,
        expired: 1,
      });
      const janMoves = await get('members', `${JAN}&tab=movement`);
      expect(figures(janMoves)).toEqual({
        atStart: [1, 2],
        added: [2, 0],
        lost: [0, 0],
        atEnd: [3, 2],
        attrition: [0, 0],
      });
      expect(janMoves.rows.map((r) => [r.member, r.change, r.plan])).toEqual([
        ['Ben Recon', 'Added', 'Monthly'],
        ['Cyd Recon', 'Added', 'Monthly'],
      ]);
      const febMoves = await get('members', `${FEB}&tab=movement`);
      expect(figures(febMoves)).toEqual({
        atStart: [3, 1],
        added: [1, 2],
        lost: [2, 0],
        atEnd: [2, 3],
        attrition: [66.7, 0],
      });
      expect(febMoves.rows.map((r) => [r.member, r.change, r.plan])).toEqual([
        ['Ana Recon', 'Lost', 'Monthly'],
        ['Ben Recon', 'Lost', 'Monthly'],
        ['Eli Recon', 'Added', 'Pack'],
      ]);
    });

    it('New memberships: each tab, each row First-Time, Returning or Continuing', async () => {
      const jan = await get('new-memberships', JAN);
      expect(figures(jan)).toMatchObject({
        total: [3, undefined],
        first_time: [1, undefined],
        returning: [1, undefined],
        continuing: [1, undefined],
      });
      const cols = ['member', 'plan', 'start', 'origin'];
      expect(jan.rows.map((r) => cols.map((k) => r[k]))).toEqual([
        ['Ben Recon', 'Monthly', '2026-01-10', 'Returning'],
        ['Cyd Recon', 'Monthly', '2026-01-12', 'Continuing'],
        ['Dee Recon', 'Monthly', '2026-01-20', 'First-Time'],
      ]);
      expect(await rowsOf('new-memberships', `${JAN}&tab=trials`, cols)).toEqual([
        ['Cyd Recon', 'Trial', '2026-01-05', 'First-Time'],
      ]);
      expect(await rowsOf('new-memberships', `${JAN}&tab=credits`, cols)).toEqual([]);
      expect(await rowsOf('new-memberships', `${JAN}&tab=add-ons`, cols)).toEqual([]);

      const feb = await get('new-memberships', FEB);
      expect(figures(feb)).toMatchObject({
        total: [1, undefined],
        first_time: [0, undefined],
        returning: [0, undefined],
        continuing: [1, undefined],
      });
      expect(feb.rows.map((r) => cols.map((k) => r[k]))).toEqual([
        ['Ana Recon', 'Monthly', '2026-02-01', 'Continuing'],
      ]);
      expect(await rowsOf('new-memberships', `${FEB}&tab=credits`, cols)).toEqual([
        ['Eli Recon', 'Pack', '2026-02-14', 'First-Time'],
      ]);
      expect(await rowsOf('new-memberships', `${FEB}&tab=add-ons`, cols)).toEqual([
        ['Cyd Recon', 'Towel', '2026-02-03', 'Continuing'],
      ]);
      expect(await rowsOf('new-memberships', `${FEB}&tab=trials`, cols)).toEqual([]);
    });

    it('Expiring and lost members', async () => {
      const cols = ['member', 'plan', 'lastDay', 'reason'];
      const expJan = await get('expiring-members', JAN);
      expect(figures(expJan)).toEqual({ expiring: [1, undefined] });
      expect(expJan.rows.map((r) => cols.map((k) => r[k]))).toEqual([
        ['Dee Recon', 'Monthly', '2026-01-20', 'Cancelled'],
      ]);
      const expFeb = await get('expiring-members', FEB);
      expect(figures(expFeb)).toEqual({ expiring: [1, undefined] });
      expect(expFeb.rows.map((r) => cols.map((k) => r[k]))).toEqual([
        ['Ben Recon', 'Monthly', '2026-02-09', 'Cancelled at period end'],
      ]);

      const today = localDate(studio.zone);
      const lostJan = await get('lost-members', JAN);
      expect(figures(lostJan)).toEqual({ lost: [1, undefined] });
      expect(lostJan.rows).toEqual([
        {
          memberId: s.id.Dee,
          member: 'Dee Recon',
          plan: 'Monthly',
          lastDay: '2026-01-20',
          lastVisit: studio.deeVisit,
          daysSinceVisit: daysBetween(studio.deeVisit, today),
        },
      ]);
      const lostFeb = await get('lost-members', FEB);
      expect(figures(lostFeb)).toEqual({ lost: [1, undefined] });
      expect(lostFeb.rows).toEqual([
        {
          memberId: s.id.Ben,
          member: 'Ben Recon',
          plan: 'Monthly',
          lastDay: '2026-02-09',
          lastVisit: null,
          daysSinceVisit: null,
        },
      ]);
    });

    it('Active credit packs (today, whatever the period): Eli’s open pack only', async () => {
      const body = await get('credit-packs', FEB);
      expect(figures(body)).toEqual({ packs: [1, undefined], credits: [3, undefined] });
      expect(body.rows).toEqual([
        expect.objectContaining({
          member: 'Eli Recon',
          plan: 'Pack',
          credits: 3,
          ofTotal: 5,
          soldOn: studio.packSold,
          expiresOn: null,
        }),
      ]);
    });
  });
