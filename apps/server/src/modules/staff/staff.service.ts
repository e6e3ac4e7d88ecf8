import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@fitbase/domain/constants';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import {
  splitFullName,
  staffStats,
  type createStaffSchema,
  type CreateStaffResult,
  type ResendInvitationResult,
  type StaffList,
  type StaffMember,
  type updateStaffSchema,
} from '@fitbase/domain/contracts/staff';
import { checkPassword } from '@fitbase/domain/password';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps, OrganizationContext, SessionUser } from '../../http/types.ts';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertPermission } from '../../lib/permissions.ts';
import { publishChange } from '../realtime/realtime.notify.ts';
import { insertCredentialAccount, prepareCredentialAccount } from './staff-accounts.ts';
import { deletePendingInvitations, upsertPendingInvitation } from './staff-invitations.queries.ts';
import { accountCreatedMail, staffInvitationMail } from './staff.mail.ts';
import * as queries from './staff.queries.ts';

type CreateStaff = z.output<typeof createStaffSchema>;
type UpdateStaff = z.output<typeof updateStaffSchema>;

export const OWNER_PROTECTED =
  'The organization owner cannot be removed or have their role changed.';
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export function serializeStaffMember(row: queries.StaffRow): StaffMember {
  return {
    id: row.id,
    userId: row.userId,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    fullName: row.fullName,
    email: row.email,
    department: row.department,
  };
}

/**
 * Password rules of doc 2 §5 and DECISIONS.md: a short one is a validation error with the
 * spec's message, a well-known weak one is refused with code `weak_password`.
 */
export function assertAcceptablePassword(password: string | undefined): string {
  const value = password ?? '';
  const result = checkPassword(value);
  if (result.ok) return value;
  const code = result.reasons.includes('length') ? 'validation_error' : 'weak_password';
  throw new AppError(code, result.message, { password: result.message });
}

const notifyStaff = (tx: Tx, organizationId: string, action: RealtimeAction, id: string) =>
  publishChange(tx, { organizationId, entity: 'staff', action, ids: [id] });

/** Every role may see the team (DECISIONS.md: only managing staff is restricted). */
export async function listStaff(db: Db, org: OrganizationContext): Promise<StaffList> {
  assertPermission(org, 'staff.view');
  const staff = (await queries.listStaff(db, org.organizationId)).map(serializeStaffMember);
  return { staff, stats: staffStats(staff) };
}

const alreadyMember = (email: string) =>
  new AppError('conflict', `${email} is already a member of this organization.`, {
    email: 'This person is already a member of this organization',
  });

/**
 * Create Staff Account (doc 2 §7 create-staff-account): a new account, or the existing
 * account with that email, plus the membership, in one transaction. The person is then told
 * by email that they can sign in at {APP_URL}/auth.
 */
export async function createStaffMember(
  deps: Deps,
  org: OrganizationContext,
  input: CreateStaff,
): Promise<CreateStaffResult> {
  assertPermission(org, 'staff.manage');
  const { db } = deps.database;
  const existing = await queries.findUserByEmail(db, input.email);
  // An existing account keeps its own password: nobody else may set it.
  const prepared = existing
    ? null
    : await prepareCredentialAccount(deps.auth, assertAcceptablePassword(input.password));
  const fullName = `${input.firstName} ${input.lastName}`;
  let membershipId: string;
  try {
    membershipId = await db.transaction(async (tx) => {
      let userId: string;
      if (prepared) {
        await insertCredentialAccount(tx, prepared, {
          email: input.email,
          fullName,
          department: input.department,
          organizationId: org.organizationId,
          emailVerified: false,
        });
        userId = prepared.id;
      } else {
        userId = existing!.id;
        if (input.department)
          await queries.setDepartment(tx, userId, input.email, input.department);
      }
      const id = await queries.insertMembership(tx, {
        organizationId: org.organizationId,
        userId,
        role: input.role,
      });
      if (!id) throw alreadyMember(input.email);
      await notifyStaff(tx, org.organizationId, 'created', id);
      return id;
    });
  } catch (error) {
    // Someone signed up with this email between our lookup and our insert.
    if (isUniqueViolation(error))
      throw conflict(`An account with ${input.email} was created meanwhile. Try again.`);
    throw error;
  }
  const row = await queries.findMembershipById(db, org.organizationId, membershipId);
  if (!row) throw notFound('Staff member');
  const signInUrl = `${deps.config.appUrl}/auth`;
  const organizationName = await queries.findOrganizationName(db, org.organizationId);
  try {
    await deps.mailer.send(
      accountCreatedMail({
        to: row.email,
        firstName: input.firstName,
        organizationName,
        role: row.role,
        signInUrl,
        accountCreated: prepared !== null,
      }),
    );
  } catch (error) {
    // The account and membership stand; the person can still be told in person.
    deps.logger.error({ err: error, to: row.email }, 'Staff account email failed');
  }
  return { staffMember: serializeStaffMember(row), accountCreated: prepared !== null, signInUrl };
}

