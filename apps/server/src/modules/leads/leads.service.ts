import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import {
  LEAD_CONTACT_REQUIRED,
  TRIAL_END_REQUIRED,
  type Lead,
  type LeadList,
  type leadInputSchema,
  type leadListQuerySchema,
  type LeadSource,
  type leadUpdateSchema,
} from '@fitbase/domain/contracts/leads';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../db/keyset.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { notifyStaff } from '../notifications/notifications.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import * as sources from './lead-sources.queries.ts';
import * as queries from './leads.queries.ts';

/** Lead sources and leads: docs/product/connect-and-messaging.md#lead-sources-and-leads. */

type Scope = Pick<StudioScope, 'organizationId' | 'db'> & { userId?: string };
/** A write's scope: its announcements go out with the request's unit of work. */
type WriteScope = Scope & Pick<StudioScope, 'work'>;
type LeadInput = z.output<typeof leadInputSchema>;
type LeadUpdate = z.output<typeof leadUpdateSchema>;
type LeadListQuery = z.output<typeof leadListQuerySchema>;

export const LEAD_NOT_FOUND = 'Lead';
const SOURCE_NOT_FOUND = 'Lead source';

export const notifyLeads = (
  unit: UnitOfWork,
  organizationId: string,
  action: RealtimeAction,
  id: string,
) => publishChange(unit, { organizationId, entity: 'leads', action, ids: [id] });

/** The bell and emails of staff (notifications): the studio's owners and admins and its owner. */
export async function announceNewLead(
  tx: Db | Tx,
  unit: UnitOfWork,
  organizationId: string,
  lead: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    ownerUserId: string | null;
  },
  how: { actorUserId?: string; viaForm?: boolean },
) {
  const contact = lead.email ? ` (${lead.email})` : '';
  await notifyStaff(tx, unit, {
    organizationId,
    event: 'new_lead',
    title: `New lead: ${lead.firstName} ${lead.lastName}`,
    body: how.viaForm ? `Sent the public lead form${contact}.` : `Added by staff${contact}.`,
    link: `/connect/sources?lead=${lead.id}`,
    alsoNotify: [lead.ownerUserId],
    actorUserId: how.actorUserId,
  });
}

const invalid = (field: string, message: string) =>
  new AppError('validation_error', message, { [field]: message });

// ---- Sources ---------------------------------------------------------------------------------

