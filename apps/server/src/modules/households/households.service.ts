import {
  HOUSEHOLD_MEMBERS_MAX,
  type Household,
  type householdInputSchema,
  type householdUpdateSchema,
} from '@fitbase/domain/contracts/households';
import { EMAIL_NEEDS_HOUSEHOLD_MESSAGE } from '@fitbase/domain/contracts/members';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
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

/**
 * A member without an email (docs/product/members.md#households) is reached only through their
 * household's payer: they must stay in a household and cannot be its payer, whose email gets
 * the household's receipts and who signs in to book for the others.
 */
const PAYER_NEEDS_EMAIL =
  'The payer needs an email: receipts and the portal sign-in code go to it. Add one to their record first.';

function withoutEmail(rows: { firstName: string; email: string | null }[]) {
  return rows.filter((r) => !r.email?.trim()).map((r) => r.firstName);
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
  return { already: new Set(links.map((l) => l.memberId)), found };
}

/** Locks one member and refuses a payer without an email. */
async function assertPayerHasEmail(scope: Scope, memberId: string) {
  const [payer] = await queries.lockMembers(scope.db, scope.organizationId, [memberId]);
  if (!payer) throw notFound(MEMBER_NOT_FOUND);
  if (withoutEmail([payer]).length > 0) throw conflict(PAYER_NEEDS_EMAIL);
}

export async function createHousehold(
  scope: Scope,
  input: z.output<typeof householdInputSchema>,
): Promise<Household> {
  const ids = [...new Set([input.payerMemberId, ...input.memberIds])];
  const { found } = await claimMembers(scope, ids, null);
  const payer = found.find((m) => m.id === input.payerMemberId);
  if (payer && withoutEmail([payer]).length > 0) throw conflict(PAYER_NEEDS_EMAIL);
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
    await assertPayerHasEmail(scope, input.payerMemberId);
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
  const { already } = await claimMembers(scope, [memberId], id);
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
  const [member] = await queries.lockMembers(scope.db, scope.organizationId, [memberId]);
  if (member && withoutEmail([member]).length > 0) {
    throw conflict(
      `${member.firstName} has no email: add one to their record before removing them from the household, whose payer is the only way to reach them.`,
    );
  }
  const removed = await queries.unlinkMember(scope.db, scope.organizationId, id, memberId);
  if (!removed) throw notFound(MEMBER_NOT_FOUND);
  return getHousehold(scope, id);
}

/** Dissolves the household: its members stay, unlinked; past charges keep their payer. */
export async function deleteHousehold(scope: Scope, id: string): Promise<void> {
  await lockHousehold(scope, id);
  const list = await queries.householdMemberRows(scope.db, scope.organizationId, id);
  const names = withoutEmail(list);
  if (names.length > 0) {
    throw conflict(
      `${names.join(', ')} ${names.length > 1 ? 'have' : 'has'} no email: add one before dissolving the household, whose payer is the only way to reach them.`,
    );
  }
  await queries.deleteHousehold(scope.db, scope.organizationId, id);
}

/**
 * Whether a member may be left without an email (editing their record): only in a household, and
 * not as its payer. Locks the member row, so a household change cannot slip in between.
 */
export async function assertMayHaveNoEmail(scope: Scope, memberId: string): Promise<void> {
  const [member] = await queries.lockMembers(scope.db, scope.organizationId, [memberId]);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  const householdId = await queries.householdIdOfMember(scope.db, scope.organizationId, memberId);
  const household = householdId
    ? await queries.findHousehold(scope.db, scope.organizationId, householdId)
    : null;
  if (!household) {
    throw new AppError('validation_error', EMAIL_NEEDS_HOUSEHOLD_MESSAGE, {
      email: EMAIL_NEEDS_HOUSEHOLD_MESSAGE,
    });
  }
  if (household.payerMemberId === memberId) {
    throw new AppError('validation_error', PAYER_NEEDS_EMAIL, { email: PAYER_NEEDS_EMAIL });
  }
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
