import type { z } from 'zod';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps } from '../../http/types.ts';
import { brandedStudio, renderEmail } from '../../lib/email-content.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import type { WebPushMessage } from '@fitbase/domain/contracts/web-push';
import { notifyMember } from '../web-push/web-push.service.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { unsubscribeLink } from '../campaigns/unsubscribe.service.ts';
import type { pushDeliverJobSchema } from './push-notifications.jobs.ts';
import * as queries from './push-notifications.queries.ts';

/** The subject of a notification sent by email. */
export const pushEmailSubject = (studioName: string) => `${studioName}: message from your studio`;

/** The push form's text: the staff member's message without Markdown's emphasis marks. */
const plainText = (message: string) => message.replace(/(\*\*|__|\*|_|`)(\S.*?\S|\S)\1/g, '$2');

/**
 * The `push.deliver` job: one member's copy, by Web Push where they allowed it
 * (docs/product/member-portal.md#notifications), else by email. Consent is read again at
 * delivery, so a member who unsubscribed after the notification was sent gets no marketing
 * copy. The reach by channel is corrected when the copy went another way than counted at send.
 * A failed email throws and the queue retries it with backoff.
 */
export async function deliverPushNotification(
  deps: Deps,
  job: z.output<typeof pushDeliverJobSchema>,
): Promise<void> {
  const log = deps.logger.child({ job: 'push.deliver', notificationId: job.notificationId });
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const { notification, member } = await queries.deliveryFacts(
      tx,
      job.organizationId,
      job.notificationId,
      job.memberId,
    );
    if (!notification || !member) return 'the notification or the member is gone';
    const sender = await studioSender(tx, job.organizationId);
    const link = notification.isMarketing
      ? unsubscribeLink(deps.config, job.organizationId, job.memberId)
      : null;
    const rendered = renderEmail({
      subject: pushEmailSubject(sender.name),
      // The message is plain text a staff member typed: merge fields are not offered for it,
      // yet the one renderer still sanitises whatever Markdown it holds.
      content: notification.message,
      values: {
        first_name: member.firstName,
        last_name: member.lastName,
        full_name: `${member.firstName} ${member.lastName}`,
        email: member.email ?? '',
        studio_name: sender.name,
        studio_url: `${deps.config.appUrl}/join/${sender.slug}`,
      },
      studio: brandedStudio(sender, deps.config.appUrl),
      unsubscribeUrl: link?.url,
    });
    // A household member without an email gets no copy: a studio's notification is not a
    // service message their payer must receive (docs/product/members.md#households).
    const to = member.email?.trim();
    const email: MailMessage | null = to
      ? {
          to,
          ...rendered,
          fromName: sender.name,
          headers: link?.headers,
          links: link ? [link.url] : [],
        }
      : null;
    const push: WebPushMessage = {
      title: sender.name,
      body: plainText(notification.message),
      url: `/m/${sender.slug}`,
      tag: `notification-${job.notificationId}`,
    };
    return { email, push, marketing: notification.isMarketing };
  });
  if (typeof message === 'string') return void log.info(`Push copy skipped: ${message}`);
  const delivery = await notifyMember(deps, {
    organizationId: job.organizationId,
    memberId: job.memberId,
    kind: message.marketing ? 'marketing' : 'transactional',
    push: message.push,
    email: message.email,
  });
  if (delivery === job.channel) return;
  if (delivery === 'none') log.info('Push copy skipped: no channel allowed now');
  const change = { push: 0, email: 0 };
  change[job.channel] -= 1;
  if (delivery !== 'none') change[delivery] += 1;
  await runInStudio(deps.database.db, job.organizationId, (tx) =>
    queries.recountChannel(tx, job.organizationId, job.notificationId, change),
  );
}
