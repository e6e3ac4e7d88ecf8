import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { memberVisits } from '../../db/schema/members.ts';
import { ledgerEntries } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { addMember, insertMembers } from '../../../test/fixtures/members.ts';
import { localMidnight, localToInstant, zoneOffset } from '../../../test/fixtures/zones.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/**
 * The comparison spans computed independently of the server: month to date, and the same
 * wall-clock length from the start of the previous month, capped at that month's end.
 */
function spansIn(timeZone: string, now = Date.now()) {
  const localNow = now + zoneOffset(timeZone, now);
  const local = new Date(localNow);
  const monthLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  const previousLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1);
  const previousEndLocal = Math.min(previousLocal + (localNow - monthLocal), monthLocal);
  return {
    currentStart: localToInstant(timeZone, monthLocal),
    previousStart: localToInstant(timeZone, previousLocal),
    previousEnd: localToInstant(timeZone, previousEndLocal),
  };
}

const DAY = 86_400_000;

describe('GET /api/dashboard/summary', () => {
  it('counts visits since the start of today in the organization time zone, not UTC', async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata']) {
      const owner = await createOwner(t.app);
      const orgId = owner.organization.id;
      await t.deps.database.db
        .update(organizations)
        .set({ timezone: timeZone })
        .where(eq(organizations.id, orgId));
      const member = await addMember(t, owner.cookie);
      const start = localMidnight(timeZone);
      const minute = 60_000;
      // Just after and just before local midnight; a UTC-day count would disagree with 1 for these zones.
      await t.deps.database.db.insert(memberVisits).values([
        {
          organizationId: orgId,
          memberId: member.id,
          visitDate: new Date(Math.min(start + minute, Date.now())),
        },
        { organizationId: orgId, memberId: member.id, visitDate: new Date(start - minute) },
        { organizationId: orgId, memberId: member.id, visitDate: new Date(start - 20 * 3_600_000) },
      ]);
      const res = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect(res.body.activeToday, timeZone).toBe(1);
    }
  });

  it('shows member count against the plan limit and the last five visits with names, newest first', async () => {
    const owner = await createOwner(t.app, 'basic');
    await insertMembers(t, owner.organization.id, 4);
    const ann = await addMember(t, owner.cookie, { firstName: 'Ann', lastName: 'Lee' });
    const ben = await addMember(t, owner.cookie, { firstName: 'Ben', lastName: 'Ode' });
    const checkIn = (id: string) =>
      call(t.app, 'POST', `/api/members/${id}/visits`, { cookie: owner.cookie });
    for (const id of [ann.id, ben.id, ann.id, ben.id, ann.id, ben.id])
      expect((await checkIn(id)).status).toBe(201);

    const res = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: owner.cookie });
    expect(res.body).toMatchObject({ memberCount: 6, maxMembers: 100, activeToday: 6 });
    expect(res.body.recentVisits).toHaveLength(5);
    expect(res.body.recentVisits[0]).toMatchObject({
      visitType: 'check_in',
      member: { id: ben.id, firstName: 'Ben', lastName: 'Ode', profilePhotoUrl: null },
    });
    const dates = res.body.recentVisits.map((v: { visitDate: string }) => Date.parse(v.visitDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const enterprise = await createOwner(t.app, 'enterprise');
    const empty = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: enterprise.cookie });
    expect(empty.body).toMatchObject({
      memberCount: 0,
      maxMembers: null,
      activeToday: 0,
      recentVisits: [],
      membersAdded: { current: 0, previous: null },
      checkIns: { current: 0, previous: null },
    });
  });

  it('compares the month so far with the same span of the previous month, in the studio time zone', async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata']) {
      const owner = await createOwner(t.app);
      const orgId = owner.organization.id;
      // The studio has existed for a while, so the previous span is a whole period.
      await t.deps.database.db
        .update(organizations)
        .set({ timezone: timeZone, createdAt: new Date(Date.now() - 90 * DAY) })
        .where(eq(organizations.id, orgId));
      const expected = spansIn(timeZone);
      const minute = 60_000;
      const previousMiddle = new Date((expected.previousStart + expected.previousEnd) / 2);
      // In the previous span: its first instant and its middle. Outside both spans: just before
      // the previous month, and (when the span ends before the month does) just after its end.
      const previousRows = [new Date(expected.previousStart), previousMiddle];
      const outsideRows = [new Date(expected.previousStart - minute)];
      if (expected.previousEnd + minute < expected.currentStart)
        outsideRows.push(new Date(expected.previousEnd + minute));
      const inserted = await insertMembers(
        t,
        orgId,
        previousRows.length + outsideRows.length,
        (i) => ({
          createdAt: [...previousRows, ...outsideRows][i],
        }),
      );
      // This month: three members created now, one of them checked in twice.
      await insertMembers(t, orgId, 2);
      const member = await addMember(t, owner.cookie);
      for (let i = 0; i < 2; i += 1)
        expect(
          (await call(t.app, 'POST', `/api/members/${member.id}/visits`, { cookie: owner.cookie }))
            .status,
        ).toBe(201);
      await t.deps.database.db.insert(memberVisits).values([
        ...previousRows.map((visitDate) => ({
          organizationId: orgId,
          memberId: inserted[0]!.id,
          visitDate,
        })),
        ...outsideRows.map((visitDate) => ({
          organizationId: orgId,
          memberId: inserted[0]!.id,
          visitDate,
        })),
      ]);
      // Monthly Revenue (ledger): paid minus refunded in each span; outside rows never count.
      const ledgerRow = (occurredAt: Date, amount: string, i: number) => ({
        organizationId: orgId,
        kind: amount.startsWith('-') ? ('refund' as const) : ('charge' as const),
        purpose: 'fee' as const,
        status: 'paid' as const,
        amount,
        description: `Payment ${i}`,
        idempotencyKey: `dashboard-${i}`,
        method: 'cash' as const,
        provider: 'manual' as const,
        occurredAt,
      });
      const [charged] = await t.deps.database.db
        .insert(ledgerEntries)
        .values([
          ledgerRow(previousRows[0]!, '10.00', 0),
          ledgerRow(previousRows[1]!, '10.00', 1),
          ...outsideRows.map((at, i) => ledgerRow(at, '100.00', 2 + i)),
          ledgerRow(new Date(), '7.25', 9),
        ])
        .returning({ id: ledgerEntries.id });
      await t.deps.database.db
        .insert(ledgerEntries)
        .values({ ...ledgerRow(previousMiddle, '-2.50', 10), correctsId: charged!.id });

      const res = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: owner.cookie });
      expect(res.status).toBe(200);
      const span = res.body.span as Record<string, string>;
      expect(Date.parse(span.currentStart!), timeZone).toBe(expected.currentStart);
      expect(Date.parse(span.previousStart!), timeZone).toBe(expected.previousStart);
      expect(Math.abs(Date.parse(span.previousEnd!) - expected.previousEnd), timeZone).toBeLessThan(
        10_000,
      );
      expect(Math.abs(Date.parse(span.currentEnd!) - Date.now()), timeZone).toBeLessThan(10_000);
      expect(res.body.membersAdded, timeZone).toEqual({ current: 3, previous: 2 });
      expect(res.body.checkIns, timeZone).toEqual({ current: 2, previous: 2 });
      expect(res.body.monthlyRevenue, timeZone).toEqual({ current: '7.25', previous: '17.50' });
    }
  });

  it('has no previous period for a studio created after that period began', async () => {
    const owner = await createOwner(t.app);
    const member = await addMember(t, owner.cookie);
    await call(t.app, 'POST', `/api/members/${member.id}/visits`, { cookie: owner.cookie });
    // Even with older rows (imported history), a studio younger than the span has no whole
    // period to compare with.
    await insertMembers(t, owner.organization.id, 1, () => ({
      createdAt: new Date(Date.now() - 40 * DAY),
    }));
    const res = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: owner.cookie });
    expect(res.body.membersAdded).toEqual({ current: 1, previous: null });
    expect(res.body.checkIns).toEqual({ current: 1, previous: null });
    expect(res.body.monthlyRevenue).toEqual({ current: '0.00', previous: null });
  });

  it("counts only the caller's studio in both spans", async () => {
    const a = await createOwner(t.app);
    const b = await createOwner(t.app);
    await t.deps.database.db
      .update(organizations)
      .set({ createdAt: new Date(Date.now() - 90 * DAY) })
      .where(eq(organizations.id, b.organization.id));
    const member = await addMember(t, a.cookie);
    await call(t.app, 'POST', `/api/members/${member.id}/visits`, { cookie: a.cookie });
    const res = await call(t.app, 'GET', '/api/dashboard/summary', { cookie: b.cookie });
    expect(res.body.membersAdded).toEqual({ current: 0, previous: 0 });
    expect(res.body.checkIns).toEqual({ current: 0, previous: 0 });
  });
});

describe('member visits', () => {
  it('a check-in records a visit now, listed newest first on the member', async () => {
    const owner = await createOwner(t.app);
    const member = await addMember(t, owner.cookie);
    const before = Date.now();
    const first = await call(t.app, 'POST', `/api/members/${member.id}/visits`, {
      cookie: owner.cookie,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ memberId: member.id, visitType: 'check_in' });
    expect(Math.abs(Date.parse(first.body.visitDate) - before)).toBeLessThan(60_000);
    const second = await call(t.app, 'POST', `/api/members/${member.id}/visits`, {
      cookie: owner.cookie,
    });
    const list = await call(t.app, 'GET', `/api/members/${member.id}/visits`, {
      cookie: owner.cookie,
    });
    expect(list.body.map((v: { id: string }) => v.id)).toEqual([second.body.id, first.body.id]);
  });
});
