import type { LeadStatus } from '@fitbase/domain/connect-constants';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { afterCursor, cursorTimestamp, newestFirst, type Cursor } from '../../db/keyset.ts';
import { users } from '../../db/schema/auth.ts';
import { leads, leadSources, leadTags, tags } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';

export type LeadValues = Partial<
  Pick<
    typeof leads.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'sourceId'
    | 'status'
    | 'notes'
    | 'ownerUserId'
    | 'trialEndsOn'
    | 'memberId'
  >
>;

/** LIKE treats % and _ (and the escape character) specially; a search is a plain substring. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export interface LeadListFilter {
  status?: LeadStatus;
  sourceId?: string;
  search?: string;
  after?: Cursor | null;
  limit: number;
}

const leadColumns = {
  id: leads.id,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  phone: leads.phone,
  sourceId: leads.sourceId,
  sourceName: leadSources.name,
  status: leads.status,
  notes: leads.notes,
  ownerUserId: leads.ownerUserId,
  ownerName: users.name,
  trialEndsOn: leads.trialEndsOn,
  memberId: leads.memberId,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  cursorTs: cursorTimestamp(leads.createdAt),
};

function selectLeads(db: Db | Tx, organizationId: string, conditions: SQL[]) {
  return db
    .select(leadColumns)
    .from(leads)
    .leftJoin(
      leadSources,
      and(eq(leadSources.organizationId, leads.organizationId), eq(leadSources.id, leads.sourceId)),
    )
    .leftJoin(users, eq(users.id, leads.ownerUserId))
    .where(and(eq(leads.organizationId, organizationId), ...conditions));
}

export type LeadRow = Awaited<ReturnType<typeof findLead>> & object;

/** Newest first, keyset-paged, filtered by status, source and a name or email substring. */
export async function listLeads(db: Db | Tx, organizationId: string, filter: LeadListFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  if (filter.sourceId) conditions.push(eq(leads.sourceId, filter.sourceId));
  if (filter.search) {
    const term = `%${escapeLike(filter.search.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${leads.firstName} || ' ' || ${leads.lastName}) like ${term} or lower(coalesce(${leads.email}, '')) like ${term})`,
    );
  }
  const after = afterCursor(leads.createdAt, leads.id, filter.after);
  if (after) conditions.push(after);
  return selectLeads(db, organizationId, conditions)
    .orderBy(...newestFirst(leads.createdAt, leads.id))
    .limit(filter.limit);
}

export async function findLead(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await selectLeads(db, organizationId, [eq(leads.id, id)]);
  return row ?? null;
}

/** The lead's row, locked for a status change (convert runs once even when clicked twice). */
export async function lockLead(tx: Tx, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)))
    .for('update');
  return row ?? null;
}

/** The tags of these leads (assigned by the tags module), by name. */
export async function tagsOfLeads(db: Db | Tx, organizationId: string, leadIds: string[]) {
  if (leadIds.length === 0) return [];
  return db
    .select({ leadId: leadTags.leadId, id: tags.id, name: tags.name, color: tags.color })
    .from(leadTags)
    .innerJoin(
      tags,
      and(eq(tags.organizationId, leadTags.organizationId), eq(tags.id, leadTags.tagId)),
    )
    .where(and(eq(leadTags.organizationId, organizationId), inArray(leadTags.leadId, leadIds)))
    .orderBy(asc(sql`lower(${tags.name})`));
}

export async function insertLead(
  tx: Tx,
  organizationId: string,
  values: LeadValues & { firstName: string; lastName: string },
  /** Default: the database's clock. */
  createdAt?: Date,
) {
  const [row] = await tx
    .insert(leads)
    .values({ ...values, organizationId, createdAt })
    .returning({ id: leads.id });
  if (!row) throw new Error('insert leads returned no row');
  return row;
}

export async function updateLead(tx: Tx, organizationId: string, id: string, values: LeadValues) {
  const [row] = await tx
    .update(leads)
    .set(values)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)))
    .returning({ id: leads.id });
  return row ?? null;
}

/** Whether the user is one of the studio's people (a lead's owner must be). */
export async function isStudioPerson(db: Db | Tx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    );
  return Boolean(row);
}

export async function memberExists(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return Boolean(row);
}

/** The newest lead with this email (case-insensitive) that is not yet a member, if any. */
export async function openLeadOfEmail(db: Db | Tx, organizationId: string, email: string) {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, organizationId),
        sql`lower(${leads.email}) = lower(${email})`,
        sql`${leads.status} <> 'converted'`,
      ),
    )
    .orderBy(sql`${leads.createdAt} desc`)
    .limit(1);
  return row?.id ?? null;
}
