import {
  STAFF_MESSAGES,
  type acceptStaffInvitationSchema,
  type AcceptStaffInvitationResult,
  type StaffInvitation,
} from '@fitbase/domain/contracts/staff';
import type { z } from 'zod';
import type { PublicScope } from '../../http/types.ts';
import { AppError, conflict, forbidden, isUniqueViolation } from '../../lib/errors.ts';
import { setCurrentOrganization } from '../../context/profiles.queries.ts';
import { runInUnit } from '../../context/run-in-studio.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { insertAccountWithMembership, prepareCredentialAccount } from './staff-accounts.ts';
import { claimInvitation, findOpenInvitationByToken } from './staff-invitations.queries.ts';
import { assertAcceptablePassword } from './staff.service.ts';
import * as queries from './staff.queries.ts';

type AcceptInput = z.output<typeof acceptStaffInvitationSchema>;

/**
 * Used, expired and unknown tokens answer alike ('Invalid Invitation',
 * docs/product/staff.md#accepting-an-invitation).
 */
const invalidInvitation = () => new AppError('not_found', STAFF_MESSAGES.invalidInvitation);

/**
 * The acceptance page's data: only pending, unexpired invitations can be opened
 * (docs/product/staff.md#accepting-an-invitation).
 */
export async function lookupStaffInvitation(
  scope: Pick<PublicScope, 'db'>,
  token: string,
): Promise<StaffInvitation> {
  const { db } = scope;
  const found = await findOpenInvitationByToken(db, token);
  if (!found) throw invalidInvitation();
  const { invitation } = found;
  return {
    organizationName: found.organizationName,
    role: invitation.role,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    email: invitation.email,
    department: invitation.department,
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: (await queries.findUserByEmail(db, invitation.email.toLowerCase())) !== null,
  };
}

/**
 * Accepts an invitation (docs/product/staff.md#accepting-an-invitation). Everything happens in one
 * transaction whose first statement claims the invitation, so a token is accepted at most once even
 * when requests race. Without an account for the invited email, one is created with the chosen
 * password; with one, the caller must be signed in as that account.
 */
export async function acceptStaffInvitation(
  scope: Pick<PublicScope, 'db' | 'deps'>,
  headers: Headers,
  input: AcceptInput,
): Promise<AcceptStaffInvitationResult> {
  const { db, deps } = scope;
  const found = await findOpenInvitationByToken(db, input.token);
  if (!found) throw invalidInvitation();
  const { invitation } = found;
  const email = invitation.email.toLowerCase();
  const existing = await queries.findUserByEmail(db, email);

  if (existing) {
    const session = await deps.auth.api.getSession({ headers });
    if (!session) {
      throw new AppError(
        'unauthorized',
        `An account with ${email} already exists. Sign in with it to accept the invitation.`,
      );
    }
    if (session.user.id !== existing.id) {
      throw forbidden(`This invitation is for ${email}. Sign in with that account to accept it.`);
    }
    return runInUnit(db, async (tx, unit) => {
      const claimed = await claimInvitation(tx, invitation.id);
      if (!claimed) throw invalidInvitation();
      const invitedName = `${claimed.firstName} ${claimed.lastName}`.trim();
      const insertedId = await queries.insertMembership(tx, {
        organizationId: claimed.organizationId,
        userId: existing.id,
        role: claimed.role,
        // The name and department the studio gave go on this membership only; the
        // person's own name and profile stay as they are.
        displayName: invitedName && invitedName !== existing.name ? invitedName : null,
        department: claimed.department,
      });
      // Already a member (e.g. a Resend to a staff member): the current role and facts stand.
      const membership = await queries.findMembershipOfUser(
        tx,
        claimed.organizationId,
        existing.id,
      );
      if (!membership) throw new Error('membership missing after insert');
      await setCurrentOrganization(tx, existing.id, claimed.organizationId);
      publishChange(unit, {
        organizationId: claimed.organizationId,
        entity: 'staff',
        action: insertedId ? 'created' : 'updated',
        ids: [membership.id],
      });
      return {
        organizationId: claimed.organizationId,
        email,
        role: membership.role,
        accountCreated: false,
      };
    });
  }

  const prepared = await prepareCredentialAccount(
    deps.auth,
    assertAcceptablePassword(input.password),
  );
  try {
    return await runInUnit(db, async (tx, unit) => {
      const claimed = await claimInvitation(tx, invitation.id);
      if (!claimed) throw invalidInvitation();
      await insertAccountWithMembership(tx, unit, prepared, {
        email,
        fullName: `${claimed.firstName} ${claimed.lastName}`.trim(),
        organizationId: claimed.organizationId,
        // Following the emailed link proves the address belongs to this person.
        emailVerified: true,
        role: claimed.role,
        department: claimed.department,
      });
      return {
        organizationId: claimed.organizationId,
        email,
        role: claimed.role,
        accountCreated: true,
      };
    });
  } catch (error) {
    // Someone signed up with this email after our lookup: the transaction rolled back whole.
    if (isUniqueViolation(error)) {
      throw conflict(
        `An account with ${email} already exists. Sign in with it to accept the invitation.`,
      );
    }
    throw error;
  }
}
