import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import {
  startPushService,
  type Browser,
  type PushService,
} from '../../../test/fixtures/push-service.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { members } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { bookings } from '../../db/schema/schedule.ts';
import { pushSubscriptions } from '../../db/schema/web-push.ts';
import { JOB_HANDLERS } from '../../jobs/job-handlers.ts';
import { startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { queueClassReminders } from '../bookings/bookings-jobs.service.ts';
import { MAX_DEVICES, vapidKeys } from './web-push.service.ts';

// docs/product/member-portal.md#notifications: Web Push through a real local push service
// (RFC 8030/8291/8292), else email over real SMTP.

let t: TestContext;
let runner: JobRunner;
let smtp: SmtpInbox;
let push: PushService;
let owner: Awaited<ReturnType<typeof createOwner>>;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  push = await startPushService();
  smtp = await startSmtpInbox();
  runner = await startJobRunner(
    { ...t.deps, mailer: smtp.mailer },
    {
      'schedule.email': JOB_HANDLERS['schedule.email'],
      'push.deliver': JOB_HANDLERS['push.deliver'],
    },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
  owner = await createOwner(t.app, 'pro');
  slug = owner.organization.slug;
});
afterAll(async () => {
  await runner?.stop();
  await smtp?.close();
  await push?.close();
  await t?.close();
});

const mailTo = (address: string) =>
  smtp.inbox.filter((m) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((to) =>
      to?.value.some((v) => v.address === address.toLowerCase()),
    ),
  );

/** A member signed in to the portal, with `browsers` subscribed to push. */
async function member(options: { browsers?: number; marketingConsent?: boolean } = {}) {
  const m = await addMember(t, owner.cookie, { marketingConsent: options.marketingConsent });
  const { cookie } = await signInMember(t, slug, m.email);
  const devices: Browser[] = [];
  for (let i = 0; i < (options.browsers ?? 0); i += 1) {
    const browser = push.browser();
    const res = await call(t.app, 'POST', `/api/m/${slug}/push/subscription`, {
      cookie,
      body: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(res.status, res.text).toBe(200);
    devices.push(browser);
  }
  return { ...m, cookie, devices };
}

const setSwitches = (cookie: string, body: Record<string, boolean>) =>
  call(t.app, 'PATCH', `/api/m/${slug}/profile`, { cookie, body });

const subscriptionsOf = (memberId: string) =>
  t.deps.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));

