import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, insertMembers, personWithRole } from '../../../test/fixtures/members.ts';
import { personWithRole as platformPerson } from '../../../test/fixtures/owner-portal.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { notifications } from '../../db/schema/settings.ts';
import { storeReply } from '../conversations/conversations-inbound.service.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { seedMember, seedMonthlyMembership } from '../payments/payments-fixtures.ts';
import { runDailySummary } from '../../use-cases/daily-summary.ts';
import { sendNotificationEmail } from './notifications-jobs.service.ts';
import { notificationEmailJob } from './notifications.jobs.ts';

// docs/product/settings-and-help.md#notifications

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Studio = Awaited<ReturnType<typeof createOwner>>;

async function bell(cookie: string) {
  const res = await call(t.app, 'GET', '/api/notifications', { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body as {
    notifications: Array<{
      id: string;
      event: string;
      title: string;
      body: string;
      link: string | null;
      read: boolean;
    }>;
    unreadCount: number;
  };
}

async function emailJobs(userId: string) {
  const { rows } = await t.deps.database.executeSql(
    `select data from pgboss.job where name = 'notifications.email' and data->>'userId' = $1
     order by created_on`,
    [userId],
  );
  return (rows as Array<{ data: Record<string, unknown> }>).map((r) => r.data);
}

async function savePrefs(cookie: string, body: { emailEvents: string[]; bellEvents: string[] }) {
  const res = await call(t.app, 'PUT', '/api/settings/notifications', { cookie, body });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const createLead = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/leads', { cookie, body });

describe('who hears of an event', () => {
  let owner: Studio;
  let admin: Awaited<ReturnType<typeof personWithRole>>;
  let trainer: Awaited<ReturnType<typeof personWithRole>>;
  let staff: Awaited<ReturnType<typeof personWithRole>>;
  beforeAll(async () => {
    owner = await createOwner(t.app, 'pro');
    admin = await personWithRole(t, owner.organization.id, 'admin');
    trainer = await personWithRole(t, owner.organization.id, 'trainer');
    staff = await personWithRole(t, owner.organization.id, 'staff');
  });

  it('a new lead reaches owners, admins and the lead owner, never the person who added it', async () => {
    const res = await createLead(admin.cookie, {
      firstName: 'Lena',
      lastName: 'Lifter',
      email: 'lena@example.com',
      ownerUserId: staff.userId,
    });
    expect(res.status, res.text).toBe(201);
    const ownerBell = await bell(owner.cookie);
    expect(ownerBell.unreadCount).toBe(1);
    expect(ownerBell.notifications[0]).toMatchObject({
      event: 'new_lead',
      title: 'New lead: Lena Lifter',
      link: `/connect/sources?lead=${res.body.id}`,
      read: false,
    });
    expect((await bell(staff.cookie)).unreadCount).toBe(1);
    expect((await bell(admin.cookie)).unreadCount).toBe(0);
    expect((await bell(trainer.cookie)).unreadCount).toBe(0);

    // New lead is a default email event: one queued email for the owner, none for the admin.
    const jobs = await emailJobs(owner.userId);
    expect(jobs).toHaveLength(1);
    expect(await emailJobs(admin.userId)).toHaveLength(0);
    const before = t.mail.length;
    await sendNotificationEmail(t.deps, notificationEmailJob.payload.parse(jobs[0]));
    const [mail] = t.mail.slice(before);
    expect(mail?.to).toBe(owner.email);
    expect(mail?.subject).toBe(`New lead: Lena Lifter · Gym ${owner.organization.slug}`);
    expect(mail?.text).toContain(`http://localhost:3000/connect/sources?lead=${res.body.id}`);
    expect(mail?.text).toContain('Settings → Notifications');
  });

  it("follows each person's preferences: bell off, email on", async () => {
    await savePrefs(owner.cookie, { emailEvents: ['new_member'], bellEvents: ['new_lead'] });
    await savePrefs(admin.cookie, { emailEvents: [], bellEvents: [] });
    const before = (await bell(owner.cookie)).unreadCount;
    const jobsBefore = (await emailJobs(owner.userId)).length;
    const member = await addMember(t, staff.cookie, { firstName: 'Max', lastName: 'Member' });
    // Owner: no bell for new members now, but an email.
    expect((await bell(owner.cookie)).unreadCount).toBe(before);
    const jobs = await emailJobs(owner.userId);
    expect(jobs).toHaveLength(jobsBefore + 1);
    expect(jobs.at(-1)).toMatchObject({
      event: 'new_member',
      title: 'New member: Max Member',
      link: `/member/${member.id}`,
    });
    // Admin chose nothing; the staff person who added the member is not told.
    expect((await bell(admin.cookie)).notifications.some((n) => n.event === 'new_member')).toBe(
      false,
    );
    expect((await bell(staff.cookie)).notifications.some((n) => n.event === 'new_member')).toBe(
      false,
    );
  });

  it('a cancellation and the waitlist promotion reach the session trainer too', async () => {
    const orgId = owner.organization.id;
    const session = await insertSession(t.deps.database.db, orgId, {
      capacity: 1,
      trainerUserId: trainer.userId,
      startsAt: hoursFromNow(48),
    });
    const [a, b] = await insertMembers(t, orgId, 2, (i) => ({
      firstName: 'Member',
      lastName: `No${i}`,
    }));
    const first = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: a!.id },
    });
    expect(first.status, first.text).toBe(201);
    const second = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: b!.id },
    });
    expect(second.body.status).toBe('waitlisted');
    const cancelled = await call(t.app, 'POST', `/api/bookings/${first.body.id}/cancel`, {
      cookie: owner.cookie,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const events = (await bell(trainer.cookie)).notifications.map((n) => n.event);
    expect(events).toEqual(['waitlist_promoted', 'booking_cancelled']);
    // The owner cancelled: they are not told of their own action.
    const ownerEvents = (await bell(owner.cookie)).notifications.map((n) => n.event);
    expect(ownerEvents).not.toContain('booking_cancelled');
  });
});

