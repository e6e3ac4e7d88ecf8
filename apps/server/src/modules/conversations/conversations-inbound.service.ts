import type { Db } from '../../db/client.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Config } from '../../env.ts';
import { notifyStaff } from '../notifications/notifications.service.ts';
import { notifyMessages } from './conversations.service.ts';
import * as queries from './conversations.queries.ts';
import { findConversationByToken } from './reply-address.queries.ts';
import { replyTokenOf } from './reply-address.service.ts';

/** Replies arriving by email (the inbound SMTP listener) land in the member's conversation. */

export interface ReplyThread {
  conversationId: string;
  organizationId: string;
}

/** The conversation of a reply address on our inbound domain, or null (unknown, foreign, malformed). */
export async function threadOfReplyAddress(
  db: Db,
  config: Pick<Config, 'inboundMailDomain'>,
  address: string,
): Promise<ReplyThread | null> {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== config.inboundMailDomain.toLowerCase())
    return null;
  const token = replyTokenOf(address);
  if (!token) return null;
  const row = await findConversationByToken(db, token);
  return row ? { conversationId: row.id, organizationId: row.organizationId } : null;
}

/**
 * Quoted earlier messages are dropped when they are obviously quoted: lines starting with ">"
 * and the "On … wrote:" line above them (which mail clients may wrap over two lines).
 */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  while (end > 0 && (lines[end - 1]!.trim() === '' || lines[end - 1]!.startsWith('>'))) end -= 1;
  if (end < lines.length && lines.slice(end).some((line) => line.startsWith('>'))) {
    const last = lines[end - 1] ?? '';
    if (/wrote:\s*$/.test(last)) {
      if (/^On\s/.test(last)) end -= 1;
      else if (end >= 2 && /^On\s/.test(lines[end - 2]!)) end -= 2;
    }
  }
  const kept = lines
    .slice(0, end)
    .filter((line) => !line.startsWith('>'))
    .join('\n')
    .trim();
  // A message that is nothing but a quote keeps its text rather than arriving empty.
  return kept || text.trim();
}

/**
 * Stores a reply: the thread reopens, gains an unread message and updates live for staff.
 * `now`: when it arrived; default the database's clock (the demo's history).
 */
export async function storeReply(
  db: Db,
  thread: ReplyThread,
  mail: { from: string | null; subject: string; text: string; messageId: string | null },
  now?: Date,
): Promise<string> {
  const { organizationId, conversationId } = thread;
  return runInStudio(db, organizationId, async (tx, unit) => {
    const row = await queries.insertMessage(
      tx,
      {
        organizationId,
        conversationId,
        direction: 'in',
        subject: mail.subject.slice(0, 500),
        body: stripQuotedReply(mail.text),
        status: 'sent',
        fromAddress: mail.from,
        messageIdHeader: mail.messageId,
      },
      now,
    );
    await queries.touchConversation(tx, organizationId, conversationId, true, now);
    notifyMessages(unit, organizationId, 'created', [conversationId]);
    // The assignee hears of it; an unassigned thread goes to owners and admins (notifications).
    const conversation = await queries.findConversation(tx, organizationId, conversationId);
    if (conversation) {
      const preview = stripQuotedReply(mail.text).replace(/\s+/g, ' ').trim();
      await notifyStaff(tx, unit, {
        organizationId,
        event: 'message_received',
        title: `Reply from ${conversation.memberName}`,
        body: preview.length > 140 ? `${preview.slice(0, 139)}…` : preview,
        link: `/communications/two-way?conversation=${conversationId}`,
        recipients: conversation.assigneeUserId ? [conversation.assigneeUserId] : undefined,
      });
    }
    return row.id;
  });
}