describe('subscribing', () => {
  it('serves one VAPID key, made once even when asked concurrently, and keeps it', async () => {
    const m = await member();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(t.app, 'GET', `/api/m/${slug}/push/public-key`, { cookie: m.cookie }),
      ),
    );
    const keys = answers.map((r) => r.body.publicKey);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(new Set(keys).size).toBe(1);
    expect((await vapidKeys(t.deps.database.db)).publicKey).toBe(keys[0]);
    expect((await call(t.app, 'GET', `/api/m/${slug}/push/public-key`)).status).toBe(401);
  });

  it('binds a device to the member, takes only push-service addresses, and turns off', async () => {
    const m = await member({ browsers: 1 });
    const [device] = m.devices;
    const state = (cookie: string) =>
      call(
        t.app,
        'GET',
        `/api/m/${slug}/push/subscription?endpoint=${encodeURIComponent(device!.endpoint)}`,
        {
          cookie,
        },
      );
    expect((await state(m.cookie)).body).toEqual({ subscribed: true });
    const rows = await subscriptionsOf(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: device!.endpoint, p256dh: device!.keys.p256dh });

    for (const endpoint of ['http://push.example.com/x', 'ftp://127.0.0.1/x', 'not a url']) {
      const bad = await call(t.app, 'POST', `/api/m/${slug}/push/subscription`, {
        cookie: m.cookie,
        body: { endpoint, keys: device!.keys },
      });
      expect(bad.status, endpoint).toBe(400);
      expect(bad.body.error.fields.endpoint).toBeDefined();
    }
    const noKeys = await call(t.app, 'POST', `/api/m/${slug}/push/subscription`, {
      cookie: m.cookie,
      body: { endpoint: device!.endpoint, keys: { p256dh: 'not base64!', auth: '' } },
    });
    expect(noKeys.status).toBe(400);

    // Another member cannot turn this member's device off, nor see it.
    const other = await member();
    expect((await state(other.cookie)).body).toEqual({ subscribed: false });
    const url = `/api/m/${slug}/push/subscription?endpoint=${encodeURIComponent(device!.endpoint)}`;
    expect((await call(t.app, 'DELETE', url, { cookie: other.cookie })).status).toBe(200);
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    const off = await call(t.app, 'DELETE', url, { cookie: m.cookie });
    expect(off.body).toEqual({ subscribed: false });
    expect(await subscriptionsOf(m.id)).toHaveLength(0);
  });

  it("keeps a member's newest devices only", async () => {
    const m = await member({ browsers: MAX_DEVICES + 2 });
    const kept = (await subscriptionsOf(m.id)).map((s) => s.endpoint).sort();
    expect(kept).toEqual(
      m.devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
  });

  it("forgets every device of the member on 'Sign out everywhere'", async () => {
    const m = await member({ browsers: 2 });
    const other = await member({ browsers: 1 });
    expect(await subscriptionsOf(m.id)).toHaveLength(2);
    const res = await call(t.app, 'POST', `/api/m/${slug}/sign-out-everywhere`, {
      cookie: m.cookie,
    });
    expect(res.status, res.text).toBe(204);
    expect(await subscriptionsOf(m.id)).toHaveLength(0);
    expect(await subscriptionsOf(other.id)).toHaveLength(1);
  });

  it('keeps reminder and push switches on the profile, marketing consent as it was', async () => {
    const m = await member();
    const profile = await call(t.app, 'GET', `/api/m/${slug}/profile`, { cookie: m.cookie });
    expect(profile.body).toMatchObject({
      marketingConsent: false,
      emailReminders: true,
      pushReminders: true,
      pushMarketing: false,
    });
    const res = await setSwitches(m.cookie, { emailReminders: false, pushMarketing: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      marketingConsent: false,
      emailReminders: false,
      pushReminders: true,
      pushMarketing: true,
    });
    const bad = await call(t.app, 'PATCH', `/api/m/${slug}/profile`, {
      cookie: m.cookie,
      body: { pushReminders: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.pushReminders).toBeDefined();
  });
});

async function promote(first: { cookie: string }, second: { cookie: string }, name: string) {
  const session = await insertSession(t.deps.database.db, owner.organization.id, {
    capacity: 1,
    name,
    startsAt: hoursFromNow(48),
  });
  const bookUrl = `/api/m/${slug}/sessions/${session.id}/book`;
  const a = await call(t.app, 'POST', bookUrl, { cookie: first.cookie });
  expect(a.body.status).toBe('booked');
  const b = await call(t.app, 'POST', bookUrl, { cookie: second.cookie });
  expect(b.body.status).toBe('waitlisted');
  await runner.drain('schedule.email');
  const cancel = await call(t.app, 'POST', `/api/m/${slug}/bookings/${a.body.id}/cancel`, {
    cookie: first.cookie,
  });
  expect(cancel.status, cancel.text).toBe(200);
  await runner.drain('schedule.email');
  return { bookingId: b.body.id as string };
}

describe('booking messages', () => {
  it('confirms a portal booking and a waitlist place by push, decrypted by the push service', async () => {
    const first = await member({ browsers: 1 });
    const second = await member({ browsers: 2 });
    const { bookingId } = await promote(first, second, 'Push Spin');
    const { publicKey } = (
      await call(t.app, 'GET', `/api/m/${slug}/push/public-key`, { cookie: first.cookie })
    ).body;
    // The first member's own booking was confirmed on their device; no email has this form.
    expect(first.devices[0]!.received.map((r) => r.payload)).toEqual([
      expect.objectContaining({ title: 'Booked: Push Spin', url: `/m/${slug}/bookings` }),
    ]);
    expect(first.devices[0]!.received[0]!.vapidKey).toBe(publicKey);
    expect(mailTo(first.email)).toHaveLength(0);
    for (const device of second.devices)
      expect(device.received.map((r) => r.payload)).toEqual([
        {
          title: "You're in: Push Spin",
          body: expect.stringMatching(
            /^A place opened up on .+ at Gym .+ and you were next on the waitlist\.$/,
          ),
          url: `/m/${slug}/bookings`,
          tag: `booking-${bookingId}`,
        },
      ]);
    expect(mailTo(second.email)).toHaveLength(0);
    expect(push.rejected).toEqual([]);
    const [row] = await subscriptionsOf(second.id);
    expect(row!.lastSentAt).not.toBeNull();
  });

  it('forgets a device its push service calls gone (410) and emails instead', async () => {
    const first = await member();
    const second = await member({ browsers: 1 });
    push.answer(second.devices[0]!.endpoint, 410);
    await promote(first, second, 'Gone Spin');
    expect(await subscriptionsOf(second.id)).toHaveLength(0);
    expect(mailTo(second.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^You're in: Gone Spin on /),
    ]);
    // Without a device, a portal booking is confirmed by nothing: there is no confirmation email.
    expect(mailTo(first.email)).toHaveLength(0);
  });

  it('emails when a push service fails, and a member without a device', async () => {
    const first = await member();
    const second = await member({ browsers: 1 });
    push.answer(second.devices[0]!.endpoint, 500);
    await promote(first, second, 'Failing Spin');
    expect(await subscriptionsOf(second.id)).toHaveLength(1);
    expect(mailTo(second.email)).toHaveLength(1);
  });
});

describe('class reminders', () => {
  async function bookedLongAgo(cookie: string, memberId: string, name: string) {
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      name,
      startsAt: hoursFromNow(5),
    });
    const res = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, { cookie });
    expect(res.status, res.text).toBe(201);
    // Booked two days before the class, so its reminder is due now.
    await t.deps.database.db
      .update(bookings)
      .set({ createdAt: hoursFromNow(-43) })
      .where(and(eq(bookings.id, res.body.id), eq(bookings.memberId, memberId)));
    return res.body.id as string;
  }

  it('reminds once per booking, by push or email as the member chose', async () => {
    const pushed = await member({ browsers: 1 });
    const emailed = await member({ browsers: 1 });
    await setSwitches(emailed.cookie, { pushReminders: false });
    const silent = await member();
    await setSwitches(silent.cookie, { emailReminders: false });
    const fresh = await member();
    await bookedLongAgo(pushed.cookie, pushed.id, 'Reminded Yoga');
    await bookedLongAgo(emailed.cookie, emailed.id, 'Reminded Yoga');
    const silentId = await bookedLongAgo(silent.cookie, silent.id, 'Reminded Yoga');
    // Booked just now for a class in 5 hours: its confirmation is enough, no reminder.
    const soon = await insertSession(t.deps.database.db, owner.organization.id, {
      name: 'Reminded Yoga',
      startsAt: hoursFromNow(5),
    });
    await call(t.app, 'POST', `/api/m/${slug}/sessions/${soon.id}/book`, { cookie: fresh.cookie });
    await runner.drain('schedule.email');
    const before = (b: Browser) => b.received.length;
    const pushedBefore = before(pushed.devices[0]!);
    const emailedBefore = before(emailed.devices[0]!);

    await Promise.all([
      queueClassReminders(t.deps, new Date()),
      queueClassReminders(t.deps, new Date()),
    ]);
    await queueClassReminders(t.deps, new Date());
    expect(await runner.drain('schedule.email')).toBe(3);

    expect(pushed.devices[0]!.received.slice(pushedBefore).map((r) => r.payload)).toEqual([
      expect.objectContaining({ title: 'Reminder: Reminded Yoga', url: `/m/${slug}/bookings` }),
    ]);
    expect(mailTo(pushed.email)).toHaveLength(0);
    expect(emailed.devices[0]!.received.length).toBe(emailedBefore);
    const [mail] = mailTo(emailed.email);
    expect(mail?.subject).toMatch(/^Reminder: Reminded Yoga on /);
    expect(mail?.text).toContain(`/m/${slug}/profile`);
    expect(mailTo(silent.email)).toHaveLength(0);
    expect(mailTo(fresh.email)).toHaveLength(0);
    const [claimed] = await t.deps.database.db
      .select({ at: bookings.reminderSentAt })
      .from(bookings)
      .where(eq(bookings.id, silentId));
    expect(claimed!.at).not.toBeNull();
  });
});

