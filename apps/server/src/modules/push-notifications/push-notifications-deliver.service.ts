import type { z } from 'zod';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps } from '../../http/types.ts';
import { brandedStudio, renderEmail } from '../../lib/email-content.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { unsubscribeLink } from '../campaigns/unsubscribe.service.ts';
import type { pushDeliverJobSchema } from './push-notifications.jobs.ts';
import * as queries from './push-notifications.queries.ts';

/** The subject of a notification sent by email. */
export const pushEmailSubject = (studioName: string) => `${studioName}: message from your studio`;

/**
 * The `push.deliver` job: one member's copy, by email. Consent is read again at delivery, so a
 * member who unsubscribed after the notification was sent gets no marketing copy. A failed send
 * throws and the queue retries it with backoff.
 */
export async function deliverPushNotification(
  deps: Deps,
  job: z.output<typeof pushDeliverJobSchema>,
): Promise<void> {
  const log = deps.logger.child({ job: 'push.deliver', notificationId: job.notificationId });
  const message = await runInStudio(
    deps.database.db,
    job.organizationId,
    async (tx): Promise<MailMessage | string> => {
      const { notification, member } = await queries.deliveryFacts(
        tx,
        job.organizationId,
        job.notificationId,
        job.memberId,
      );
      if (!notification || !member) return 'the notification or the member is gone';
      if (!member.email.trim()) return 'the member has no email address';
      if (notification.isMarketing && (!member.marketingConsent || member.unsubscribedAt))
        return 'the member withdrew marketing consent';
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
          email: member.email,
          studio_name: sender.name,
          studio_url: `${deps.config.appUrl}/join/${sender.slug}`,
        },
        studio: brandedStudio(sender, deps.config.appUrl),
        unsubscribeUrl: link?.url,
      });
      return {
        to: member.email,
        ...rendered,
        fromName: sender.name,
        headers: link?.headers,
        links: link ? [link.url] : [],
      };
    },
  );
  if (typeof message === 'string') return void log.info(`Push copy skipped: ${message}`);
  await deps.mailer.send(message);
}
