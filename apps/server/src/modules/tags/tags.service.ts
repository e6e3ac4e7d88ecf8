import type { Tag, TagChip, tagInputSchema, tagUpdateSchema } from '@fitbase/domain/contracts/tags';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { StudioScope } from '../../http/types.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import * as queries from './tags.queries.ts';

/** Tags on members and leads: docs/product/connect-and-messaging.md#tags. */

type TagInput = z.output<typeof tagInputSchema>;
type TagUpdate = z.output<typeof tagUpdateSchema>;
type Scope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;
type AuthorScope = Scope & { userId: string | null };

export function serializeTag(row: queries.TagRow): Tag {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    assigneeCount: row.assigneeCount,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

const tagNotFound = () => notFound('Tag');
const duplicate = (name: string) =>
  conflict(`A tag named "${name}" already exists: choose another name.`);

/*
 * Tags and their counts ride the members family of live updates: a tag's assignee count moves
 * whenever members are tagged, and the web keeps tag queries under the members key.
 */
const notify = (unit: UnitOfWork, organizationId: string, ids: string[]) =>
  publishChange(unit, { organizationId, entity: 'members', action: 'updated', ids });

export async function listTags(scope: Pick<Scope, 'organizationId' | 'db'>) {
  const rows = await queries.listTags(scope.db, scope.organizationId);
  return { tags: rows.map(serializeTag) };
}

async function loadTag(db: Db | Tx, organizationId: string, id: string): Promise<Tag> {
  const row = await queries.findTag(db, organizationId, id);
  if (!row) throw tagNotFound();
  return serializeTag(row);
}

export async function createTag(scope: AuthorScope, input: TagInput): Promise<Tag> {
  try {
    return await scope.db.transaction(async (tx) => {
      const id = await queries.insertTag(tx, scope.organizationId, scope.userId, input);
      notify(scope.work, scope.organizationId, [id]);
      return loadTag(tx, scope.organizationId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    throw error;
  }
}

export async function updateTag(scope: Scope, id: string, input: TagUpdate): Promise<Tag> {
  try {
    return await scope.db.transaction(async (tx) => {
      if (!(await queries.updateTag(tx, scope.organizationId, id, input))) throw tagNotFound();
      notify(scope.work, scope.organizationId, [id]);
      return loadTag(tx, scope.organizationId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name ?? '');
    throw error;
  }
}

export async function deleteTag(scope: Scope, id: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    if (!(await queries.deleteTag(tx, scope.organizationId, id))) throw tagNotFound();
    notify(scope.work, scope.organizationId, [id]);
  });
}

/**
 * For other modules (automations' add-tag step): tags one member. Idempotent: a member
 * already carrying the tag is left as is. An unknown or foreign tag or member is a 404.
 */
export async function addTagToMember(
  tx: Db | Tx,
  unit: UnitOfWork,
  organizationId: string,
  tagId: string,
  memberId: string,
): Promise<void> {
  if (!(await queries.tagExists(tx, organizationId, tagId))) throw tagNotFound();
  if (!(await queries.existingMemberIds(tx, organizationId, [memberId])).has(memberId))
    throw notFound('Member');
  if (await queries.addMemberTags(tx, organizationId, [{ memberId, tagId }]))
    notify(unit, organizationId, [memberId]);
}

/** For other modules (automations' remove-tag step): idempotent, 404 for an unknown tag. */
export async function removeTagFromMember(
  tx: Db | Tx,
  unit: UnitOfWork,
  organizationId: string,
  tagId: string,
  memberId: string,
): Promise<void> {
  if (!(await queries.tagExists(tx, organizationId, tagId))) throw tagNotFound();
  if (await queries.removeMemberTag(tx, organizationId, tagId, [memberId]))
    notify(unit, organizationId, [memberId]);
}

/** Every id must be the studio's: one foreign id makes the whole request a 404. */
async function assertTags(db: Db | Tx, organizationId: string, tagIds: string[]) {
  const found = await queries.existingTagIds(db, organizationId, tagIds);
  if (tagIds.some((id) => !found.has(id))) throw tagNotFound();
}

async function assertMembers(db: Db | Tx, organizationId: string, memberIds: string[]) {
  const found = await queries.existingMemberIds(db, organizationId, memberIds);
  if (memberIds.some((id) => !found.has(id))) throw notFound('Member');
}

const unique = (ids: string[]) => [...new Set(ids)];

/** POST /api/tags/{id}/members: tags many members at once. */
export async function addTagToMembers(scope: Scope, tagId: string, memberIds: string[]) {
  const ids = unique(memberIds);
  return scope.db.transaction(async (tx) => {
    await assertTags(tx, scope.organizationId, [tagId]);
    await assertMembers(tx, scope.organizationId, ids);
    const changed = await queries.addMemberTags(
      tx,
      scope.organizationId,
      ids.map((memberId) => ({ memberId, tagId })),
    );
    notify(scope.work, scope.organizationId, [tagId, ...ids]);
    return {
      changed,
      assigneeCount: (await loadTag(tx, scope.organizationId, tagId)).assigneeCount,
    };
  });
}

/** POST /api/tags/{id}/members/remove. */
export async function removeTagFromMembers(scope: Scope, tagId: string, memberIds: string[]) {
  const ids = unique(memberIds);
  return scope.db.transaction(async (tx) => {
    await assertTags(tx, scope.organizationId, [tagId]);
    await assertMembers(tx, scope.organizationId, ids);
    const changed = await queries.removeMemberTag(tx, scope.organizationId, tagId, ids);
    notify(scope.work, scope.organizationId, [tagId, ...ids]);
    return {
      changed,
      assigneeCount: (await loadTag(tx, scope.organizationId, tagId)).assigneeCount,
    };
  });
}

export async function memberTags(scope: Scope, memberId: string): Promise<{ tags: TagChip[] }> {
  await assertMembers(scope.db, scope.organizationId, [memberId]);
  return { tags: await queries.memberTagChips(scope.db, scope.organizationId, memberId) };
}

/** PUT /api/members/{id}/tags: the member's tags become exactly `tagIds`. */
export async function setMemberTags(scope: Scope, memberId: string, tagIds: string[]) {
  const ids = unique(tagIds);
  return scope.db.transaction(async (tx) => {
    await assertMembers(tx, scope.organizationId, [memberId]);
    await assertTags(tx, scope.organizationId, ids);
    await queries.replaceMemberTags(tx, scope.organizationId, memberId, ids);
    notify(scope.work, scope.organizationId, [memberId]);
    return { tags: await queries.memberTagChips(tx, scope.organizationId, memberId) };
  });
}

/** PUT /api/leads/{id}/tags: the lead's tags become exactly `tagIds`. */
export async function setLeadTags(scope: Scope, leadId: string, tagIds: string[]) {
  const ids = unique(tagIds);
  return scope.db.transaction(async (tx) => {
    if (!(await queries.leadExists(tx, scope.organizationId, leadId))) throw notFound('Lead');
    await assertTags(tx, scope.organizationId, ids);
    await queries.replaceLeadTags(tx, scope.organizationId, leadId, ids);
    notify(scope.work, scope.organizationId, ids);
    return { tags: await queries.leadTagChips(tx, scope.organizationId, leadId) };
  });
}
