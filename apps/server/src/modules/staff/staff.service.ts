import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@fitbase/domain/constants';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import {
  splitFullName,
  staffStats,
  type ResendInvitationResult,
  type StaffList,
  type StaffMember,
  type updateStaffSchema,
} from '@fitbase/domain/contracts/staff';
// The server's password rules: the domain rules plus the 49,000-entry common-password list.
import { checkPasswordPolicy as checkPassword } from '../../auth/password-policy.ts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Deps, OrganizationContext, StudioScope } from '../../http/types.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { countOnDutyToday } from '../dashboard/dashboard.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { deletePendingInvitations, upsertPendingInvitation } from './staff-invitations.queries.ts';
import { staffInvitationMail } from './staff.mail.ts';
import * as queries from './staff.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

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
 * Password rules (docs/product/accounts.md#passwords): a short one is a validation error with the
 * spec's message, a well-known weak one is refused with code `weak_password`.
 */
export function assertAcceptablePassword(password: string | undefined): string {
  const value = password ?? '';
  const result = checkPassword(value);
  if (result.ok) return value;
  const code = result.reasons.includes('length') ? 'validation_error' : 'weak_password';
  throw new AppError(code, result.message, { password: result.message });
}

const notifyStaff = (org: StudioScope, action: RealtimeAction, id: string) =>
  publishChange(org.work, {
    organizationId: org.organizationId,
    entity: 'staff',
    action,
    ids: [id],
  });

/**
 * Every role may see the team (only managing staff is restricted:
 * docs/product/roles-and-permissions.md).
 */
export async function listStaff(org: StudioOrg): Promise<StaffList> {
  const staff = (await queries.listStaff(org.db, org.organizationId)).map(serializeStaffMember);
  const onDutyToday = await countOnDutyToday(org.db, org.organizationId);
  return { staff, stats: staffStats(staff, onDutyToday) };
}

/** A fresh 32-byte token valid 7 days (docs/product/staff.md, send-staff-invitation). */
export function newInvitation(): { token: string; expiresAt: Date } {
  return {
    token: randomBytes(32).toString('base64url'),
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  };
}

export function invitationLink(deps: Deps, token: string): string {
  return `${deps.config.appUrl}/accept-staff-invitation?token=${encodeURIComponent(token)}`;
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

/**
 * Edit Staff Invitation: this studio's name for the person, their department here and their
 * role. Only the membership changes: the person's own name, email and profile are theirs and
 * shared with their other studios.
 */
export async function updateStaffMember(
  org: StudioScope,
  id: string,
  input: UpdateStaff,
): Promise<StaffMember> {
  return org.db.transaction(async (tx) => {
    const row = await lockedMembership(tx, org, id);
    if (row.role === 'owner') throw forbidden(OWNER_PROTECTED);
    if (input.email && input.email !== row.email.toLowerCase()) {
      const message = "A staff member's email is their sign-in address: only they can change it.";
      throw new AppError('validation_error', message, { email: message });
    }
    // Demoting oneself could leave nobody but the owner able to manage staff.
    if (row.userId === org.userId && input.role !== row.role)
      throw forbidden('You cannot change your own role.');
    const name = `${input.firstName} ${input.lastName}`;
    await queries.updateMembershipFacts(tx, org.organizationId, id, {
      // Their own name kept as is stays theirs: it follows them if they change it.
      displayName: name === row.ownName ? null : name,
      department: input.department,
    });
    if (input.role !== row.role)
      await queries.updateMembershipRole(tx, org.organizationId, id, input.role);
    notifyStaff(org, 'updated', id);
    const updated = await queries.findMembershipById(tx, org.organizationId, id);
    if (!updated) throw notFound('Staff member');
    return serializeStaffMember(updated);
  });
}

/**
 * Remove Staff Member: deletes the membership (docs/product/staff.md#remove-staff-member), never
 * the owner's or one's own.
 */
export async function removeStaffMember(org: StudioScope, id: string): Promise<void> {
  await org.db.transaction(async (tx) => {
    const row = await lockedMembership(tx, org, id);
    if (row.role === 'owner') throw forbidden(OWNER_PROTECTED);
    if (row.userId === org.userId)
      throw forbidden('You cannot remove yourself from the organization.');
    await queries.deleteMembership(tx, org.organizationId, id);
    await deletePendingInvitations(tx, org.organizationId, row.email);
    notifyStaff(org, 'deleted', id);
  });
}

/**
 * Resend (docs/product/staff.md#resend): a pending invitation with a fresh 32-byte token
 * valid 7 days, created or renewed, then emailed as {APP_URL}/accept-staff-invitation?token=….
 */
export async function resendStaffInvitation(
  scope: StudioScope & { deps: Deps },
  id: string,
): Promise<ResendInvitationResult> {
  const { deps, ...org } = scope;
  const { db } = deps.database;
  const { token, expiresAt } = newInvitation();
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
      invitedBy: org.userId,
      token,
      expiresAt,
    });
    notifyStaff(org, 'updated', id);
    return { row, invitation };
  });
  const link = invitationLink(deps, token);
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