describe('a failed billing charge', () => {
  it('reaches owners and admins in the bell and by email (a default email event)', async () => {
    const owner = await createOwner(t.app, 'pro');
    const orgId = owner.organization.id;
    const trainer = await personWithRole(t, orgId, 'trainer');
    const { memberId } = await seedMember(t.deps.database.db, orgId, { lastFour: '0002' });
    await seedMonthlyMembership(t.deps.database.db, orgId, memberId, '2026-11-23');
    const stats = await runBilling(t.deps, new Date('2026-11-23T12:00:00Z'), {
      organizationId: orgId,
    });
    expect(stats.failed).toBe(1);
    const [notice] = (await bell(owner.cookie)).notifications;
    expect(notice).toMatchObject({
      event: 'payment_failed',
      link: `/member/${memberId}/payment`,
    });
    expect(notice!.body).toMatch(/^\$49\.00 for .+\. Next try on Nov 24, 2026\.$/);
    expect((await bell(trainer.cookie)).notifications).toEqual([]);
    expect((await emailJobs(owner.userId)).map((j) => j.event)).toEqual(['payment_failed']);
  });

  it("quotes the amount and the retry day in the studio's currency and locale (ADR 0038)", async () => {
    const owner = await createOwner(t.app, 'pro');
    const orgId = owner.organization.id;
    await t.deps.database.db
      .update(organizations)
      .set({ currency: 'EUR', locale: 'de-DE' })
      .where(eq(organizations.id, orgId));
    const { memberId } = await seedMember(t.deps.database.db, orgId, { lastFour: '0002' });
    await seedMonthlyMembership(t.deps.database.db, orgId, memberId, '2026-11-23');
    await runBilling(t.deps, new Date('2026-11-23T12:00:00Z'), { organizationId: orgId });
    const [notice] = (await bell(owner.cookie)).notifications;
    expect(notice!.body.replace(/\u00a0/g, ' ')).toMatch(
      /^49,00 € for .+\. Next try on 24\.11\.2026\.$/,
    );
  });
});

