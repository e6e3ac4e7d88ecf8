import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { leads, leadTags, memberTags, tags } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';

export type TagValues = Pick<typeof tags.$inferInsert, 'name' | 'description' | 'color'>;
export type TagRow = typeof tags.$inferSelect & {
  assigneeCount: number;
  createdByName: string | null;
};

/** The author's name as the studio knows them (their staff name), or null ('System'). */
const createdByName = sql<
  string | null
>`coalesce(nullif(${organizationUsers.displayName}, ''), ${profiles.fullName}, nullif(${users.name}, ''))`;

/** Members and leads carrying the tag, counted now (never stored, so never stale). */
const assigneeCount = sql<number>`(
  (select count(*) from ${memberTags}
    where ${memberTags.organizationId} = ${tags.organizationId} and ${memberTags.tagId} = ${tags.id})
  + (select count(*) from ${leadTags}
    where ${leadTags.organizationId} = ${tags.organizationId} and ${leadTags.tagId} = ${tags.id})
)`.mapWith(Number);

function tagSelect(db: Db | Tx) {
  return db
    .select({
      id: tags.id,
      organizationId: tags.organizationId,
      name: tags.name,
      description: tags.description,
      color: tags.color,
      createdBy: tags.createdBy,
      createdAt: tags.createdAt,
      assigneeCount,
      createdByName,
    })
    .from(tags)
    .leftJoin(users, eq(users.id, tags.createdBy))
    .leftJoin(profiles, eq(profiles.id, tags.createdBy))
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, tags.organizationId),
        eq(organizationUsers.userId, tags.createdBy),
      ),
    );
}

/** Newest first. */
export async function listTags(db: Db | Tx, organizationId: string): Promise<TagRow[]> {
  return tagSelect(db)
    .where(eq(tags.organizationId, organizationId))
    .orderBy(desc(tags.createdAt), desc(tags.id));
}

export async function findTag(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<TagRow | null> {
  const [row] = await tagSelect(db).where(
    and(eq(tags.organizationId, organizationId), eq(tags.id, id)),
  );
  return row ?? null;
}

export async function tagExists(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), eq(tags.id, id)));
  return row !== undefined;
}

/** Which of `ids` are this studio's tags. */
export async function existingTagIds(db: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Which of `ids` are this studio's members. */
export async function existingMemberIds(db: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function leadExists(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, id)));
  return row !== undefined;
}

export async function insertTag(
  tx: Tx,
  organizationId: string,
  createdBy: string | null,
  values: TagValues,
): Promise<string> {
  const [row] = await tx
    .insert(tags)
    .values({ ...values, organizationId, createdBy })
    .returning({ id: tags.id });
  if (!row) throw new Error('insert tags returned no row');
  return row.id;
}

export async function updateTag(
  tx: Tx,
  organizationId: string,
  id: string,
  values: Partial<TagValues>,
): Promise<boolean> {
  const rows = await tx
    .update(tags)
    .set(values)
    .where(and(eq(tags.organizationId, organizationId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

/** Assignments go with the tag (foreign keys cascade). */
export async function deleteTag(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(tags)
    .where(and(eq(tags.organizationId, organizationId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

/** Adds the tag to each member; members already carrying it are left alone. */
export async function addMemberTags(
  tx: Db | Tx,
  organizationId: string,
  pairs: { memberId: string; tagId: string }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const rows = await tx
    .insert(memberTags)
    .values(pairs.map((p) => ({ ...p, organizationId })))
    .onConflictDoNothing()
    .returning({ memberId: memberTags.memberId });
  return rows.length;
}

export async function removeMemberTag(
  tx: Db | Tx,
  organizationId: string,
  tagId: string,
  memberIds: string[],
): Promise<number> {
  if (memberIds.length === 0) return 0;
  const rows = await tx
    .delete(memberTags)
    .where(
      and(
        eq(memberTags.organizationId, organizationId),
        eq(memberTags.tagId, tagId),
        inArray(memberTags.memberId, memberIds),
      ),
    )
    .returning({ memberId: memberTags.memberId });
  return rows.length;
}

/** Sets a member's tags to exactly `tagIds`. */
export async function replaceMemberTags(
  tx: Tx,
  organizationId: string,
  memberId: string,
  tagIds: string[],
): Promise<void> {
  await tx
    .delete(memberTags)
    .where(
      and(
        eq(memberTags.organizationId, organizationId),
        eq(memberTags.memberId, memberId),
        tagIds.length > 0 ? notInArray(memberTags.tagId, tagIds) : undefined,
      ),
    );
  await addMemberTags(
    tx,
    organizationId,
    tagIds.map((tagId) => ({ memberId, tagId })),
  );
}

/** Sets a lead's tags to exactly `tagIds`. */
export async function replaceLeadTags(
  tx: Tx,
  organizationId: string,
  leadId: string,
  tagIds: string[],
): Promise<void> {
  await tx
    .delete(leadTags)
    .where(
      and(
        eq(leadTags.organizationId, organizationId),
        eq(leadTags.leadId, leadId),
        tagIds.length > 0 ? notInArray(leadTags.tagId, tagIds) : undefined,
      ),
    );
  if (tagIds.length === 0) return;
  await tx
    .insert(leadTags)
    .values(tagIds.map((tagId) => ({ organizationId, leadId, tagId })))
    .onConflictDoNothing();
}

const chipColumns = { id: tags.id, name: tags.name, color: tags.color };

/** A member's tags, by name. */
export async function memberTagChips(db: Db | Tx, organizationId: string, memberId: string) {
  return db
    .select(chipColumns)
    .from(memberTags)
    .innerJoin(
      tags,
      and(eq(tags.organizationId, memberTags.organizationId), eq(tags.id, memberTags.tagId)),
    )
    .where(and(eq(memberTags.organizationId, organizationId), eq(memberTags.memberId, memberId)))
    .orderBy(sql`lower(${tags.name})`);
}

/** A lead's tags, by name. */
export async function leadTagChips(db: Db | Tx, organizationId: string, leadId: string) {
  return db
    .select(chipColumns)
    .from(leadTags)
    .innerJoin(
      tags,
      and(eq(tags.organizationId, leadTags.organizationId), eq(tags.id, leadTags.tagId)),
    )
    .where(and(eq(leadTags.organizationId, organizationId), eq(leadTags.leadId, leadId)))
    .orderBy(sql`lower(${tags.name})`);
}
