import { AUDIENCE_RULE_LABELS } from '@fitbase/domain/audience-rules';
import {
  type Audience,
  type AudienceRule,
  type audienceInputSchema,
  type audienceMembersQuerySchema,
  audienceRulesSchema,
  type audienceUpdateSchema,
} from '@fitbase/domain/contracts/audiences';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import { localDateOf } from '@fitbase/domain/recurrence';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import * as queries from './audiences.queries.ts';

/** Member groups = Connect's Audiences: docs/product/connect-and-messaging.md. */

type AudienceInput = z.output<typeof audienceInputSchema>;
type AudienceUpdate = z.output<typeof audienceUpdateSchema>;
type MembersQuery = z.output<typeof audienceMembersQuerySchema>;
type Scope = Pick<StudioScope, 'organizationId' | 'db'>;
/** A write's scope: its announcements go out with the request's unit of work. */
type WriteScope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;

const groupNotFound = () => notFound('Group');

async function ruleContext(db: Db | Tx, organizationId: string): Promise<queries.RuleContext> {
  const timeZone = await getOrganizationTimeZone(db, organizationId);
  return { organizationId, timeZone, today: localDateOf(new Date(), timeZone) };
}

/** Stored rules were validated when saved; a row that no longer parses is a server fault. */
function storedRules(row: queries.AudienceRow): AudienceRule[] {
  const parsed = audienceRulesSchema.safeParse(row.rules ?? []);
  if (!parsed.success) throw new Error(`audience ${row.id} has rules that do not parse`);
  return parsed.data;
}

async function memberIdsOf(db: Db | Tx, row: queries.AudienceRow): Promise<SQL> {
  if (row.kind === 'manual') return queries.manualMemberIdsSql(row.organizationId, row.id);
  return queries.dynamicMemberIdsSql(storedRules(row), await ruleContext(db, row.organizationId));
}

/**
 * For other modules (campaigns, push): the member ids of a group as a bare `select` (no
 * parentheses), for sql`${members.id} in (${sub})`. An unknown or foreign group is
 * the 404 `Group not found`. The subquery is evaluated by the caller's statement: a dynamic
 * group's members are whoever meets the rules at that moment.
 */
export async function audienceMemberIdsSql(
  tx: Db | Tx,
  organizationId: string,
  audienceId: string,
): Promise<SQL> {
  const row = await queries.findAudience(tx, organizationId, audienceId);
  if (!row) throw groupNotFound();
  return memberIdsOf(tx, row);
}

/** The live number of members in a group (404 for an unknown or foreign one). */
export async function countAudienceMembers(
  tx: Db | Tx,
  organizationId: string,
  audienceId: string,
): Promise<number> {
  const ids = await audienceMemberIdsSql(tx, organizationId, audienceId);
  return queries.countMembersIn(tx, organizationId, ids);
}