function serializeSource(row: Awaited<ReturnType<typeof sources.listSources>>[number]): LeadSource {
  return {
    id: row.id,
    name: row.name,
    leadCount: row.leadCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

const duplicateSource = (name: string) => {
  const message = `A lead source named ${name} already exists.`;
  return new AppError('conflict', message, { name: message });
};

export async function listLeadSources(scope: Scope) {
  return {
    sources: (await sources.listSources(scope.db, scope.organizationId)).map(serializeSource),
  };
}

export async function createLeadSource(scope: WriteScope, input: { name: string }) {
  try {
    return await scope.db.transaction(async (tx) => {
      const row = await sources.insertSource(tx, scope.organizationId, input.name);
      notifyLeads(scope.work, scope.organizationId, 'created', row.id);
      return serializeSource({ ...row, leadCount: 0 });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSource(input.name);
    throw error;
  }
}

/** Rename, deactivate (the public form stops offering it; its leads keep it) or activate. */
export async function updateLeadSource(
  scope: WriteScope,
  id: string,
  input: { name?: string; isActive?: boolean },
) {
  try {
    return await scope.db.transaction(async (tx) => {
      if (!(await sources.updateSource(tx, scope.organizationId, id, input)))
        throw notFound(SOURCE_NOT_FOUND);
      notifyLeads(scope.work, scope.organizationId, 'updated', id);
      const row = await sources.findSourceWithCount(tx, scope.organizationId, id);
      if (!row) throw notFound(SOURCE_NOT_FOUND);
      return serializeSource(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSource(input.name ?? '');
    throw error;
  }
}

// ---- Leads -----------------------------------------------------------------------------------

type LeadRow = NonNullable<Awaited<ReturnType<typeof queries.findLead>>>;

async function serializeLeads(db: Db | Tx, organizationId: string, rows: LeadRow[]) {
  const tagRows = await queries.tagsOfLeads(
    db,
    organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((row): Lead => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    status: row.status,
    notes: row.notes,
    ownerUserId: row.ownerUserId,
    ownerName: row.ownerName,
    trialEndsOn: row.trialEndsOn,
    memberId: row.memberId,
    tags: tagRows
      .filter((t) => t.leadId === row.id)
      .map(({ id, name, color }) => ({ id, name, color })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listLeadsPage(scope: Scope, query: LeadListQuery): Promise<LeadList> {
  const rows = await queries.listLeads(scope.db, scope.organizationId, {
    status: query.status,
    sourceId: query.sourceId,
    search: query.search || undefined,
    after: decodeCursor(query.cursor, 'uuid'),
    limit: query.limit + 1,
  });
  const page = toPage(rows, query.limit, (row) => row);
  return {
    items: await serializeLeads(scope.db, scope.organizationId, page.items),
    nextCursor: page.nextCursor,
  };
}

export async function getLead(scope: Scope, id: string): Promise<Lead> {
  const row = await queries.findLead(scope.db, scope.organizationId, id);
  if (!row) throw notFound(LEAD_NOT_FOUND);
  const [lead] = await serializeLeads(scope.db, scope.organizationId, [row]);
  return lead!;
}

/** A source and an owner must be the studio's own; named by field, so the dialog shows where. */
async function checkLinks(
  tx: Tx,
  organizationId: string,
  input: { sourceId?: string | null; ownerUserId?: string | null },
) {
  if (input.sourceId && !(await sources.findSource(tx, organizationId, input.sourceId)))
    throw invalid('sourceId', 'Choose one of your lead sources');
  if (input.ownerUserId && !(await queries.isStudioPerson(tx, organizationId, input.ownerUserId)))
    throw invalid('ownerUserId', 'The owner must be a person of your studio');
}

/** `now`: when it came in; default the database's clock (the demo's history passes past days). */
export async function createLead(scope: WriteScope, input: LeadInput, now?: Date): Promise<Lead> {
  return scope.db.transaction(async (tx) => {
    await checkLinks(tx, scope.organizationId, input);
    const row = await queries.insertLead(tx, scope.organizationId, input, now);
    notifyLeads(scope.work, scope.organizationId, 'created', row.id);
    await announceNewLead(
      tx,
      scope.work,
      scope.organizationId,
      {
        id: row.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
        ownerUserId: input.ownerUserId ?? null,
      },
      { actorUserId: scope.userId },
    );
    return getLead({ ...scope, db: tx }, row.id);
  });
}

/**
 * Status, notes, owner and contact details. `converted` comes only from converting the lead
 * (which links the member), and a converted lead keeps that status.
 */
export async function updateLead(scope: WriteScope, id: string, input: LeadUpdate): Promise<Lead> {
  return scope.db.transaction(async (tx) => {
    const current = await queries.lockLead(tx, scope.organizationId, id);
    if (!current) throw notFound(LEAD_NOT_FOUND);
    if (current.status === 'converted' && input.status)
      throw new AppError(
        'conflict',
        `${current.firstName} ${current.lastName} is already a member: a converted lead keeps its status.`,
        { status: 'A converted lead keeps its status' },
      );
    // The whole-record rules, on the merged record.
    const merged = { ...current, ...input };
    if (!merged.email && !merged.phone) throw invalid('email', LEAD_CONTACT_REQUIRED);
    if (merged.status === 'trial' && !merged.trialEndsOn)
      throw invalid('trialEndsOn', TRIAL_END_REQUIRED);
    await checkLinks(tx, scope.organizationId, input);
    await queries.updateLead(tx, scope.organizationId, id, input);
    notifyLeads(scope.work, scope.organizationId, 'updated', id);
    return getLead({ ...scope, db: tx }, id);
  });
}

/**
 * After the add-member wizard created the member: the lead becomes `converted` and keeps the
 * link. The lead's row lock makes a double submit answer 409 the second time.
 */
export async function convertLead(scope: WriteScope, id: string, memberId: string): Promise<Lead> {
  return scope.db.transaction(async (tx) => {
    const current = await queries.lockLead(tx, scope.organizationId, id);
    if (!current) throw notFound(LEAD_NOT_FOUND);
    if (current.status === 'converted')
      throw conflict(`${current.firstName} ${current.lastName} was already converted to a member.`);
    if (!(await queries.memberExists(tx, scope.organizationId, memberId))) throw notFound('Member');
    await queries.updateLead(tx, scope.organizationId, id, { status: 'converted', memberId });
    notifyLeads(scope.work, scope.organizationId, 'updated', id);
    return getLead({ ...scope, db: tx }, id);
  });
}

/**
 * `Join online` (docs/product/member-portal.md#join-online): the prospect's open lead with the
 * same email becomes `converted` and links the new member, keeping its source for the lead
 * reports. Null when there is no such lead.
 */
export async function convertLeadOfEmail(
  scope: WriteScope,
  email: string,
  memberId: string,
): Promise<Lead | null> {
  const id = await queries.openLeadOfEmail(scope.db, scope.organizationId, email);
  return id ? convertLead(scope, id, memberId) : null;
}
