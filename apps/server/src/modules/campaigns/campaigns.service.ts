import type {
  Campaign,
  CampaignDetails,
  CampaignList,
  CampaignRecipientPage,
  CampaignSummary,
  campaignInputSchema,
  campaignRecipientsQuerySchema,
  campaignUpdateSchema,
} from '@fitbase/domain/contracts/campaigns';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { StudioScope } from '../../http/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertKnownMergeFields, getTemplate } from '../email-templates/email-templates.service.ts';
import { getAudience } from '../audiences/audiences.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import * as queries from './campaigns.queries.ts';
import * as stats from './campaign-stats.sql.ts';

/** Campaigns: docs/product/connect-and-messaging.md#campaigns-connectcampaigns. */

type Scope = Pick<StudioScope, 'organizationId' | 'db'>;
/** A write's scope: its announcements go out with the request's unit of work. */
type WriteScope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;
type CampaignInput = z.output<typeof campaignInputSchema>;
type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
/** Percent with one decimal; null before anything was sent. */
const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;

export function serializeCampaign(row: queries.CampaignWithStats): Campaign {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    content: row.content,
    status: row.status,
    templateId: row.templateId,
    audienceId: row.audienceId,
    sendRatePerSecond: row.sendRatePerSecond,
    scheduledAt: iso(row.scheduledAt),
    sentAt: iso(row.sentAt),
    recipientCount: row.recipientCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    openRate: rate(row.openedCount, row.sentCount),
    clickCount: row.clickCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const campaignNotFound = () => notFound('Campaign');

function notify(
  unit: UnitOfWork,
  organizationId: string,
  id: string,
  action: 'created' | 'updated' | 'deleted',
) {
  publishChange(unit, { organizationId, entity: 'campaigns', action, ids: [id] });
}

export async function listCampaigns(scope: Scope, search?: string): Promise<CampaignList> {
  const rows = await queries.listCampaigns(scope.db, scope.organizationId, search || undefined);
  return { campaigns: rows.map(serializeCampaign) };
}

export async function campaignSummary(scope: Scope): Promise<CampaignSummary> {
  const summary = await stats.campaignSummary(scope.db, scope.organizationId);
  return {
    activeCampaigns: summary.active,
    averageOpenRate: summary.averageOpenRate === null ? null : Math.round(summary.averageOpenRate),
    totalReach: summary.totalReach,
  };
}

async function loadWithStats(tx: Db | Tx, organizationId: string, id: string) {
  const row = await queries.findCampaignWithStats(tx, organizationId, id);
  if (!row) throw campaignNotFound();
  return row;
}

export async function getCampaign(tx: Db | Tx, scope: Scope, id: string): Promise<Campaign> {
  return serializeCampaign(await loadWithStats(tx, scope.organizationId, id));
}

const HOUR = 3_600_000;

/** Figures and their course over time: hours for the first two days, then days. */
export async function campaignDetails(
  scope: Scope,
  id: string,
  now = new Date(),
): Promise<CampaignDetails> {
  const row = await loadWithStats(scope.db, scope.organizationId, id);
  const timeZone = await getOrganizationTimeZone(scope.db, scope.organizationId);
  const start = row.scheduledAt && row.scheduledAt < now ? row.scheduledAt : row.updatedAt;
  const unit = now.getTime() - start.getTime() <= 48 * HOUR ? 'hour' : 'day';
  const points =
    row.status === 'draft'
      ? []
      : await stats.campaignSeries(scope.db, scope.organizationId, id, unit, timeZone);
  return {
    ...serializeCampaign(row),
    queuedCount: row.queuedCount,
    openedCount: row.openedCount,
    machineOpenCount: row.machineOpenCount,
    clickedCount: row.clickedCount,
    unsubscribedCount: row.unsubscribedCount,
    series: {
      bucket: unit,
      points: points.map((point) => ({ ...point, at: point.at.toISOString() })),
    },
  };
}

export async function listRecipients(
  scope: Scope,
  id: string,
  query: z.output<typeof campaignRecipientsQuerySchema>,
): Promise<CampaignRecipientPage> {
  const campaign = await queries.findCampaign(scope.db, scope.organizationId, id);
  if (!campaign) throw campaignNotFound();
  const { rows, total } = await queries.listRecipients(scope.db, scope.organizationId, id, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    recipients: rows.map(({ recipient, firstName, lastName }) => ({
      id: recipient.id,
      email: recipient.email,
      memberName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
      status: recipient.status,
      attempts: recipient.attempts,
      lastError: recipient.lastError,
      sentAt: recipient.status === 'sent' ? iso(recipient.sentAt) : null,
      firstOpenedAt: iso(recipient.firstOpenedAt),
      openCount: recipient.openCount,
      clickCount: recipient.clickCount,
      unsubscribedAt: iso(recipient.unsubscribedAt),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The template and group must be the studio's own (404 like a missing one otherwise). */
async function checkLinks(
  tx: Db | Tx,
  organizationId: string,
  input: { templateId?: string | null; audienceId?: string | null },
) {
  if (input.templateId) await getTemplate({ db: tx, organizationId }, input.templateId);
  if (input.audienceId) await getAudience({ organizationId, db: tx }, input.audienceId);
}

/**
 * A draft. Starting from a template copies its subject and content where the draft gives none,
 * so later edits of the template do not change a campaign already written.
 */
export async function createCampaign(
  scope: WriteScope & { userId: string | null },
  input: CampaignInput,
): Promise<Campaign> {
  await checkLinks(scope.db, scope.organizationId, input);
  const template = input.templateId ? await getTemplate(scope, input.templateId) : null;
  const subject = input.subject ?? template?.subject ?? null;
  const content = input.content ?? template?.content ?? null;
  assertKnownMergeFields({ subject, content });
  const row = await queries.insertCampaign(scope.db, {
    organizationId: scope.organizationId,
    createdBy: scope.userId,
    ...input,
    subject,
    content,
  });
  notify(scope.work, scope.organizationId, row.id, 'created');
  return getCampaign(scope.db, scope, row.id);
}

export async function updateCampaign(
  scope: WriteScope,
  id: string,
  input: CampaignUpdate,
): Promise<Campaign> {
  const current = await queries.findCampaign(scope.db, scope.organizationId, id, {
    forUpdate: true,
  });
  if (!current) throw campaignNotFound();
  if (current.status !== 'draft')
    throw conflict('Only a draft can be changed: duplicate the campaign to send it again.');
  await checkLinks(scope.db, scope.organizationId, input);
  assertKnownMergeFields({ subject: input.subject, content: input.content });
  await queries.updateCampaign(scope.db, scope.organizationId, id, input);
  notify(scope.work, scope.organizationId, id, 'updated');
  return getCampaign(scope.db, scope, id);
}

/** A new draft with the same content, group and rate. */
export async function duplicateCampaign(
  scope: WriteScope & { userId: string | null },
  id: string,
): Promise<Campaign> {
  const original = await queries.findCampaign(scope.db, scope.organizationId, id);
  if (!original) throw campaignNotFound();
  const row = await queries.insertCampaign(scope.db, {
    organizationId: scope.organizationId,
    createdBy: scope.userId,
    name: `${original.name} (copy)`.slice(0, 120),
    subject: original.subject,
    content: original.content,
    templateId: original.templateId,
    audienceId: original.audienceId,
    sendRatePerSecond: original.sendRatePerSecond,
  });
  notify(scope.work, scope.organizationId, row.id, 'created');
  return getCampaign(scope.db, scope, row.id);
}

/**
 * A draft disappears; a sent campaign only leaves the list (its figures keep counting). One
 * still sending cannot be deleted: its recipients are being written to.
 */
export async function deleteCampaign(scope: WriteScope, id: string): Promise<void> {
  const current = await queries.findCampaign(scope.db, scope.organizationId, id, {
    forUpdate: true,
  });
  if (!current) throw campaignNotFound();
  if (current.status === 'active')
    throw conflict('This campaign is sending: delete it once it has been sent.');
  if (current.status === 'draft') await queries.deleteCampaign(scope.db, scope.organizationId, id);
  else await queries.updateCampaign(scope.db, scope.organizationId, id, { deletedAt: new Date() });
  notify(scope.work, scope.organizationId, id, 'deleted');
}
