import type { Campaign, campaignSendSchema } from '@fitbase/domain/contracts/campaigns';
import type { MergeValues } from '@fitbase/domain/merge-fields';
import type { z } from 'zod';
import type { Config } from '../../env.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Deps, StudioScope } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { brandedStudio, renderEmail } from '../../lib/email-content.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { audienceMemberIdsSql } from '../audiences/audiences.service.ts';
import { replyAddressesFor } from '../conversations/reply-address.service.ts';
import { assertKnownMergeFields } from '../email-templates/email-templates.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { campaignSendJob, type campaignJobSchema } from './campaigns.jobs.ts';
import { campaignNotFound, getCampaign } from './campaigns.service.ts';
import * as queries from './campaigns-send.queries.ts';
import { findCampaign, updateCampaign } from './campaigns.queries.ts';
import { openPixelUrl, trackedLink } from './tracking.service.ts';
import { studioSender, type StudioSender } from '../../context/studio-sender.ts';
import { requirePostalAddress, unsubscribeLink } from './unsubscribe.service.ts';

/**
 * Sending a campaign (docs/product/connect-and-messaging.md#campaigns-connectcampaigns): the
 * recipients are fixed in the transaction that starts it, then the `campaigns.send` job mails
 * them in batches paced to the campaign's rate.
 */

type Scope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;
type SendInput = z.output<typeof campaignSendSchema>;

/** A transient SMTP failure is tried this many times in all before the recipient fails. */
export const MAX_SEND_ATTEMPTS = 3;
/** One job runs at most this long, then hands over to a fresh job (no job outlives its lease). */
const SLICE_MS = 4 * 60_000;
/** Messages in flight at once within a batch. */
const CONCURRENCY = 20;

export async function sendCampaign(
  scope: Scope,
  id: string,
  input: SendInput,
  now = new Date(),
): Promise<Campaign> {
  const campaign = await findCampaign(scope.db, scope.organizationId, id, { forUpdate: true });
  if (!campaign) throw campaignNotFound();
  if (campaign.status !== 'draft')
    throw conflict('This campaign has already been sent or scheduled: duplicate it to send again.');
  const missing: Record<string, string> = {};
  if (!campaign.subject?.trim()) missing.subject = 'Subject Line is required';
  if (!campaign.content?.trim()) missing.content = 'Email Content is required';
  if (Object.keys(missing).length > 0)
    throw new AppError(
      'validation_error',
      'Write a subject line and the email content before sending.',
      missing,
    );
  assertKnownMergeFields({ subject: campaign.subject, content: campaign.content });
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
  if (scheduledAt && scheduledAt.getTime() <= now.getTime())
    throw new AppError('validation_error', 'Choose a time in the future to schedule the campaign', {
      scheduledAt: 'Choose a time in the future',
    });
  requirePostalAddress(await studioSender(scope.db, scope.organizationId));
  const audienceId = input.audienceId === undefined ? campaign.audienceId : input.audienceId;
  const audience = audienceId
    ? await audienceMemberIdsSql(scope.db, scope.organizationId, audienceId)
    : null;
  const count = await queries.insertRecipients(scope.db, scope.organizationId, id, audience);
  if (count === 0)
    throw conflict(
      audienceId
        ? 'Nobody to send to: no member of this group has agreed to marketing email.'
        : 'Nobody to send to: no member has agreed to marketing email.',
    );
  await updateCampaign(scope.db, scope.organizationId, id, {
    status: 'active',
    audienceId,
    sendRatePerSecond: input.sendRatePerSecond ?? campaign.sendRatePerSecond,
    scheduledAt: scheduledAt ?? now,
    recipientCount: count,
  });
  await enqueueJob(
    scope.work,
    campaignSendJob,
    { organizationId: scope.organizationId, campaignId: id },
    scheduledAt ? { startAfter: scheduledAt } : {},
  );
  publishChange(scope.work, {
    organizationId: scope.organizationId,
    entity: 'campaigns',
    action: 'updated',
    ids: [id],
  });
  return getCampaign(scope.db, scope, id);
}

interface Outgoing {
  recipientId: string;
  attempts: number;
  message: MailMessage;
}

type Batch =
  { kind: 'stop' } | { kind: 'wait'; seconds: number } | { kind: 'send'; outgoing: Outgoing[] };

