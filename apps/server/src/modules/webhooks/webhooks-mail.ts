import { studioSender } from '../../context/studio-sender.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps } from '../../http/types.ts';
import { brandedStudio, serviceEmail } from '../../lib/email-content.ts';
import type { WebhookEmailJob } from './webhooks.jobs.ts';
import * as queries from './webhooks.queries.ts';

/**
 * The 'webhooks.email' job: each owner of the studio learns that an endpoint was disabled after
 * 24 hours of failed deliveries, and where to turn it back on.
 */
export async function sendWebhookDisabledEmail(deps: Deps, job: WebhookEmailJob): Promise<void> {
  const messages = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const endpoint = await queries.findEndpoint(tx, job.organizationId, job.endpointId);
    if (!endpoint || endpoint.enabled) return [];
    const sender = await studioSender(tx, job.organizationId);
    const body = serviceEmail(brandedStudio(sender, deps.config.appUrl), [
      'Hello,',
      `FitBase disabled the webhook endpoint ${endpoint.url} of ${sender.name}: every delivery to it failed for 24 hours.`,
      `Once the receiver answers again, turn the endpoint back on in Settings › Webhooks (${deps.config.appUrl}/settings?tab=webhooks). Events of the time it was disabled are not sent; each failed delivery can be sent again with Resend.`,
    ]);
    const to = await queries.ownerEmails(tx, job.organizationId);
    return to.map((address) => ({
      to: address,
      subject: `Webhook endpoint disabled — ${sender.name}`,
      ...body,
    }));
  });
  for (const message of messages) await deps.mailer.send(message);
}
