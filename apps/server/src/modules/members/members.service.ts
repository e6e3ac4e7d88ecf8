import type {
  Member,
  MemberCreate,
  MemberListItem,
  MemberListResponse,
  MemberSummary,
  MemberUpdate,
  memberListQuerySchema,
} from '@fitbase/domain/contracts/members';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { decodeCursor, toPage } from '../../db/keyset.ts';
import type { SessionUser, StudioScope } from '../../http/types.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { notifyStaff } from '../notifications/notifications.service.ts';
import {
  countMembers,
  countMembersByStatus,
  findMember,
  insertMember,
  listMembers,
  lockOrganizationLimit,
  memberSummary,
  updateMember,
  type MemberRow,
  type NewMember,
} from './members.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

type MemberListQuery = z.output<typeof memberListQuerySchema>;

export const MEMBER_NOT_FOUND = 'Member';
export const DUPLICATE_EMAIL_MESSAGE =
  'A member with this email already exists in your organization';
const EMAIL_INDEX = 'members_org_email_idx';

export function memberLimitMessage(limit: number): string {
  return `Your plan allows up to ${limit} members. Upgrade your plan to add more.`;
}

export function serializeMember(row: MemberRow): Member {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    emergencyContactRelationship: row.emergencyContactRelationship,
    membershipType: row.membershipType,
    medicalConditions: row.medicalConditions,
    allergies: row.allergies,
    referralSource: row.referralSource,
    notes: row.notes,
    fitnessGoals: row.fitnessGoals,
    preferredWorkoutTimes: row.preferredWorkoutTimes,
    experienceLevel: row.experienceLevel,
    classInterests: row.classInterests,
    profilePhotoUrl: row.profilePhotoUrl,
    membershipStatus: row.membershipStatus,
    membershipStartDate: row.membershipStartDate,
    membershipEndDate: row.membershipEndDate,
    marketingConsent: row.marketingConsent,
    marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    memberNumber: row.memberNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

// Keyed to the email field, so the add-member wizard can show it where the email is typed.
const SEARCH_WITH_UPDATED_SINCE = () => {
  const message = 'Use search or updatedSince, not both: list changed members without a search.';
  return new AppError('validation_error', message, { updatedSince: message });
};

const duplicateEmail = () =>
  new AppError('conflict', DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE });

/** Members directory page: newest first, filtered and paged in the database (keyset). */
export async function listMembersPage(
  org: StudioOrg,
  query: MemberListQuery,
): Promise<MemberListResponse> {
  const after = decodeCursor(query.cursor, 'uuid');
  // A search pages through its matches in the search function (members.queries.ts), which knows
  // nothing of updatedSince: the two together could end a page early and hide members.
  if (query.search && query.updatedSince) throw SEARCH_WITH_UPDATED_SINCE();
  // One row more than asked tells whether another page exists without a count.
  const rows = await listMembers(org.db, org.organizationId, {
    search: query.search || undefined,
    status: query.status,
    membershipType: query.membershipType,
    tagId: query.tagId,
    updatedSince: query.updatedSince ? new Date(query.updatedSince) : undefined,
    after,
    limit: query.limit + 1,
  });
  return toPage(
    rows,
    query.limit,
    ({
      cursorTs: _cursorTs,
      createdAt,
      householdId,
      householdName,
      householdPayerId,
      ...rest
    }): MemberListItem => ({
      ...rest,
      createdAt: createdAt.toISOString(),
      household:
        householdId && householdName
          ? { id: householdId, name: householdName, isPayer: householdPayerId === rest.id }
          : null,
    }),
  );
}

/**
 * How many members a studio has, from the trigger-maintained counters (cheap at any size).
 * For other modules (the dashboard), which check their own permission first.
 */
export async function countStudioMembers(db: Db, organizationId: string): Promise<number> {
  return (await countMembersByStatus(db, organizationId)).total;
}

export async function getMemberSummary(org: StudioOrg): Promise<MemberSummary> {
  return memberSummary(org.db, org.organizationId);
}

export async function getMember(
  org: Pick<StudioScope, 'organizationId' | 'db'>,
  id: string,
): Promise<Member> {
  const row = await findMember(org.db, org.organizationId, id);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return serializeMember(row);
}

