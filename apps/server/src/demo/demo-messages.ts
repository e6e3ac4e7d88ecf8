import {
  markConversationRead,
  sendMessage,
} from '../modules/conversations/conversations.service.ts';
import {
  storeReply,
  threadOfReplyAddress,
} from '../modules/conversations/conversations-inbound.service.ts';
import { sendQueuedMessage } from '../modules/conversations/messages-send.service.ts';
import type { Db } from '../db/client.ts';
import { later } from './demo-clock.ts';
import { act, count, type DemoContext } from './demo-context.ts';
import type { DemoMember } from './demo-members.ts';
import type { DemoPerson } from './demo-scope.ts';
import type { Timeline } from './demo-timeline.ts';

/**
 * Two-way messages of the last weeks: staff write to a member (the message job sends it to the
 * sink, with the thread's reply address), the member answers by email (the inbound path stores
 * it in the thread), and staff read and answer most threads; a few replies are still unread.
 */

const THREADS = [
  {
    subject: 'Your membership renewal',
    body: 'Hi {{first_name}}, just a heads-up that your membership renews next week. Anything you want to change?',
    replies: [
      'Thanks! All good, keep it as it is.',
      'Actually, could I switch to the off-peak plan?',
    ],
  },
  {
    subject: 'Missed you this week',
    body: 'Hi {{first_name}}, we missed you at class this week. Everything OK?',
    replies: ['Sorry, work has been crazy. Back on Monday!'],
  },
  {
    subject: 'Barbell Club waitlist',
    body: "Hi {{first_name}}, a place opened up in Thursday's Barbell Club. Want it?",
    replies: ['Yes please!', 'Thank you, see you Thursday.'],
  },
  {
    subject: 'Lost and found',
    body: 'Hi {{first_name}}, we found a water bottle with your name on it at the front desk.',
    replies: ['Oh great, I will pick it up tomorrow.'],
  },
  {
    subject: 'Personal training',
    body: 'Hi {{first_name}}, you asked about personal training: Jordan has slots on weekday lunchtimes.',
    replies: ['Perfect, can I book Tuesday at 12?'],
  },
] as const;

export function scheduleConversations(
  ctx: DemoContext,
  members: DemoMember[],
  timeline: Timeline,
): void {
  const { clock, chance } = ctx;
  const window = Math.min(21, ctx.size.days - 1);
  const people = members.filter(
    (m) => !m.spec.joinsOnline && m.spec.joinDay <= clock.plus(clock.today, -window),
  );
  const threads = Math.max(4, Math.round(members.length / 18));
  const db = ctx.deps.database.db as Db;
  for (const [n, m] of chance.sample(people, threads).entries()) {
    const spec = THREADS[n % THREADS.length]!;
    const staff: DemoPerson = n % 3 === 0 ? ctx.team.admin : ctx.team.frontDesk;
    const day = clock.plus(clock.today, -chance.int(0, window));
    const at = clock.at(
      day,
      `${String(chance.int(9, 17)).padStart(2, '0')}:${String(chance.int(0, 59)).padStart(2, '0')}`,
    );
    timeline.at(at, async () => {
      if (!m.id) return;
      const sent = await act(ctx, staff, (scope) =>
        sendMessage(scope, m.id!, { subject: spec.subject, content: spec.body }, at),
      );
      count(ctx, 'messages sent');
      ctx.sink.take();
      // The `messages.send` job, run now for this message: it mails the member (to the sink).
      await sendQueuedMessage(ctx.deps, {
        organizationId: ctx.organizationId,
        messageId: sent.message.id,
      });
      const mail = ctx.sink.take()[0];
      if (!mail?.replyTo) return;
      const thread = await threadOfReplyAddress(db, ctx.deps.config, mail.replyTo);
      if (!thread) return;
      let when = at;
      for (const [i, text] of spec.replies.entries()) {
        when = later(when, chance.int(25, 300));
        const replyAt = when;
        timeline.at(replyAt, async () => {
          await storeReply(
            db,
            thread,
            { from: m.spec.email, subject: `Re: ${spec.subject}`, text, messageId: null },
            replyAt,
          );
          count(ctx, 'replies received');
        });
        // Staff read the thread (all but the newest few stay unread) and answer the first reply.
        if (i === 0 && n % 4 !== 1) {
          const readAt = later(replyAt, chance.int(10, 90));
          timeline.at(readAt, async () => {
            await act(ctx, staff, (scope) => markConversationRead(scope, thread.conversationId));
          });
        }
      }
    });
  }
}