/** Locks and reads a membership of this organization; another studio's id is "not found". */
async function lockedMembership(
  tx: Tx,
  org: OrganizationContext,
  id: string,
): Promise<queries.StaffRow> {
  if (!(await queries.lockMembership(tx, org.organizationId, id))) throw notFound('Staff member');
  const row = await queries.findMembershipById(tx, org.organizationId, id);
  if (!row) throw notFound('Staff member');
  return row;
}

/** Edit Staff Invitation: the profile (full name, department) and the role. */
export async function updateStaffMember(
  db: Db,
  org: OrganizationContext,
  actor: SessionUser,
  id: string,
  input: UpdateStaff,
): Promise<StaffMember> {
  assertPermission(org, 'staff.manage');
  return db.transaction(async (tx) => {
    const row = await lockedMembership(tx, org, id);
    if (row.role === 'owner') throw forbidden(OWNER_PROTECTED);
    if (input.email && input.email !== row.email.toLowerCase()) {
      const message = "A staff member's email is their sign-in address: only they can change it.";
      throw new AppError('validation_error', message, { email: message });
    }
    // Demoting oneself could leave nobody but the owner able to manage staff.
    if (row.userId === actor.id && input.role !== row.role)
      throw forbidden('You cannot change your own role.');
    await queries.updatePerson(tx, row.userId, {
      email: row.email,
      fullName: `${input.firstName} ${input.lastName}`,
      department: input.department,
    });
    if (input.role !== row.role)
      await queries.updateMembershipRole(tx, org.organizationId, id, input.role);
    await notifyStaff(tx, org.organizationId, 'updated', id);
    const updated = await queries.findMembershipById(tx, org.organizationId, id);
    if (!updated) throw notFound('Staff member');
    return serializeStaffMember(updated);
  });
}

/** Remove Staff Member: deletes the membership (DECISIONS.md 5), never the owner's or one's own. */
export async function removeStaffMember(
  db: Db,
  org: OrganizationContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  assertPermission(org, 'staff.manage');
  await db.transaction(async (tx) => {
    const row = await lockedMembership(tx, org, id);
    if (row.role === 'owner') throw forbidden(OWNER_PROTECTED);
    if (row.userId === actor.id)
      throw forbidden('You cannot remove yourself from the organization.');
    await queries.deleteMembership(tx, org.organizationId, id);
    await deletePendingInvitations(tx, org.organizationId, row.email);
    await notifyStaff(tx, org.organizationId, 'deleted', id);
  });
}

/**
 * Resend (doc 2 §7 send-staff-invitation): a pending invitation with a fresh 32-byte token
 * valid 7 days, created or renewed, then emailed as {APP_URL}/accept-staff-invitation?token=….
 */
export async function resendStaffInvitation(
  deps: Deps,
  org: OrganizationContext,
  actor: SessionUser,
  id: string,
): Promise<ResendInvitationResult> {
  assertPermission(org, 'staff.manage');
  const { db } = deps.database;
  const token = randomBytes(32).toString('base64url');
  const { row, invitation } = await db.transaction(async (tx) => {
    const row = await lockedMembership(tx, org, id);
    if (row.role === 'owner') throw forbidden('The organization owner is not invited as staff.');
    const name = splitFullName(row.fullName);
    const invitation = await upsertPendingInvitation(tx, {
      organizationId: org.organizationId,
      email: row.email,
      firstName: name.firstName || row.email.split('@')[0]!,
      lastName: name.lastName,
      department: row.department,
      role: row.role,
      invitedBy: actor.id,
      token,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await notifyStaff(tx, org.organizationId, 'updated', id);
    return { row, invitation };
  });
  const link = `${deps.config.appUrl}/accept-staff-invitation?token=${encodeURIComponent(token)}`;
  const organizationName = await queries.findOrganizationName(db, org.organizationId);
  try {
    await deps.mailer.send(
      staffInvitationMail({
        to: row.email,
        firstName: invitation.firstName,
        organizationName,
        role: invitation.role,
        link,
      }),
    );
  } catch (error) {
    deps.logger.error({ err: error, to: row.email }, 'Staff invitation email failed');
    throw new AppError(
      'internal_error',
      'The invitation was saved, but its email could not be sent. Try again later.',
    );
  }
  return { email: row.email, expiresAt: invitation.expiresAt.toISOString() };
}