async function serialize(db: Db | Tx, row: queries.AudienceRow): Promise<Audience> {
  const memberCount = await queries.countMembersIn(
    db,
    row.organizationId,
    await memberIdsOf(db, row),
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    rules: row.kind === 'dynamic' ? storedRules(row) : null,
    memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const notify = (scope: WriteScope, action: RealtimeAction, id: string) =>
  // Under 'members': group counts move with members, so one family refreshes both.
  publishChange(scope.work, {
    organizationId: scope.organizationId,
    entity: 'members',
    action,
    ids: [id],
  });

/**
 * Every plan, tag and lead source a rule names must be the studio's: otherwise 400 naming the
 * rule (its position and label) and the field, and nothing is saved.
 */
async function assertRuleReferences(db: Db | Tx, organizationId: string, rules: AudienceRule[]) {
  const refs = { planIds: [] as string[], tagIds: [] as string[], sourceIds: [] as string[] };
  for (const rule of rules) {
    if (rule.type === 'plan') refs.planIds.push(...rule.planIds);
    if (rule.type === 'tag') refs.tagIds.push(rule.tagId);
    if (rule.type === 'lead_source') refs.sourceIds.push(...rule.sourceIds);
  }
  const found = await queries.existingReferences(db, organizationId, refs);
  const fields: Record<string, string> = {};
  let first: string | null = null;
  rules.forEach((rule, index) => {
    const unknown = (field: string, what: string) => {
      const message = `Rule ${index + 1} (${AUDIENCE_RULE_LABELS[rule.type]}): ${what} not found in this studio`;
      fields[`rules.${index}.${field}`] = message;
      first ??= message;
    };
    if (rule.type === 'plan' && rule.planIds.some((id) => !found.planIds.has(id)))
      unknown('planIds', 'a plan');
    if (rule.type === 'tag' && !found.tagIds.has(rule.tagId)) unknown('tagId', 'the tag');
    if (rule.type === 'lead_source' && rule.sourceIds.some((id) => !found.sourceIds.has(id)))
      unknown('sourceIds', 'a lead source');
  });
  if (first) throw new AppError('validation_error', first, fields);
}

export async function listAudiences(scope: Scope) {
  const rows = await queries.listAudiences(scope.db, scope.organizationId);
  const audiences: Audience[] = [];
  for (const row of rows) audiences.push(await serialize(scope.db, row));
  return { audiences };
}

export async function getAudience(scope: Scope, id: string): Promise<Audience> {
  const row = await queries.findAudience(scope.db, scope.organizationId, id);
  if (!row) throw groupNotFound();
  return serialize(scope.db, row);
}

export async function createAudience(
  scope: Pick<StudioScope, 'organizationId' | 'userId' | 'work' | 'db'>,
  input: AudienceInput,
): Promise<Audience> {
  return scope.db.transaction(async (tx) => {
    const rules = input.kind === 'dynamic' ? (input.rules ?? []) : null;
    if (rules) await assertRuleReferences(tx, scope.organizationId, rules);
    const row = await queries.insertAudience(tx, scope.organizationId, scope.userId, {
      name: input.name,
      description: input.description,
      kind: input.kind,
      rules,
    });
    notify(scope, 'created', row.id);
    return serialize(tx, row);
  });
}

export async function updateAudience(
  scope: WriteScope,
  id: string,
  input: AudienceUpdate,
): Promise<Audience> {
  return scope.db.transaction(async (tx) => {
    const current = await queries.findAudience(tx, scope.organizationId, id);
    if (!current) throw groupNotFound();
    if (input.rules !== undefined) {
      if (current.kind === 'manual' && input.rules.length > 0)
        throw new AppError('validation_error', 'A manual group has no rules', {
          rules: 'A manual group has no rules',
        });
      if (current.kind === 'dynamic' && input.rules.length === 0)
        throw new AppError('validation_error', 'Add at least one rule', {
          rules: 'Add at least one rule',
        });
      await assertRuleReferences(tx, scope.organizationId, input.rules);
    }
    const row = await queries.updateAudience(tx, scope.organizationId, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.rules !== undefined && current.kind === 'dynamic' && { rules: input.rules }),
    });
    if (!row) throw groupNotFound();
    notify(scope, 'updated', row.id);
    return serialize(tx, row);
  });
}

/** Deleting a group removes only the group: its members stay. */
export async function deleteAudience(scope: WriteScope, id: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    if (!(await queries.deleteAudience(tx, scope.organizationId, id))) throw groupNotFound();
    notify(scope, 'deleted', id);
  });
}

/** The editor's live count: how many members the rules select now (references checked too). */
export async function previewAudience(scope: Scope, rules: AudienceRule[]) {
  await assertRuleReferences(scope.db, scope.organizationId, rules);
  const ctx = await ruleContext(scope.db, scope.organizationId);
  return {
    count: await queries.countMembersIn(
      scope.db,
      scope.organizationId,
      queries.dynamicMemberIdsSql(rules, ctx),
    ),
  };
}

export async function listAudienceMembers(scope: Scope, id: string, params: MembersQuery) {
  const ids = await audienceMemberIdsSql(scope.db, scope.organizationId, id);
  const { rows, total } = await queries.pageMembersIn(scope.db, scope.organizationId, ids, params);
  return { members: rows, total, page: params.page, pageSize: params.pageSize };
}

const dynamicRefusal = (name: string) =>
  conflict(
    `${name} is a dynamic group: its members are whoever meets its rules. Change the rules, or use a manual group to add or remove members by hand.`,
  );

async function manualGroup(tx: Db | Tx, scope: Scope, id: string) {
  const row = await queries.findAudience(tx, scope.organizationId, id);
  if (!row) throw groupNotFound();
  if (row.kind !== 'manual') throw dynamicRefusal(row.name);
  return row;
}

/**
 * Adds members to a manual group; members already in it are left as they are. An id that is
 * not a member of the studio refuses the whole request (404, nothing added).
 */
export async function addAudienceMembers(
  scope: WriteScope,
  id: string,
  memberIds: string[],
): Promise<{ added: number; memberCount: number }> {
  return scope.db.transaction(async (tx) => {
    const row = await manualGroup(tx, scope, id);
    const known = await queries.existingMemberIds(tx, scope.organizationId, memberIds);
    if (known.size !== memberIds.length) throw notFound('Member');
    const added = await queries.addAudienceMembers(tx, scope.organizationId, row.id, memberIds);
    if (added > 0) notify(scope, 'updated', row.id);
    const ids = queries.manualMemberIdsSql(scope.organizationId, row.id);
    return { added, memberCount: await queries.countMembersIn(tx, scope.organizationId, ids) };
  });
}

export async function removeAudienceMember(
  scope: WriteScope,
  id: string,
  memberId: string,
): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const row = await manualGroup(tx, scope, id);
    if (!(await queries.removeAudienceMember(tx, scope.organizationId, row.id, memberId)))
      throw notFound('Member');
    notify(scope, 'updated', row.id);
  });
}