describe("the studio's push notifications", () => {
  it('go by push where allowed, else email, and count each channel truthfully', async () => {
    const studio = await createOwner(t.app, 'pro');
    await t.deps.database.db
      .update(organizations)
      .set({ postalAddress: '1 Main St' })
      .where(eq(organizations.id, studio.organization.id));
    const s = studio.organization.slug;
    const join = async (browsers: number, marketingConsent: boolean) => {
      const m = await addMember(t, studio.cookie, { marketingConsent });
      const { cookie } = await signInMember(t, s, m.email);
      const devices = [] as Browser[];
      for (let i = 0; i < browsers; i += 1) {
        const browser = push.browser();
        await call(t.app, 'POST', `/api/m/${s}/push/subscription`, {
          cookie,
          body: { endpoint: browser.endpoint, keys: browser.keys },
        });
        devices.push(browser);
      }
      return { ...m, cookie, devices };
    };
    const withPush = await join(1, true);
    const emailOnly = await join(0, true);
    const pushNoMarketing = await join(1, true);
    const failing = await join(1, false);
    push.answer(failing.devices[0]!.endpoint, 503);
    await call(t.app, 'PATCH', `/api/m/${s}/profile`, {
      cookie: withPush.cookie,
      body: { pushMarketing: true },
    });
    const notify = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/push-notifications', { cookie: studio.cookie, body });
    const list = async () =>
      (await call(t.app, 'GET', '/api/push-notifications', { cookie: studio.cookie })).body.items;

    const service = await notify({ message: 'Closed **Monday**' });
    expect(service.body).toMatchObject({ recipientCount: 4, pushCount: 3, emailCount: 1 });
    expect(await runner.drain('push.deliver')).toBe(4);
    for (const m of [withPush, pushNoMarketing])
      expect(m.devices[0]!.received.map((r) => r.payload)).toEqual([
        {
          title: `Gym ${s}`,
          body: 'Closed Monday',
          url: `/m/${s}`,
          tag: `notification-${service.body.id}`,
        },
      ]);
    expect(mailTo(emailOnly.email)).toHaveLength(1);
    // Its push service failed: the copy went by email, and is counted so.
    expect(mailTo(failing.email)).toHaveLength(1);
    expect((await list())[0]).toMatchObject({ pushCount: 2, emailCount: 2 });

    const offer = await notify({ message: 'Summer offer', isMarketing: true });
    expect(offer.body).toMatchObject({ recipientCount: 3, pushCount: 1, emailCount: 2 });
    await t.deps.database.db
      .update(members)
      .set({ pushMarketing: false })
      .where(eq(members.id, withPush.id));
    expect(await runner.drain('push.deliver')).toBe(3);
    expect(withPush.devices[0]!.received).toHaveLength(1);
    expect(mailTo(withPush.email).map((m) => m.text)).toEqual([
      expect.stringContaining('Summer offer'),
    ]);
    expect(pushNoMarketing.devices[0]!.received).toHaveLength(1);
    expect(mailTo(pushNoMarketing.email)).toHaveLength(1);
    expect(mailTo(failing.email)).toHaveLength(1);
    expect((await list())[0]).toMatchObject({ recipientCount: 3, pushCount: 0, emailCount: 3 });
  });
});
