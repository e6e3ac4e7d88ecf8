import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_MAX_BYTES } from '@fitbase/domain/connect-constants';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { stripQuotedReply } from '../conversations/conversations-inbound.service.ts';
import { replyAddressesFor } from '../conversations/reply-address.service.ts';
import { startInboundMail, type InboundMailServer } from './inbound-mail.service.ts';

// docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging: replies sent by a
// real SMTP client to the listener on a free port.

let t: TestContext;
let inbound: InboundMailServer;

beforeAll(async () => {
  t = await createTestApp();
  inbound = await startInboundMail(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await inbound?.close();
  await t?.close();
});

function send(message: nodemailer.SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inbound.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport
    .sendMail({ from: 'member@example.com', ...message })
    .finally(() => transport.close());
}

/** A studio with a member who was written to: their thread and its reply address. */
async function threadWithMessage() {
  const owner = await createOwner(t.app);
  const member = await addMember(t, owner.cookie, { email: 'member@example.com' });
  const sent = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
    cookie: owner.cookie,
    body: { subject: 'Your class', content: 'See you Monday?' },
  });
  expect(sent.status).toBe(201);
  const addresses = await replyAddressesFor(
    t.deps.database.db,
    t.deps.config,
    owner.organization.id,
    [member.id],
  );
  return {
    owner,
    member,
    conversationId: sent.body.conversationId as string,
    address: addresses.get(member.id)!,
  };
}

describe('the inbound SMTP listener', () => {
  it('stores a reply in the thread without the quoted message, reopened and unread', async () => {
    const { owner, conversationId, address } = await threadWithMessage();
    await call(t.app, 'PATCH', `/api/conversations/${conversationId}`, {
      cookie: owner.cookie,
      body: { status: 'resolved' },
    });
    const info = await send({
      to: address,
      subject: 'Re: Your class',
      text: 'Yes, I will be there!\n\nOn Mon, 2 Mar 2026 at 09:00, Gym <no-reply@fitbase.local>\nwrote:\n> See you Monday?\n>',
    });
    expect(info.accepted).toEqual([address]);

    const inbox = await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie });
    expect(inbox.body.conversations).toMatchObject([
      { id: conversationId, status: 'open', unreadCount: 1, lastMessage: { direction: 'in' } },
    ]);
    const thread = await call(t.app, 'GET', `/api/conversations/${conversationId}`, {
      cookie: owner.cookie,
    });
    expect(thread.body.messages.map((m: { direction: string }) => m.direction)).toEqual([
      'out',
      'in',
    ]);
    expect(thread.body.messages[1]).toMatchObject({
      subject: 'Re: Your class',
      body: 'Yes, I will be there!',
      fromAddress: 'member@example.com',
      readAt: null,
    });
    // Staff opening the thread read it.
    const read = await call(t.app, 'POST', `/api/conversations/${conversationId}/read`, {
      cookie: owner.cookie,
    });
    expect(read.status).toBe(200);
    expect(read.body.unreadCount).toBe(0);
    expect(read.body.messages[1].readAt).toEqual(expect.any(String));
    const after = await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie });
    expect(after.body.conversations[0].unreadCount).toBe(0);
  });

  it('refuses an unknown or malformed address at RCPT TO with 550', async () => {
    const { address } = await threadWithMessage();
    for (const to of [
      'reply+doesnotexist0000@localhost',
      'reply+!!@localhost',
      'someone@localhost',
      address.replace('@localhost', '@elsewhere.example.com'),
    ]) {
      const error = await send({ to, subject: 'x', text: 'y' }).then(
        () => null,
        (e: { responseCode?: number }) => e,
      );
      expect(error?.responseCode, to).toBe(550);
    }
  });

  it('refuses a message over 10 MB with 552 and stores nothing', async () => {
    const { owner, conversationId, address } = await threadWithMessage();
    const error = await send({
      to: address,
      subject: 'Huge',
      text: 'x'.repeat(INBOUND_MAX_BYTES + 1024),
    }).then(
      () => null,
      (e: { responseCode?: number }) => e,
    );
    expect(error?.responseCode).toBe(552);
    const thread = await call(t.app, 'GET', `/api/conversations/${conversationId}`, {
      cookie: owner.cookie,
    });
    expect(thread.body.messages).toHaveLength(1);
  });
});

describe('stripQuotedReply', () => {
  it('drops quoted lines and the attribution line, keeps a message that is only a quote', () => {
    expect(stripQuotedReply('Thanks!\r\n\r\nOn Tue, Sam wrote:\r\n> Hello\r\n> there')).toBe(
      'Thanks!',
    );
    expect(stripQuotedReply('Top\n> quoted in the middle\nBottom')).toBe('Top\nBottom');
    expect(stripQuotedReply('> only a quote')).toBe('> only a quote');
    expect(stripQuotedReply('On my way, I wrote:\nplain')).toBe('On my way, I wrote:\nplain');
  });
});
