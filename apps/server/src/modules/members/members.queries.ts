import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { MembershipStatus } from '@fitbase/domain/constants';
import type { Db, Tx } from '../../db/client.ts';
import { afterCursor, cursorTimestamp, newestFirst, type Cursor } from '../../db/keyset.ts';
import { memberTags } from '../../db/schema/connect.ts';
import { householdMembers, households } from '../../db/schema/households.ts';
import { members } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { memberStatusCounts } from './member-status-counts.ts';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

/** LIKE treats % and _ (and the escape character) specially; a search is a plain substring. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export interface MemberListFilter {
  search?: string;
  status?: MembershipStatus;
  membershipType?: string;
  /** Only members carrying this tag. */
  tagId?: string;
  /** Only members changed at or after this instant. */
  updatedSince?: Date;
  /** Keyset position: rows strictly after this (created_at, id) in newest-first order. */
  after?: Cursor | null;
  limit: number;
}

export function listMembers(db: Db, organizationId: string, filter: MemberListFilter) {
  return listMembersQuery(db, organizationId, filter).execute();
}

/** The directory query itself (bench:api runs its SQL on a bare server to compare). */
export function listMembersQuery(db: Db, organizationId: string, filter: MemberListFilter) {
  const conditions: SQL[] = [eq(members.organizationId, organizationId)];
  if (filter.search) {
    const term = escapeLike(filter.search);
    // Matched by fitbase_member_ids_like (migration 0024) on the pg_trgm indexes of the
    // lower-cased full name and email (drizzle/0001_members_search.sql): under row-level
    // security LIKE cannot use them, and a fragment few members match scanned the whole
    // studio. The rows themselves are read here, under row-level security.
    // It applies the filters, order and page below too (the page of matches, not of all).
    const cursor = filter.after;
    conditions.push(
      sql`${members.id} in (select found.id from fitbase_member_ids_like('%' || lower(${term}) || '%',
        ${filter.status ?? null}::text, ${filter.membershipType ?? null}::text,
        ${filter.tagId ?? null}::uuid, ${cursor?.createdAt ?? null}::timestamptz,
        ${cursor?.id ?? null}::uuid, ${filter.limit}::int) as found)`,
    );
  }
  if (filter.status) conditions.push(eq(members.membershipStatus, filter.status));
  if (filter.membershipType) conditions.push(eq(members.membershipType, filter.membershipType));
  if (filter.updatedSince) conditions.push(gte(members.updatedAt, filter.updatedSince));
  if (filter.tagId)
    conditions.push(
      sql`exists (select 1 from ${memberTags} where ${memberTags.organizationId} = ${organizationId} and ${memberTags.memberId} = ${members.id} and ${memberTags.tagId} = ${filter.tagId})`,
    );
  // One range on the (organization_id, created_at desc, id desc) index.
  const after = afterCursor(members.createdAt, members.id, filter.after);
  if (after) conditions.push(after);
  return db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      phone: members.phone,
      membershipType: members.membershipType,
      membershipStatus: members.membershipStatus,
      createdAt: members.createdAt,
      // The exact timestamp (microseconds) for the cursor: a JS Date would round it to ms.
      cursorTs: cursorTimestamp(members.createdAt),
      // The directory's household link (docs/product/members.md#households): one key lookup a row.
      householdId: households.id,
      householdName: households.name,
      householdPayerId: households.payerMemberId,
    })
    .from(members)
    .leftJoin(
      householdMembers,
      and(
        eq(householdMembers.organizationId, members.organizationId),
        eq(householdMembers.memberId, members.id),
      ),
    )
    .leftJoin(
      households,
      and(
        eq(households.organizationId, householdMembers.organizationId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .where(and(...conditions))
    .orderBy(...newestFirst(members.createdAt, members.id))
    .limit(filter.limit);
}

export async function findMember(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, id)))
    .limit(1)
    // Bookings, sales and check-ins all read their member first: parsed and planned once per
    // connection rather than on every request.
    .prepare('member_by_id')
    .execute();
  return row ?? null;
}

/** Locks the member row so concurrent writes to its children (default card) run one at a time. */
export async function lockMember(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, id)))
    .for('update');
  return rows.length > 0;
}

export async function insertMember(tx: Db | Tx, values: NewMember): Promise<MemberRow> {
  const [row] = await tx.insert(members).values(values).returning();
  if (!row) throw new Error('insert members returned no row');
  return row;
}

export async function updateMember(
  db: Db | Tx,
  organizationId: string,
  id: string,
  patch: Partial<NewMember>,
): Promise<MemberRow | null> {
  const [row] = await db
    .update(members)
    .set(patch)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Locks the organization row for the rest of the transaction and returns its member limit:
 * concurrent adds to one studio queue here, so count-then-insert cannot overshoot the limit.
 */
export async function lockOrganizationLimit(
  tx: Tx,
  organizationId: string,
): Promise<{ maxMembers: number | null } | null> {
  const [row] = await tx
    .select({ maxMembers: organizations.maxMembers })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row ?? null;
}

/** Exact count by scanning; used under the organization lock for the plan limit (small studios). */
export async function countMembers(db: Db | Tx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(eq(members.organizationId, organizationId));
  return row?.n ?? 0;
}

/**
 * Members of the organization, in total and active, from the trigger-maintained counters:
 * a few rows to read whatever the size of the studio (drizzle/0002_member_status_counts.sql).
 */
export async function countMembersByStatus(
  db: Db,
  organizationId: string,
): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${memberStatusCounts.memberCount}), 0)`.mapWith(Number),
      active:
        sql<number>`coalesce(sum(${memberStatusCounts.memberCount}) filter (where ${memberStatusCounts.membershipStatus} = 'active'), 0)`.mapWith(
          Number,
        ),
    })
    .from(memberStatusCounts)
    .where(eq(memberStatusCounts.organizationId, organizationId));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/**
 * Members directory cards (docs/product/members.md#members-directory): counted in the database,
 * never in the browser.
 */
export async function memberSummary(db: Db, organizationId: string) {
  // One statement (issue 31: at 10 clients the round trips were the cost): the kept counts
  // and, as a subquery, a range of the (organization_id, created_at) index: one month of
  // sign-ups, not the whole studio.
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${memberStatusCounts.memberCount}), 0)`.mapWith(Number),
      active:
        sql<number>`coalesce(sum(${memberStatusCounts.memberCount}) filter (where ${memberStatusCounts.membershipStatus} = 'active'), 0)`.mapWith(
          Number,
        ),
      recent:
        sql<number>`(select count(*) from ${members} where ${members.organizationId} = ${organizationId} and ${members.createdAt} > now() - interval '1 month')`.mapWith(
          Number,
        ),
    })
    .from(memberStatusCounts)
    .where(eq(memberStatusCounts.organizationId, organizationId));
  return {
    totalMembers: row?.total ?? 0,
    activeMembers: row?.active ?? 0,
    newThisMonth: row?.recent ?? 0,
  };
}
