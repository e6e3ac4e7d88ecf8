import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { publicScope } from '../../context/declare-route.ts';
import { emailTemplates } from '../../db/schema/connect.ts';
import { messageOpenUrl, recordMessageOpen, sendQueuedMessage } from './messages-send.service.ts';

// docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging.

let t: TestContext;
/** A real SMTP server in process: what the studio's mail server would receive. */
let smtp: SmtpInbox;
/** An address whose delivery the SMTP server refuses permanently. */
const REFUSED = 'nobody@refused.example.com';

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpInbox({ refuse: [REFUSED] });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

/** The app's deps with a real SMTP mailer pointed at the in-process server. */
function smtpDeps() {
  return { ...t.deps, mailer: smtp.mailer };
}

async function queuedJobs(organizationId: string) {
  const { rows } = await t.deps.database.executeSql(
    `select data from pgboss.job where name = 'messages.send' and data->>'organizationId' = $1
     order by created_on`,
    [organizationId],
  );
  return (rows as Array<{ data: { organizationId: string; messageId: string } }>).map(
    (r) => r.data,
  );
}

async function studio() {
  const owner = await createOwner(t.app);
  return { owner, org: owner.organization.id };
}

describe('1:1 messages', () => {
  it('sends by email with the fields filled, the reply address and the writer as sender', async () => {
    const { owner, org } = await studio();
    const member = await addMember(t, owner.cookie, { firstName: 'Jamie', lastName: 'Rivera' });
    const res = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
      cookie: owner.cookie,
      body: {
        subject: 'Hi {{first_name}}',
        content: 'Welcome to **{{studio_name}}**, {{full_name}}!',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toMatchObject({ direction: 'out', status: 'queued' });

    const jobs = await queuedJobs(org);
    expect(jobs).toEqual([{ organizationId: org, messageId: res.body.message.id }]);
    await sendQueuedMessage(smtpDeps(), jobs[0]!);
    // A retried job never sends the message again.
    await sendQueuedMessage(smtpDeps(), jobs[0]!);

    const mails = smtp.received.filter((r) => r.rcpt.includes(member.email));
    expect(mails).toHaveLength(1);
    const { mail } = mails[0]!;
    const studioName = `Gym ${owner.organization.slug}`;
    expect(mail.subject).toBe('Hi Jamie');
    expect(mail.text).toContain(`Welcome to **${studioName}**, Jamie Rivera!`);
    expect(mail.html).toContain(`<strong>${studioName}</strong>`);
    expect(mail.html).toContain('/api/message-opens/');
    // A service message: the studio's footer, no unsubscribe link.
    expect(mail.text).not.toContain('Unsubscribe');
    const replyTo = mail.replyTo!.value[0]!.address!;
    expect(replyTo).toMatch(/^reply\+[a-z0-9]+@localhost$/);
    const sender = mail.from!.value[0]!;
    // signUp names people "Person {n}": the first name and the studio.
    expect(sender.name).toBe(`Person at ${studioName}`);

    const thread = await call(t.app, 'GET', `/api/members/${member.id}/conversation`, {
      cookie: owner.cookie,
    });
    expect(thread.status).toBe(200);
    expect(thread.body.conversation.messages).toMatchObject([
      {
        direction: 'out',
        status: 'sent',
        subject: 'Hi {{first_name}}',
        sentByName: expect.any(String),
      },
    ]);
  });

  it('refuses unknown merge fields with their names, and a missing member with 404', async () => {
    const { owner } = await studio();
    const member = await addMember(t, owner.cookie);
    const bad = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
      cookie: owner.cookie,
      body: { subject: 'Hi', content: 'Hello {{frist_name}}' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('unknown_merge_field');
    expect(bad.body.error.fields.content).toContain('{{frist_name}}');
    const empty = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
      cookie: owner.cookie,
      body: { subject: 'Hi', content: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.content).toBe('Please enter a message');
    const missing = await call(t.app, 'POST', `/api/members/${crypto.randomUUID()}/messages`, {
      cookie: owner.cookie,
      body: { subject: 'Hi', content: 'Hello' },
    });
    expect(missing.status).toBe(404);
  });

  it('marks a message refused by the mail server as failed without retrying it', async () => {
    const { owner, org } = await studio();
    const member = await addMember(t, owner.cookie, { email: REFUSED });
    await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
      cookie: owner.cookie,
      body: { subject: 'Hi', content: 'Hello' },
    });
    const [job] = await queuedJobs(org);
    await sendQueuedMessage(smtpDeps(), job!);
    const thread = await call(t.app, 'GET', `/api/members/${member.id}/conversation`, {
      cookie: owner.cookie,
    });
    expect(thread.body.conversation.messages[0].status).toBe('failed');
  });

  it('computes the stats: messages sent, human open rate, active templates', async () => {
    const { owner, org } = await studio();
    const empty = await call(t.app, 'GET', '/api/messages/stats', { cookie: owner.cookie });
    expect(empty.body).toEqual({ messagesSent: 0, openRate: null, activeTemplates: 0 });

    for (const name of ['Welcome', 'Old'])
      await t.deps.database.db.insert(emailTemplates).values({
        organizationId: org,
        name,
        subject: name,
        content: 'Hi',
        status: name === 'Old' ? 'archived' : 'active',
      });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const member = await addMember(t, owner.cookie);
      const res = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
        cookie: owner.cookie,
        body: { subject: 'Hi', content: 'Hello' },
      });
      ids.push(res.body.message.id);
    }
    const sentAt = new Date();
    for (const job of await queuedJobs(org)) await sendQueuedMessage(smtpDeps(), job);

    // A privacy proxy fetching the pixel on delivery is not an open...
    const url = (id: string) => messageOpenUrl(t.deps.config, org, id, sentAt);
    const token = (id: string) => url(id).split('/').at(-1)!;
    expect(
      await recordMessageOpen(
        publicScope(t.deps, t.deps.logger),
        token(ids[0]!),
        new Date(sentAt.getTime() + 2_000),
      ),
    ).toBe(false);
    // ...a person reading it later is, once; a forged token counts nothing.
    const later = new Date(sentAt.getTime() + 60_000);
    expect(await recordMessageOpen(publicScope(t.deps, t.deps.logger), token(ids[0]!), later)).toBe(
      true,
    );
    expect(await recordMessageOpen(publicScope(t.deps, t.deps.logger), token(ids[0]!), later)).toBe(
      false,
    );
    expect(
      await recordMessageOpen(publicScope(t.deps, t.deps.logger), `${token(ids[1]!)}x`, later),
    ).toBe(false);
    const pixel = await call(t.app, 'GET', `/api/message-opens/${token(ids[1]!)}`);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');

    const stats = await call(t.app, 'GET', '/api/messages/stats', { cookie: owner.cookie });
    // The pixel fetched over HTTP came within 10 s of sending: a machine open, not counted.
    expect(stats.body).toEqual({ messagesSent: 3, openRate: 33, activeTemplates: 1 });
  });
});

