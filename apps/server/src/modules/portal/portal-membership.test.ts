import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { memberships } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { sendMembershipEmail } from '../memberships/membership-mail.ts';
import { runMembershipLifecycle } from '../memberships/memberships-jobs.service.ts';
import { addDays } from '@fitbase/domain/recurrence';

// docs/product/member-portal.md#membership: cancelling online, as easy as joining.

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  slug = owner.organization.slug;
});
afterAll(async () => t?.close());

async function memberWithPlan(plan: Record<string, unknown>) {
  const created = await call(t.app, 'POST', '/api/plans', { cookie: owner.cookie, body: plan });
  expect(created.status, created.text).toBe(201);
  const member = await addMember(t, owner.cookie);
  const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
    cookie: owner.cookie,
    body: { planId: created.body.id, method: 'cash' },
  });
  expect(sold.status, sold.text).toBe(201);
  const { cookie } = await signInMember(t, slug, member.email);
  return { member, membershipId: sold.body.membership?.id ?? sold.body.id, cookie };
}

const monthly = (extra: Record<string, unknown> = {}) => ({
  name: `Unlimited ${Math.random().toString(36).slice(2, 7)}`,
  kind: 'membership',
  price: '99.00',
  billingInterval: 'month',
  ...extra,
});

describe('the Membership page', () => {
  it('shows the plan, its next charge and that it can be cancelled', async () => {
    const { cookie, membershipId } = await memberWithPlan(monthly());
    const res = await call(t.app, 'GET', `/api/m/${slug}/memberships`, { cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.memberships).toHaveLength(1);
    expect(res.body.memberships[0]).toMatchObject({
      id: membershipId,
      kind: 'membership',
      status: 'active',
      nextChargeAmount: '99.00',
      ending: false,
      canCancel: true,
    });
    expect(res.body.memberships[0].nextChargeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('states the last day before confirming, then cancels: billed no further, emailed', async () => {
    const { cookie, membershipId, member } = await memberWithPlan(monthly());
    const terms = await call(
      t.app,
      'GET',
      `/api/m/${slug}/memberships/${membershipId}/cancel-terms`,
      {
        cookie,
      },
    );
    expect(terms.status, terms.text).toBe(200);
    expect(terms.body.message).toContain('the end of the current billing period');
    const cancelled = await call(
      t.app,
      'POST',
      `/api/m/${slug}/memberships/${membershipId}/cancel`,
      {
        cookie,
        body: { reason: 'Moving away' },
      },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.lastDay).toBe(terms.body.lastDay);
    const [row] = await t.deps.database.db
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, owner.organization.id),
          eq(memberships.id, membershipId),
        ),
      );
    expect(row).toMatchObject({
      cancelAtPeriodEnd: true,
      endDate: terms.body.lastDay,
      nextBillingDate: null,
      cancelReason: 'Moving away',
    });
    // Staff see it on the member: the membership ends on that day.
    const staffView = await call(t.app, 'GET', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
    });
    expect(staffView.body.memberships[0]).toMatchObject({
      cancelAtPeriodEnd: true,
      endDate: terms.body.lastDay,
    });
    // The confirmation email, sent by the job the cancel queued with it.
    const { rows: queued } = await t.deps.database.executeSql(
      `select data from pgboss.job where name = 'memberships.email'`,
    );
    expect(
      (queued as Array<{ data: { membershipId: string } }>).map((r) => r.data.membershipId),
    ).toContain(membershipId);
    const before = t.mail.length;
    await sendMembershipEmail(t.deps, {
      type: 'cancelled_online',
      organizationId: owner.organization.id,
      membershipId,
    });
    const mail = t.mail.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(member.email);
    expect(mail[0]!.subject).toMatch(/membership ends on/);
    // Twice is refused with what is true.
    const again = await call(t.app, 'POST', `/api/m/${slug}/memberships/${membershipId}/cancel`, {
      cookie,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('already ends on');
  });

  it("follows the plan's minimum term and the studio's notice period", async () => {
    const saved = await call(t.app, 'PUT', '/api/settings/membership-rules', {
      cookie: owner.cookie,
      body: { cancelNoticeDays: 45, pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 },
    });
    expect(saved.status, saved.text).toBe(200);
    const withNotice = await memberWithPlan(monthly());
    const notice = await call(
      t.app,
      'GET',
      `/api/m/${slug}/memberships/${withNotice.membershipId}/cancel-terms`,
      { cookie: withNotice.cookie },
    );
    expect(notice.body.message).toContain("45 days' notice");
    const withTerm = await memberWithPlan(monthly({ minimumTermPeriods: 12 }));
    const term = await call(
      t.app,
      'GET',
      `/api/m/${slug}/memberships/${withTerm.membershipId}/cancel-terms`,
      { cookie: withTerm.cookie },
    );
    expect(term.body.message).toContain('minimum term of 12 months');
    expect(term.body.lastDay > notice.body.lastDay).toBe(true);
    const bad = await call(t.app, 'PUT', '/api/settings/membership-rules', {
      cookie: owner.cookie,
      body: { cancelNoticeDays: 400, pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Notice period is at most 180 days');
    await call(t.app, 'PUT', '/api/settings/membership-rules', {
      cookie: owner.cookie,
      body: { cancelNoticeDays: 0, pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 },
    });
  });

  it("answers another member's membership like one that does not exist", async () => {
    const mine = await memberWithPlan(monthly());
    const theirs = await memberWithPlan(monthly());
    const foreign = await call(
      t.app,
      'POST',
      `/api/m/${slug}/memberships/${theirs.membershipId}/cancel`,
      { cookie: mine.cookie, body: {} },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Membership not found');
  });
});

describe('Pause membership', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const pause = (cookie: string, id: string, firstDay: string, lastDay: string) =>
    call(t.app, 'POST', `/api/m/${slug}/memberships/${id}/pause`, {
      cookie,
      body: { firstDay, lastDay },
    });
  const row = async (id: string) =>
    (
      await t.deps.database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.organizationId, owner.organization.id), eq(memberships.id, id)))
    )[0]!;

  const setLocale = (locale: string) =>
    t.deps.database.db
      .update(organizations)
      .set({ locale })
      .where(eq(organizations.id, owner.organization.id));

  it('pauses from today at once: billing moves by the paused days', async () => {
    const { cookie, membershipId } = await memberWithPlan(monthly());
    const before = await row(membershipId);
    const res = await pause(cookie, membershipId, today(), addDays(today(), 9));
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toMatch(
      /is paused from .* and resumes on .*\. Your next charge moves to/,
    );
    const after = await row(membershipId);
    expect(after).toMatchObject({
      status: 'paused',
      pausedOn: today(),
      resumesOn: addDays(today(), 10),
      nextBillingDate: addDays(before.nextBillingDate!, 10),
    });
  });

  it("writes the pause's dates the studio's way (de-DE: 12.01.2027)", async () => {
    const { cookie, membershipId } = await memberWithPlan(monthly());
    const first = addDays(today(), 3);
    const last = addDays(first, 13);
    const german = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    await setLocale('de-DE');
    try {
      const res = await pause(cookie, membershipId, first, last);
      expect(res.status, res.text).toBe(200);
      expect(res.body.message).toContain(
        `is paused from ${german(first)} to ${german(last)} and resumes on ${german(addDays(last, 1))}.`,
      );
      const again = await pause(cookie, membershipId, addDays(first, 30), addDays(first, 40));
      expect(again.body.error.message).toContain(`already has a pause booked from ${german(first)}.`);
    } finally {
      await setLocale('en-US');
    }
  });

  it('books a later pause that the daily lifecycle starts on its first day', async () => {
    const { cookie, membershipId, member } = await memberWithPlan(monthly());
    const first = addDays(today(), 3);
    const res = await pause(cookie, membershipId, first, addDays(first, 13));
    expect(res.status, res.text).toBe(200);
    expect(await row(membershipId)).toMatchObject({ status: 'active', pauseStartsOn: first });
    const list = await call(t.app, 'GET', `/api/m/${slug}/memberships`, { cookie });
    const shown = list.body.memberships.find((m: { id: string }) => m.id === membershipId);
    expect(shown).toMatchObject({
      canPause: false,
      scheduledPause: { firstDay: first, lastDay: addDays(first, 13) },
    });
    expect(list.body.pauseRules).toEqual({ pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 });
    // Staff see the booked pause on the member.
    const staffView = await call(t.app, 'GET', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
    });
    expect(
      staffView.body.memberships.find((m: { id: string }) => m.id === membershipId),
    ).toMatchObject({ pauseStartsOn: first, pauseResumesOn: addDays(first, 14) });
    await runMembershipLifecycle(t.deps, new Date(`${first}T12:00:00Z`));
    expect(await row(membershipId)).toMatchObject({
      status: 'paused',
      pausedOn: first,
      resumesOn: addDays(first, 14),
      pauseStartsOn: null,
    });
  });

  it("keeps to the studio's rules and names the one it refuses", async () => {
    const { cookie, membershipId } = await memberWithPlan(monthly());
    const short = await pause(cookie, membershipId, today(), addDays(today(), 2));
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('A pause lasts at least 7 days: this one is 3.');
    const long = await pause(cookie, membershipId, today(), addDays(today(), 90));
    expect(long.body.error.message).toBe('A pause lasts at most 90 days: this one is 91.');
    await call(t.app, 'PUT', '/api/settings/membership-rules', {
      cookie: owner.cookie,
      body: { cancelNoticeDays: 0, pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 0 },
    });
    const none = await pause(cookie, membershipId, today(), addDays(today(), 9));
    expect(none.body.error.message).toBe(
      'This studio does not take pauses online: ask the studio.',
    );
    await call(t.app, 'PUT', '/api/settings/membership-rules', {
      cookie: owner.cookie,
      body: { cancelNoticeDays: 0, pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 },
    });
  });
});