describe('a reply in two-way messaging', () => {
  it('reaches the assignee only, or owners and admins when nobody is assigned', async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    const trainer = await personWithRole(t, orgId, 'trainer');
    const member = await addMember(t, owner.cookie, { firstName: 'Mia', lastName: 'Member' });
    const sent = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
      cookie: owner.cookie,
      body: { subject: 'Hi', content: 'Hello {{first_name}}' },
    });
    expect(sent.status, sent.text).toBe(201);
    const conversationId = sent.body.conversationId as string;
    const thread = { organizationId: orgId, conversationId };
    const mail = { from: member.email, subject: 'Re: Hi', messageId: null };

    await storeReply(t.deps.database.db, thread, { ...mail, text: 'See you Monday!' });
    expect((await bell(owner.cookie)).notifications[0]).toMatchObject({
      event: 'message_received',
      title: 'Reply from Mia Member',
      body: 'See you Monday!',
      link: `/communications/two-way?conversation=${conversationId}`,
    });
    expect((await bell(trainer.cookie)).unreadCount).toBe(0);

    const assigned = await call(t.app, 'PATCH', `/api/conversations/${conversationId}`, {
      cookie: owner.cookie,
      body: { assigneeUserId: trainer.userId },
    });
    expect(assigned.status, assigned.text).toBe(200);
    const ownerBefore = (await bell(owner.cookie)).unreadCount;
    await storeReply(t.deps.database.db, thread, { ...mail, text: 'Running late.' });
    expect((await bell(trainer.cookie)).notifications[0]).toMatchObject({ body: 'Running late.' });
    expect((await bell(owner.cookie)).unreadCount).toBe(ownerBefore);
  });
});

describe('the bell', () => {
  it("lists, counts, marks one and all read; another person's notification answers 404", async () => {
    const owner = await createOwner(t.app);
    const other = await createOwner(t.app);
    for (const name of ['Ana', 'Ben', 'Cy']) {
      const res = await call(t.app, 'POST', `/api/public/join/${owner.organization.slug}`, {
        body: { firstName: name, lastName: 'Visitor', email: `${name.toLowerCase()}@example.com` },
      });
      expect(res.status, res.text).toBe(201);
    }
    const list = await bell(owner.cookie);
    expect(list.unreadCount).toBe(3);
    expect(list.notifications.map((n) => n.title)).toEqual([
      'New lead: Cy Visitor',
      'New lead: Ben Visitor',
      'New lead: Ana Visitor',
    ]);
    expect(list.notifications[0]!.body).toBe('Sent the public lead form (cy@example.com).');

    const first = list.notifications[0]!.id;
    const stranger = await call(t.app, 'POST', `/api/notifications/${first}/read`, {
      cookie: other.cookie,
    });
    expect(stranger.status).toBe(404);
    const notUuid = await call(t.app, 'POST', '/api/notifications/nope/read', {
      cookie: owner.cookie,
    });
    expect(notUuid.status).toBe(404);

    const read = await call(t.app, 'POST', `/api/notifications/${first}/read`, {
      cookie: owner.cookie,
    });
    expect(read.status).toBe(204);
    const after = await bell(owner.cookie);
    expect(after.unreadCount).toBe(2);
    expect(after.notifications[0]!.read).toBe(true);

    const all = await call(t.app, 'POST', '/api/notifications/read-all', { cookie: owner.cookie });
    expect(all.status).toBe(200);
    expect(all.body.updated).toBe(2);
    expect((await bell(owner.cookie)).unreadCount).toBe(0);
    expect((await bell(other.cookie)).notifications).toEqual([]);
  });

  it('trial requests reach platform owners and admins as platform notifications', async () => {
    const admin = await platformPerson(t, 'admin');
    const user = await platformPerson(t, 'user');
    const res = await call(t.app, 'POST', '/api/trial-requests', {
      body: {
        businessName: 'Iron Temple Gym',
        contactName: 'Rita Strong',
        email: 'rita@irontemple.example',
        phone: '+1 (555) 010-2030',
        businessType: 'crossfit',
        currentMembers: '51-200',
      },
    });
    expect(res.status, res.text).toBe(201);
    const list = await bell(admin.cookie);
    expect(list.notifications[0]).toMatchObject({
      event: 'trial_request',
      title: 'New trial request: Iron Temple Gym',
      link: '/owner-portal?tab=trials',
    });
    expect((await bell(user.cookie)).notifications).toEqual([]);
    const [row] = await t.deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.event, 'trial_request')));
    expect(row?.organizationId).toBeNull();
  });
});

