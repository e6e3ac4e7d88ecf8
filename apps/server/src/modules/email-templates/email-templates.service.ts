import type {
  EmailTemplate,
  EmailTemplateList,
  EmailPreview,
  emailPreviewInputSchema,
  emailTemplateInputSchema,
  emailTemplateUpdateSchema,
} from '@fitbase/domain/contracts/email-templates';
import {
  SAMPLE_MERGE_VALUES,
  unknownMergeFields,
  unknownMergeFieldsMessage,
} from '@fitbase/domain/merge-fields';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { renderEmail } from '../../lib/email-content.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { studioSender } from '../../context/studio-sender.ts';
import * as queries from './email-templates.queries.ts';

/** Email templates: docs/product/connect-and-messaging.md#email-templates-communicationstemplates. */

type Scope = Pick<StudioScope, 'organizationId' | 'db'>;
type TemplateInput = z.output<typeof emailTemplateInputSchema>;
type TemplateUpdate = z.output<typeof emailTemplateUpdateSchema>;

export function serializeTemplate(row: queries.EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    content: row.content,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Refuses subject or content naming a field that does not exist, on the field that names it,
 * so nobody receives "{{frist_name}}". Campaigns use this for their drafts too.
 */
export function assertKnownMergeFields(fields: Record<string, string | null | undefined>): void {
  const problems: Record<string, string> = {};
  const all: string[] = [];
  for (const [field, text] of Object.entries(fields)) {
    const unknown = unknownMergeFields(text);
    if (unknown.length === 0) continue;
    problems[field] = unknownMergeFieldsMessage(unknown);
    all.push(...unknown.filter((name) => !all.includes(name)));
  }
  if (all.length > 0)
    throw new AppError('unknown_merge_field', unknownMergeFieldsMessage(all), problems);
}

export async function listTemplates(scope: Scope): Promise<EmailTemplateList> {
  const rows = await queries.listTemplates(scope.db, scope.organizationId);
  return {
    templates: rows.map(serializeTemplate),
    activeCount: rows.filter((row) => row.status === 'active').length,
  };
}

/** One of the studio's templates; another studio's id answers like a missing one. */
export async function getTemplate(
  scope: { organizationId: string; db: Db | Tx },
  id: string,
): Promise<EmailTemplate> {
  const row = await queries.findTemplate(scope.db, scope.organizationId, id);
  if (!row) throw notFound('Template');
  return serializeTemplate(row);
}

export async function createTemplate(
  scope: Scope & { userId: string | null },
  input: TemplateInput,
): Promise<EmailTemplate> {
  assertKnownMergeFields({ subject: input.subject, content: input.content });
  const row = await queries.insertTemplate(scope.db, {
    organizationId: scope.organizationId,
    createdBy: scope.userId,
    ...input,
  });
  return serializeTemplate(row);
}

export async function updateTemplate(
  scope: Scope,
  id: string,
  input: TemplateUpdate,
): Promise<EmailTemplate> {
  assertKnownMergeFields({ subject: input.subject, content: input.content });
  const row = await queries.updateTemplate(scope.db, scope.organizationId, id, input);
  if (!row) throw notFound('Template');
  return serializeTemplate(row);
}

/** A copy named "… (copy)", active, whatever the original's status. */
export async function duplicateTemplate(
  scope: Scope & { userId: string | null },
  id: string,
): Promise<EmailTemplate> {
  const original = await queries.findTemplate(scope.db, scope.organizationId, id);
  if (!original) throw notFound('Template');
  const row = await queries.insertTemplate(scope.db, {
    organizationId: scope.organizationId,
    createdBy: scope.userId,
    name: `${original.name} (copy)`.slice(0, 120),
    subject: original.subject,
    content: original.content,
  });
  return serializeTemplate(row);
}

/** The server's rendering with sample values and the studio's footer (no tracking). */
export async function previewEmail(
  scope: Scope,
  input: z.output<typeof emailPreviewInputSchema>,
): Promise<EmailPreview> {
  const sender = await studioSender(scope.db, scope.organizationId);
  const values = { ...SAMPLE_MERGE_VALUES, studio_name: sender.name };
  const rendered = renderEmail({
    subject: input.subject,
    content: input.content,
    values,
    // The preview shows in the studio's own browser: the relative logo URL resolves there.
    studio: sender,
    unsubscribeUrl: '#unsubscribe',
  });
  return { subject: rendered.subject, html: rendered.html };
}
