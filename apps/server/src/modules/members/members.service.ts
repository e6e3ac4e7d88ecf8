import type {
  Member,
  MemberCreate,
  MemberListItem,
  MemberListResponse,
  MemberSummary,
  MemberUpdate,
  memberListQuerySchema,
} from '@fitbase/domain/contracts/members';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { OrganizationContext, SessionUser } from '../../http/types.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertPermission } from '../../lib/permissions.ts';
import { decodeMemberCursor, encodeMemberCursor } from './member-cursor.ts';
import {
  countMembers,
  findMember,
  insertMember,
  listMembers,
  lockOrganizationLimit,
  memberSummary,
  updateMember,
  type MemberRow,
} from './members.queries.ts';

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
    createdAt: row.createdAt.toISOString(),
  };
}

const duplicateEmail = () => conflict(DUPLICATE_EMAIL_MESSAGE);

/** Members directory page: newest first, filtered and paged in the database (keyset). */
export async function listMembersPage(
  db: Db,
  org: OrganizationContext,
  query: MemberListQuery,
): Promise<MemberListResponse> {
  assertPermission(org, 'members.view');
  const after = query.cursor ? decodeMemberCursor(query.cursor) : undefined;
  // One row more than asked tells whether another page exists without a count.
  const rows = await listMembers(db, org.organizationId, {
    search: query.search || undefined,
    status: query.status,
    membershipType: query.membershipType,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const items: MemberListItem[] = page.map(({ createdAtExact: _exact, createdAt, ...rest }) => ({
    ...rest,
    createdAt: createdAt.toISOString(),
  }));
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeMemberCursor({ createdAt: last.createdAtExact, id: last.id })
        : null,
  };
}

export async function getMemberSummary(db: Db, org: OrganizationContext): Promise<MemberSummary> {
  assertPermission(org, 'members.view');
  return memberSummary(db, org.organizationId);
}

export async function getMember(db: Db, org: OrganizationContext, id: string): Promise<Member> {
  assertPermission(org, 'members.view');
  const row = await findMember(db, org.organizationId, id);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return serializeMember(row);
}

/**
 * Adds a member within the plan's limit (DECISIONS.md). The organization row is locked for
 * the transaction, so two people adding the last allowed member at once cannot both succeed.
 */
export async function createMember(
  db: Db,
  org: OrganizationContext,
  user: SessionUser,
  input: MemberCreate,
): Promise<Member> {
  assertPermission(org, 'members.create');
  try {
    const row = await db.transaction(async (tx) => {
      const limit = await lockOrganizationLimit(tx, org.organizationId);
      if (!limit) throw notFound('Organization');
      if (
        limit.maxMembers !== null &&
        (await countMembers(tx, org.organizationId)) >= limit.maxMembers
      ) {
        throw new AppError('limit_reached', memberLimitMessage(limit.maxMembers));
      }
      return insertMember(tx, { ...input, organizationId: org.organizationId, createdBy: user.id });
    });
    return serializeMember(row);
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_INDEX)) throw duplicateEmail();
    throw error;
  }
}

export async function editMember(
  db: Db,
  org: OrganizationContext,
  id: string,
  patch: MemberUpdate,
): Promise<Member> {
  assertPermission(org, 'members.edit');
  // Drop keys that were not sent: undefined means "leave as is".
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  try {
    const row =
      Object.keys(changes).length === 0
        ? await findMember(db, org.organizationId, id)
        : await updateMember(db, org.organizationId, id, changes);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    return serializeMember(row);
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_INDEX)) throw duplicateEmail();
    throw error;
  }
}
