import { MACHINE_OPEN_WINDOW_SECONDS } from '@fitbase/domain/connect-constants';
import { z } from 'zod';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Config } from '../../env.ts';
import type { Deps, PublicScope } from '../../http/types.ts';
import { brandedStudio, renderEmail } from '../../lib/email-content.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';
import type { messageSendJobSchema } from './conversations.jobs.ts';
import { notifyMessages } from './conversations.service.ts';
import * as queries from './conversations.queries.ts';
import { replyAddress } from './reply-address.service.ts';

/**
 * Sending a 1:1 message (the `messages.send` job) and counting its opens. A 1:1 message is a
 * service message: no unsubscribe link, but the studio's footer, the conversation's reply
 * address and an open pixel for the page's open rate.
 */

const OPEN_PURPOSE = 'message-open';

/** The signed pixel address; the token carries the send instant to tell machine opens apart. */
export function messageOpenUrl(
  config: Pick<Config, 'appUrl' | 'authSecret'>,
  organizationId: string,
  messageId: string,
  sentAt: Date,
): string {
  const token = signToken(config.authSecret, OPEN_PURPOSE, [
    organizationId,
    messageId,
    String(sentAt.getTime()),
  ]);
  return `${config.appUrl}/api/message-opens/${token}`;
}

/** "Sam at Iron Temple": the writer's first name and the studio, as members know them. */
export function senderDisplayName(staffName: string | null, studioName: string): string {
  const first = staffName?.trim().split(/\s+/)[0];
  return first ? `${first} at ${studioName}` : studioName;
}

/** SMTP 5xx is permanent (e.g. no such mailbox): retrying would not help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export async function sendQueuedMessage(
  deps: Deps,
  job: z.output<typeof messageSendJobSchema>,
): Promise<void> {
  const { organizationId, messageId } = job;
  const log = deps.logger.child({ job: 'messages.send', messageId });
  const db = deps.database.db;
  const claimed = await runInStudio(db, organizationId, async (tx, unit) => {
    const row = await queries.messageForSending(tx, organizationId, messageId);
    if (!row) return null;
    // Already sent (a retry after success, or a second worker): nothing to do.
    if (!(await queries.claimForSending(tx, organizationId, messageId))) return null;
    notifyMessages(unit, organizationId, 'updated', [row.message.conversationId]);
    return row;
  });
  if (!claimed) return void log.info('Message not sent: gone or already sent');
  const { message, member, studio } = claimed;
  const markFailed = () =>
    runInStudio(db, organizationId, async (tx, unit) => {
      await queries.setMessageStatus(tx, organizationId, messageId, 'failed');
      notifyMessages(unit, organizationId, 'updated', [message.conversationId]);
    });
  // The studio removed the email since the message was written (a household member's).
  const to = member.email?.trim();
  if (!to) {
    await markFailed();
    return void log.warn('Message not sent: the member has no email address');
  }
  const rendered = renderEmail({
    subject: message.subject,
    content: message.body,
    values: {
      first_name: member.firstName,
      last_name: member.lastName,
      full_name: `${member.firstName} ${member.lastName}`.trim(),
      email: to,
      studio_name: studio.name,
      studio_url: deps.config.appUrl,
    },
    studio: brandedStudio(studio, deps.config.appUrl),
    openPixelUrl: messageOpenUrl(deps.config, organizationId, messageId, new Date()),
  });
  try {
    await deps.mailer.send({
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      fromName: senderDisplayName(claimed.senderName, studio.name),
      replyTo: replyAddress(deps.config, claimed.replyToken),
    });
  } catch (error) {
    // Failed until a retry claims it again; a permanent refusal is not retried.
    await markFailed();
    if (isPermanent(error)) return void log.warn({ err: error }, 'Message refused by SMTP');
    throw error;
  }
}

/**
 * GET /api/message-opens/{token}: a human open is recorded once; an open within seconds of
 * sending is a privacy proxy fetching images on delivery and is not counted. A bad token is
 * ignored (the caller still gets the image).
 */
export async function recordMessageOpen(
  scope: Pick<PublicScope, 'db' | 'deps'>,
  token: string,
  now = new Date(),
) {
  const parts = verifyToken(scope.deps.config.authSecret, OPEN_PURPOSE, token);
  if (!parts || parts.length !== 3) return false;
  const [organizationId, messageId, sentAtMs] = parts as [string, string, string];
  if (!z.uuid().safeParse(organizationId).success || !z.uuid().safeParse(messageId).success)
    return false;
  if (now.getTime() - Number(sentAtMs) < MACHINE_OPEN_WINDOW_SECONDS * 1000) return false;
  return runInStudio(scope.db, organizationId, async (tx, unit) => {
    const recorded = await queries.recordOpen(tx, organizationId, messageId);
    if (recorded) notifyMessages(unit, organizationId, 'updated', [messageId]);
    return recorded;
  });
}
