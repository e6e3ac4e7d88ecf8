import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { audienceMembers, audiences } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { handleJob, startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { deliverPushNotification } from './push-notifications-deliver.service.ts';
import { pushDeliverJob } from './push-notifications.jobs.ts';

// docs/product/connect-and-messaging.md#push-notifications: delivered by email over real SMTP.

let t: TestContext;
let runner: JobRunner;
let smtp: SmtpInbox;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpInbox();
  runner = await startJobRunner(
    { ...t.deps, mailer: smtp.mailer },
    {
      'push.deliver': handleJob(pushDeliverJob, (data, { deps }) =>
        deliverPushNotification(deps, data),
      ),
    },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
});
afterAll(async () => {
  await runner?.stop();
  await smtp?.close();
  await t?.close();
});

const send = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/push-notifications', { cookie, body });

const mailTo = (address: string) =>
  smtp.inbox.filter((m) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((to) =>
      to?.value.some((v) => v.address === address),
    ),
  );

async function studio() {
  const owner = await createOwner(t.app);
  const consenting = await addMember(t, owner.cookie, { marketingConsent: true });
  const plain = await addMember(t, owner.cookie);
  const unsubscribed = await addMember(t, owner.cookie, { marketingConsent: true });
  await t.deps.database.db
    .update(members)
    .set({ unsubscribedAt: new Date(), marketingConsent: false })
    .where(eq(members.id, unsubscribed.id));
  return { owner, consenting, plain, unsubscribed };
}

describe('push notifications', () => {
  it('sends a service message to everyone by email and lists it with its reach', async () => {
    const { owner, consenting, plain, unsubscribed } = await studio();
    const empty = await send(owner.cookie, { message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please enter a message');

    const res = await send(owner.cookie, { message: 'The studio is closed **Monday**.' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      audienceId: null,
      isMarketing: false,
      recipientCount: 3,
      pushCount: 0,
      emailCount: 3,
    });
    expect(await runner.drain('push.deliver')).toBe(3);
    for (const m of [consenting, plain, unsubscribed]) {
      const [mail] = mailTo(m.email);
      expect(mail?.subject).toBe(`Gym ${owner.organization.slug}: message from your studio`);
      expect(mail?.html).toContain('<strong>Monday</strong>');
      // A service message carries no unsubscribe.
      expect(mail?.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false);
    }
    const list = await call(t.app, 'GET', '/api/push-notifications', { cookie: owner.cookie });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      message: 'The studio is closed **Monday**.',
      recipientCount: 3,
      audienceName: null,
    });
    expect(list.body.items[0].sentByName).toMatch(/^Person /);
  });

  it('sends marketing only to members with consent, with the one-click unsubscribe', async () => {
    const { owner, consenting, plain, unsubscribed } = await studio();
    const noAddress = await send(owner.cookie, { message: 'Summer offer', isMarketing: true });
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.error.code).toBe('postal_address_required');
    expect(noAddress.body.error.message).toMatch(/postal address \(Settings › General\)/);

    await t.deps.database.db
      .update(organizations)
      .set({ postalAddress: '1 Main St, Springfield' })
      .where(eq(organizations.id, owner.organization.id));
    const res = await send(owner.cookie, { message: 'Summer offer', isMarketing: true });
    expect(res.status, res.text).toBe(201);
    expect(res.body.recipientCount).toBe(1);
    expect(await runner.drain('push.deliver')).toBe(1);
    const [mail] = mailTo(consenting.email);
    expect(mail?.text).toContain('1 Main St, Springfield');
    expect(mail?.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\//);
    const raw = (name: string) => mail?.headerLines.find((h) => h.key === name)?.line ?? '';
    expect(raw('list-unsubscribe')).toMatch(/<http:\/\/localhost:3000\/api\/email\/unsubscribe\//);
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mailTo(plain.email)).toHaveLength(0);
    expect(mailTo(unsubscribed.email)).toHaveLength(0);
  });

  it('withholds a marketing copy from a member who unsubscribed after it was sent', async () => {
    const { owner, consenting } = await studio();
    await t.deps.database.db
      .update(organizations)
      .set({ postalAddress: '2 High St' })
      .where(eq(organizations.id, owner.organization.id));
    expect((await send(owner.cookie, { message: 'Offer', isMarketing: true })).status).toBe(201);
    await t.deps.database.db
      .update(members)
      .set({ unsubscribedAt: new Date(), marketingConsent: false })
      .where(eq(members.id, consenting.id));
    expect(await runner.drain('push.deliver')).toBe(1);
    expect(mailTo(consenting.email)).toHaveLength(0);
    // Nobody left to reach: refused with a reason instead of an empty send.
    const none = await send(owner.cookie, { message: 'Offer', isMarketing: true });
    expect(none.status).toBe(409);
  });

  it('sends to a group, and a foreign or unknown group is 404', async () => {
    const { owner, consenting, plain } = await studio();
    const [group] = await t.deps.database.db
      .insert(audiences)
      .values({ organizationId: owner.organization.id, name: 'Family Smith', kind: 'manual' })
      .returning();
    await t.deps.database.db.insert(audienceMembers).values({
      organizationId: owner.organization.id,
      audienceId: group!.id,
      memberId: plain.id,
    });
    const res = await send(owner.cookie, { message: 'Hi family', audienceId: group!.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ recipientCount: 1, audienceName: 'Family Smith' });
    expect(await runner.drain('push.deliver')).toBe(1);
    expect(mailTo(plain.email).map((m) => m.text)).toEqual([expect.stringContaining('Hi family')]);
    expect(mailTo(consenting.email).filter((m) => m.text?.includes('Hi family'))).toHaveLength(0);

    const other = await createOwner(t.app);
    const foreign = await send(other.cookie, { message: 'Hi', audienceId: group!.id });
    expect(foreign.status).toBe(404);
    const list = await call(t.app, 'GET', '/api/push-notifications', { cookie: other.cookie });
    expect(list.body.items).toEqual([]);
  });
});