describe('preferences', () => {
  it('start at the defaults, save per person and studio, and refuse unknown events', async () => {
    const owner = await createOwner(t.app);
    const res = await call(t.app, 'GET', '/api/settings/notifications', { cookie: owner.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      emailEvents: ['new_lead', 'online_join', 'payment_failed'],
      bellEvents: [
        'new_member',
        'new_lead',
        'online_join',
        'booking_cancelled',
        'waitlist_promoted',
        'payment_failed',
        'message_received',
      ],
      availableEvents: [
        'new_member',
        'new_lead',
        'online_join',
        'booking_cancelled',
        'waitlist_promoted',
        'payment_failed',
        'message_received',
        'daily_summary',
      ],
      customised: false,
    });
    const saved = await savePrefs(owner.cookie, {
      emailEvents: ['daily_summary', 'new_member'],
      bellEvents: ['payment_failed', 'daily_summary'],
    });
    expect(saved).toMatchObject({
      emailEvents: ['new_member', 'daily_summary'],
      bellEvents: ['payment_failed'],
      customised: true,
    });
    const again = await call(t.app, 'GET', '/api/settings/notifications', { cookie: owner.cookie });
    expect(again.body).toMatchObject({ emailEvents: ['new_member', 'daily_summary'] });
    const bad = await call(t.app, 'PUT', '/api/settings/notifications', {
      cookie: owner.cookie,
      body: { emailEvents: ['fire_alarm'], bellEvents: [] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('daily summary', () => {
  it("sends yesterday's real figures once per person and studio day, after 07:00 local", async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    await savePrefs(owner.cookie, { emailEvents: ['daily_summary'], bellEvents: [] });
    const member = await addMember(t, owner.cookie);
    await addMember(t, owner.cookie);
    for (let i = 0; i < 2; i++) {
      const visit = await call(t.app, 'POST', `/api/members/${member.id}/visits`, {
        cookie: owner.cookie,
      });
      expect(visit.status, visit.text).toBe(201);
    }
    const session = await insertSession(t.deps.database.db, orgId);
    const booked = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: member.id },
    });
    expect(booked.status, booked.text).toBe(201);
    const paid = await call(t.app, 'POST', '/api/payments', {
      cookie: owner.cookie,
      body: { memberId: member.id, amount: '30.00', description: 'Drop-in', method: 'cash' },
    });
    expect(paid.status, paid.text).toBe(201);
    const refund = await call(t.app, 'POST', `/api/payments/${paid.body.id}/refund`, {
      cookie: owner.cookie,
      body: { amount: '5.00', reason: 'Goodwill' },
    });
    expect(refund.status, refund.text).toBe(201);
    const lead = await createLead(owner.cookie, {
      firstName: 'Lou',
      lastName: 'Lead',
      email: 'lou@example.com',
    });
    expect(lead.status).toBe(201);

    // The studio is in UTC: "tomorrow" 06:30 is too early, 08:00 sends today's figures.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000);
    const at = (hh: string) => new Date(`${tomorrow.toISOString().slice(0, 10)}T${hh}:00Z`);
    await runDailySummary(t.deps, at('06:30'));
    expect(await emailJobs(owner.userId)).toHaveLength(0);
    await runDailySummary(t.deps, at('08:00'));
    await runDailySummary(t.deps, at('09:00'));
    const jobs = (await emailJobs(owner.userId)).filter((j) => j.event === 'daily_summary');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ organizationId: orgId, title: `Daily summary for ${today}` });
    expect(jobs[0]!.body).toBe(
      [
        'New members: 2',
        'Visits: 2',
        'Bookings made: 1',
        'Revenue (paid minus refunded): $25.00',
        'New leads: 1',
      ].join('\n'),
    );
    // The summary never shows in the bell.
    expect((await bell(owner.cookie)).notifications.map((n) => n.event)).not.toContain(
      'daily_summary',
    );
  });
});