describe('the inbox', () => {
  it('lists conversations newest first with previews, filters, unread counts and assignment', async () => {
    const { owner, org } = await studio();
    const staff = await personWithRole(t, org, 'staff');
    const first = await addMember(t, owner.cookie, { firstName: 'Ada', lastName: 'One' });
    const second = await addMember(t, owner.cookie, { firstName: 'Bo', lastName: 'Two' });
    for (const member of [first, second])
      await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
        cookie: owner.cookie,
        body: { subject: 'Hello', content: `Hi ${member.firstName}, ${'long text '.repeat(30)}` },
      });
    const inbox = await call(t.app, 'GET', '/api/conversations', { cookie: staff.cookie });
    expect(inbox.status).toBe(200);
    expect(inbox.body.conversations.map((c: { memberName: string }) => c.memberName)).toEqual([
      'Bo Two',
      'Ada One',
    ]);
    const bo = inbox.body.conversations[0];
    expect(bo.lastMessage.preview).toHaveLength(140);
    expect(bo).toMatchObject({ status: 'open', unreadCount: 0, assigneeUserId: null });

    const assign = await call(t.app, 'PATCH', `/api/conversations/${bo.id}`, {
      cookie: owner.cookie,
      body: { assigneeUserId: staff.userId },
    });
    expect(assign.status, assign.text).toBe(200);
    expect(assign.body.assigneeName).toEqual(expect.any(String));
    const mine = await call(t.app, 'GET', '/api/conversations?assignee=me', {
      cookie: staff.cookie,
    });
    expect(mine.body.conversations.map((c: { id: string }) => c.id)).toEqual([bo.id]);

    const resolved = await call(t.app, 'PATCH', `/api/conversations/${bo.id}`, {
      cookie: staff.cookie,
      body: { status: 'resolved' },
    });
    expect(resolved.body.status).toBe('resolved');
    const open = await call(t.app, 'GET', '/api/conversations', { cookie: staff.cookie });
    expect(open.body.conversations.map((c: { memberName: string }) => c.memberName)).toEqual([
      'Ada One',
    ]);
    const all = await call(t.app, 'GET', '/api/conversations?status=all', { cookie: staff.cookie });
    expect(all.body.conversations).toHaveLength(2);

    const stranger = await createOwner(t.app);
    const notStaff = await call(t.app, 'PATCH', `/api/conversations/${bo.id}`, {
      cookie: owner.cookie,
      body: { assigneeUserId: stranger.userId },
    });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.error.fields.assigneeUserId).toBeDefined();

    const recent = await call(t.app, 'GET', '/api/messages/recent?limit=1', {
      cookie: staff.cookie,
    });
    expect(recent.body.messages).toMatchObject([
      { memberId: second.id, memberName: 'Bo Two', direction: 'out', subject: 'Hello' },
    ]);
    expect(recent.body.messages[0].body).toHaveLength(140);
  });

  it("answers 404 for another studio's conversation and answers its own staff", async () => {
    const { owner, org } = await studio();
    const member = await addMember(t, owner.cookie);
    const sent = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
      cookie: owner.cookie,
      body: { subject: 'Hi', content: 'Hello' },
    });
    const other = await createOwner(t.app);
    for (const [method, path] of [
      ['GET', `/api/conversations/${sent.body.conversationId}`],
      ['GET', `/api/members/${member.id}/conversation`],
      ['POST', `/api/conversations/${sent.body.conversationId}/read`],
    ] as const) {
      const res = await call(t.app, method, path, { cookie: other.cookie });
      expect(res.status, path).toBe(404);
    }
    const mine = await call(t.app, 'GET', `/api/conversations/${sent.body.conversationId}`, {
      cookie: (await personWithRole(t, org, 'trainer')).cookie,
    });
    expect(mine.status).toBe(200);
  });
});
