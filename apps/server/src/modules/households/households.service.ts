import {
  HOUSEHOLD_MEMBERS_MAX,
  type Household,
  type householdInputSchema,
  type householdUpdateSchema,
} from '@fitbase/domain/contracts/households';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { getMember } from '../members/members.service.ts';
import * as queries from './households.queries.ts';

/**
 * Households (docs/product/members.md#households): staff group members under one payer from the
 * member dashboard. Every write locks the member rows it links first, so two households can never
 * take the same member at once (the key of household_members is the member: at most one).
 */

type Scope = Pick<StudioScope, 'organizationId' | 'db'>;
const HOUSEHOLD_NOT_FOUND = 'Household';
const MEMBER_NOT_FOUND = 'Member';

export async function getHousehold(scope: Scope, id: string): Promise<Household> {
  const row = await queries.findHousehold(scope.db, scope.organizationId, id);
  if (!row) throw notFound(HOUSEHOLD_NOT_FOUND);
  return serialize(scope, row);
}

async function serialize(scope: Scope, row: queries.HouseholdRow): Promise<Household> {
  const list = await queries.householdMemberRows(scope.db, scope.organizationId, row.id);
  return { id: row.id, name: row.name, payerMemberId: row.payerMemberId, members: list };
}

/** The member's household, or null. */
export async function memberHousehold(scope: Scope, memberId: string) {
  // A read (GET runs read-only on PostgreSQL): no lock; 404 for a member of no one's.
  await getMember(scope, memberId);
  const id = await queries.householdIdOfMember(scope.db, scope.organizationId, memberId);
  return { household: id ? await getHousehold(scope, id) : null };
}

/** Locks the members and refuses any that is missing or already in a household. */
async function claimMembers(scope: Scope, ids: string[], into: string | null) {
  const found = await queries.lockMembers(scope.db, scope.organizationId, ids);
  if (found.length !== ids.length) throw notFound(MEMBER_NOT_FOUND);
  const links = await queries.existingLinks(scope.db, scope.organizationId, ids);
  const elsewhere = links.find((l) => l.householdId !== into);
  if (elsewhere) {
    throw conflict(
      `This member already belongs to the household "${elsewhere.name}": remove them from it first.`,
    );
  }
  return new Set(links.map((l) => l.memberId));
}

export async function createHousehold(
  scope: Scope,
  input: z.output<typeof householdInputSchema>,
): Promise<Household> {
  const ids = [...new Set([input.payerMemberId, ...input.memberIds])];
  await claimMembers(scope, ids, null);
  const row = await queries.insertHousehold(scope.db, {
    organizationId: scope.organizationId,
    name: input.name,
    payerMemberId: input.payerMemberId,
  });
  await queries.linkMembers(scope.db, scope.organizationId, row.id, ids);
  return serialize(scope, row);
}

async function lockHousehold(scope: Scope, id: string) {
  const row = await queries.findHousehold(scope.db, scope.organizationId, id, true);
  if (!row) throw notFound(HOUSEHOLD_NOT_FOUND);
  return row;
}

export async function editHousehold(
  scope: Scope,
  id: string,
  input: z.output<typeof householdUpdateSchema>,
): Promise<Household> {
  await lockHousehold(scope, id);
  if (input.payerMemberId) {
    const at = await queries.householdIdOfMember(
      scope.db,
      scope.organizationId,
      input.payerMemberId,
    );
    if (at !== id) {
      throw conflict('The payer must belong to the household: add them to it first.');
    }
  }
  await queries.updateHousehold(scope.db, scope.organizationId, id, {
    name: input.name,
    payerMemberId: input.payerMemberId,
  });
  return getHousehold(scope, id);
}

export async function addHouseholdMember(
  scope: Scope,
  id: string,
  memberId: string,
): Promise<Household> {
  await lockHousehold(scope, id);
  const already = await claimMembers(scope, [memberId], id);
  if (!already.has(memberId)) {
    const size = await queries.countMembers(scope.db, scope.organizationId, id);
    if (size >= HOUSEHOLD_MEMBERS_MAX) {
      throw conflict(`A household has at most ${HOUSEHOLD_MEMBERS_MAX} members.`);
    }
    await queries.linkMembers(scope.db, scope.organizationId, id, [memberId]);
  }
  return getHousehold(scope, id);
}

export async function removeHouseholdMember(
  scope: Scope,
  id: string,
  memberId: string,
): Promise<Household> {
  const household = await lockHousehold(scope, id);
  if (household.payerMemberId === memberId) {
    throw conflict('Choose another payer before removing the payer from the household.');
  }
  const removed = await queries.unlinkMember(scope.db, scope.organizationId, id, memberId);
  if (!removed) throw notFound(MEMBER_NOT_FOUND);
  return getHousehold(scope, id);
}

/** Dissolves the household: its members stay, unlinked; past charges keep their payer. */
export async function deleteHousehold(scope: Scope, id: string): Promise<void> {
  await lockHousehold(scope, id);
  await queries.deleteHousehold(scope.db, scope.organizationId, id);
}

/** The member's household with its members, or null (the member portal's view). */
export async function householdOf(scope: Scope, memberId: string) {
  const id = await queries.householdIdOfMember(scope.db, scope.organizationId, memberId);
  const row = id ? await queries.findHousehold(scope.db, scope.organizationId, id) : null;
  if (!row) return null;
  return serialize(scope, row);
}

/** `payerId` pays for `memberId`: the payer of the household they are in, and not themselves. */
export async function paysFor(scope: Scope, payerId: string, memberId: string) {
  return (await queries.payerOf(scope.db, scope.organizationId, memberId)) === payerId;
}