/**
 * A use case's step in the new member's transaction: use-cases/add-member.ts sells the plan and
 * adds them to the household the form chose.
 */
export type AfterNewMember = (tx: Tx, memberId: string, input: MemberCreate) => Promise<void>;

/**
 * Inserts a member within the plan's member limit, in the caller's transaction: the organization
 * row is locked for the rest of it, so two people adding the last allowed member at once cannot
 * both succeed. Shared by the add-member wizard and `Join online`.
 */
export async function insertMemberWithinLimit(
  tx: Tx,
  organizationId: string,
  values: Omit<NewMember, 'organizationId'>,
): Promise<MemberRow> {
  const limit = await lockOrganizationLimit(tx, organizationId);
  if (!limit) throw notFound('Organization');
  if (limit.maxMembers !== null && (await countMembers(tx, organizationId)) >= limit.maxMembers)
    throw new AppError('limit_reached', memberLimitMessage(limit.maxMembers));
  return insertMember(tx, { ...values, organizationId });
}

/** A member email already in use in the studio (the unique index), else null. */
export const isDuplicateMemberEmail = (error: unknown) => isUniqueViolation(error, EMAIL_INDEX);

/**
 * Adds a member within the plan's limit (docs/product/organizations.md#plans-and-member-limits).
 * The organization row is locked for the transaction, so two people adding the last allowed member
 * at once cannot both succeed. Called through use-cases/add-member.ts, which sells the plan.
 * `now` is when they joined (the demo's history passes past days: src/demo).
 */
export async function createMember(
  org: StudioScope & { user: SessionUser },
  input: MemberCreate,
  afterInsert: AfterNewMember,
  now: Date = new Date(),
): Promise<Member> {
  const { user } = org;
  try {
    const row = await org.db.transaction(async (tx) => {
      const { plan: _plan, householdId: _householdId, ...fields } = input;
      const member = await insertMemberWithinLimit(tx, org.organizationId, {
        ...fields,
        marketingConsentAt: fields.marketingConsent ? now : null,
        createdBy: user.id,
        createdAt: now,
      });
      await notifyStaff(tx, org.work, {
        organizationId: org.organizationId,
        event: 'new_member',
        title: `New member: ${member.firstName} ${member.lastName}`,
        body: `Added by ${user.name || user.email}.`,
        link: `/member/${member.id}`,
        actorUserId: user.id,
      });
      if (!input.plan && !input.householdId) return member;
      // The wizard's plan and household in the same transaction: no member without their
      // membership, and no member without an email outside a household.
      await afterInsert(tx, member.id, input);
      return (await findMember(tx, org.organizationId, member.id)) ?? member;
    });
    return serializeMember(row);
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_INDEX)) throw duplicateEmail();
    throw error;
  }
}

/** The membership fields follow from the member's memberships (memberships.service syncMemberStatus). */
export async function setMembershipFields(
  tx: Db | Tx,
  organizationId: string,
  memberId: string,
  fields: Pick<
    MemberRow,
    'membershipStatus' | 'membershipType' | 'membershipStartDate' | 'membershipEndDate'
  >,
): Promise<void> {
  await updateMember(tx, organizationId, memberId, fields);
}

/**
 * Giving consent records when (unless it was already given: an unchanged form keeps the first
 * date) and clears an earlier unsubscribe; withdrawing it keeps both dates as history.
 */
const consentGiven = {
  marketingConsentAt: sql`case when ${members.marketingConsent} then ${members.marketingConsentAt} else now() end`,
  unsubscribedAt: sql`case when ${members.marketingConsent} then ${members.unsubscribedAt} else null end`,
};

export async function editMember(
  org: Pick<StudioScope, 'organizationId' | 'db'>,
  id: string,
  patch: MemberUpdate,
): Promise<Member> {
  // Drop keys that were not sent: undefined means "leave as is".
  const changes: Parameters<typeof updateMember>[3] = Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined),
  );
  if (patch.marketingConsent === true) Object.assign(changes, consentGiven);
  try {
    const row =
      Object.keys(changes).length === 0
        ? await findMember(org.db, org.organizationId, id)
        : await updateMember(org.db, org.organizationId, id, changes);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    return serializeMember(row);
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_INDEX)) throw duplicateEmail();
    throw error;
  }
}