function mergeValues(
  config: Pick<Config, 'appUrl'>,
  sender: StudioSender,
  member: { firstName: string; lastName: string } | undefined,
  email: string,
): MergeValues {
  const first = member?.firstName ?? '';
  const last = member?.lastName ?? '';
  return {
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`.trim(),
    email,
    studio_name: sender.name,
    studio_url: `${config.appUrl}/join/${sender.slug}`,
  };
}

/** Claims the next batch (marked sent in the same statement) and renders its messages. */
async function nextBatch(
  deps: Deps,
  organizationId: string,
  campaignId: string,
  elapsedMs: number,
  at: Date | undefined,
): Promise<Batch> {
  const { config } = deps;
  return runInStudio(deps.database.db, organizationId, async (tx, unit) => {
    const campaign = await findCampaign(tx, organizationId, campaignId, { includeDeleted: true });
    if (!campaign || campaign.status !== 'active') return { kind: 'stop' };
    // One second's worth per batch; after a batch that took longer, the next one claims what the
    // rate owed since (at most two seconds' worth), so a slow second does not lower the rate.
    const rate = campaign.sendRatePerSecond;
    const size = Math.min(2 * rate, Math.max(1, Math.round((rate * elapsedMs) / 1000)));
    const claimed = await queries.claimRecipients(tx, organizationId, campaignId, size, at);
    if (claimed.length === 0) {
      const wait = await queries.nextQueuedInSeconds(tx, organizationId, campaignId);
      if (wait !== null) return { kind: 'wait', seconds: wait };
      if (await queries.finishCampaign(tx, organizationId, campaignId, at))
        publishChange(unit, {
          organizationId,
          entity: 'campaigns',
          action: 'updated',
          ids: [campaignId],
        });
      return { kind: 'stop' };
    }
    const sender = await studioSender(tx, organizationId);
    const memberIds = claimed.flatMap((r) => (r.memberId ? [r.memberId] : []));
    const people = new Map(
      (await queries.membersForMail(tx, organizationId, memberIds)).map((m) => [m.id, m]),
    );
    const replyTo = await replyAddressesFor(tx, config, organizationId, memberIds);
    const outgoing = claimed.map((recipient) => {
      const member = recipient.memberId ? people.get(recipient.memberId) : undefined;
      const link = recipient.memberId
        ? unsubscribeLink(config, organizationId, recipient.memberId, recipient.id)
        : null;
      const rendered = renderEmail({
        subject: campaign.subject ?? '',
        content: campaign.content ?? '',
        values: mergeValues(config, sender, member, recipient.email),
        studio: brandedStudio(sender, config.appUrl),
        unsubscribeUrl: link?.url,
        trackLink: (url) => trackedLink(config, organizationId, recipient.id, url),
        openPixelUrl: openPixelUrl(config, organizationId, recipient.id),
      });
      const message: MailMessage = {
        to: recipient.email,
        ...rendered,
        fromName: sender.name,
        replyTo: recipient.memberId ? replyTo.get(recipient.memberId) : undefined,
        headers: link?.headers,
        links: link ? [link.url] : [],
      };
      return { recipientId: recipient.id, attempts: recipient.attempts, message };
    });
    publishChange(unit, {
      organizationId,
      entity: 'campaigns',
      action: 'updated',
      ids: [campaignId],
    });
    return { kind: 'send', outgoing };
  });
}

/** A 5xx reply is permanent (that address will not take it); anything else may pass later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
}

async function deliver(deps: Deps, organizationId: string, outgoing: Outgoing[]) {
  const failures: Array<{ item: Outgoing; error: unknown }> = [];
  let next = 0;
  const worker = async () => {
    while (next < outgoing.length) {
      const item = outgoing[next++]!;
      try {
        await deps.mailer.send(item.message);
      } catch (error) {
        failures.push({ item, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, outgoing.length) }, worker));
  if (failures.length === 0) return;
  await runInStudio(deps.database.db, organizationId, async (tx) => {
    for (const { item, error } of failures) {
      const retry = !isPermanent(error) && item.attempts < MAX_SEND_ATTEMPTS;
      const text = error instanceof Error ? error.message : String(error);
      await queries.markAttemptFailed(
        tx,
        organizationId,
        item.recipientId,
        retry ? 'queued' : 'failed',
        text,
      );
      deps.logger.warn(
        { recipientId: item.recipientId, attempts: item.attempts, retry, err: text },
        'Campaign email failed',
      );
    }
  });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The sender's time. The job runs on the wall clock; the demo's history sends on a past day,
 * on a clock it moves itself (src/demo), so a campaign of months ago is paced and stamped then.
 */
export interface SendClock {
  now(): number;
  pause(ms: number): Promise<void>;
}

const wallClock: SendClock = { now: () => Date.now(), pause };

/**
 * The `campaigns.send` job: batches of `rate` recipients, one batch a second. It may run in
 * several processes at once, and be stopped at any point: claiming is the only way a recipient
 * is sent, and a claimed recipient is never claimed again.
 */
export async function runCampaignSend(
  deps: Deps,
  job: z.output<typeof campaignJobSchema>,
  clock: SendClock = wallClock,
): Promise<void> {
  const { organizationId, campaignId } = job;
  // Stamped by the database's clock, unless the sender runs on a clock of its own.
  const at = () => (clock === wallClock ? undefined : new Date(clock.now()));
  const deadline = clock.now() + SLICE_MS;
  let previous = clock.now() - 1000;
  for (;;) {
    const started = clock.now();
    const batch = await nextBatch(deps, organizationId, campaignId, started - previous, at());
    previous = started;
    if (batch.kind === 'stop') return;
    if (batch.kind === 'wait') {
      if (started + batch.seconds * 1000 > deadline)
        return handOver(deps, organizationId, campaignId, batch.seconds);
      await clock.pause(batch.seconds * 1000);
      previous = clock.now() - 1000;
      continue;
    }
    await deliver(deps, organizationId, batch.outgoing);
    await clock.pause(started + 1000 - clock.now());
    if (clock.now() > deadline) return handOver(deps, organizationId, campaignId, 0);
  }
}

/** Continues in a fresh job, so no single job runs longer than its queue allows. */
async function handOver(deps: Deps, organizationId: string, campaignId: string, seconds: number) {
  await runInStudio(deps.database.db, organizationId, (_tx, unit) =>
    enqueueJob(
      unit,
      campaignSendJob,
      { organizationId, campaignId },
      { startAfter: new Date(Date.now() + seconds * 1000) },
    ),
  );
}
