import type { createStaffSchema, CreateStaffResult } from '@fitbase/domain/contracts/staff';
import type { z } from 'zod';
import type { Deps, StudioScope } from '../../http/types.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import {
  insertAccountWithMembership,
  prepareCredentialAccount,
  type NewCredentialAccount,
} from './staff-accounts.ts';
import { upsertPendingInvitation } from './staff-invitations.queries.ts';
import { accountCreatedMail, staffInvitationMail } from './staff.mail.ts';
import { assertAcceptablePassword, invitationLink, newInvitation } from './staff.service.ts';
import * as queries from './staff.queries.ts';

type CreateStaff = z.output<typeof createStaffSchema>;

const alreadyMember = (email: string) =>
  new AppError('conflict', `${email} is already a member of this organization.`, {
    email: 'This person is already a member of this organization',
  });

/**
 * Create Staff Account (docs/product/staff.md). A new email gets its account, with the
 * password the studio typed, and the membership at once, then an email saying they can sign
 * in. An email that already has an account gets a staff invitation instead: nobody joins a
 * studio without their consent, and their name and password stay theirs.
 *
 * Both cases answer alike (same status, same body, same work: the password is checked and
 * hashed either way), so this form cannot tell a studio who has a FitBase account.
 */
export async function createStaffMember(
  scope: StudioScope & { deps: Deps },
  input: CreateStaff,
): Promise<CreateStaffResult> {
  const { deps, ...org } = scope;
  const prepared = await prepareCredentialAccount(
    deps.auth,
    assertAcceptablePassword(input.password),
  );
  const { db } = deps.database;
  const existing = await queries.findUserByEmail(db, input.email);
  const created = !existing && (await createAccount(deps, org, input, prepared));
  if (!created) {
    // Also when someone signed up with this email between our lookup and our insert.
    const account = existing ?? (await queries.findUserByEmail(db, input.email));
    if (!account) throw new Error('account vanished after a unique violation on its email');
    await inviteAccount(deps, org, input, account.id);
  }
  return { email: input.email, signInUrl: `${deps.config.appUrl}/auth` };
}

/** The new account and its membership in one transaction; false if the email got taken. */
async function createAccount(
  deps: Deps,
  org: StudioScope,
  input: CreateStaff,
  prepared: NewCredentialAccount,
): Promise<boolean> {
  const { db } = deps.database;
  try {
    await db.transaction(async (tx) => {
      await insertAccountWithMembership(tx, org.work, prepared, {
        email: input.email,
        fullName: `${input.firstName} ${input.lastName}`,
        organizationId: org.organizationId,
        emailVerified: false,
        role: input.role,
        department: input.department,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  const organizationName = await queries.findOrganizationName(db, org.organizationId);
  await sendQuietly(deps, input.email, 'Staff account email failed', () =>
    accountCreatedMail({
      to: input.email,
      firstName: input.firstName,
      organizationName,
      role: input.role,
      signInUrl: `${deps.config.appUrl}/auth`,
    }),
  );
  return true;
}

/** A pending invitation (created or renewed) for an existing account, emailed to it. */
async function inviteAccount(
  deps: Deps,
  org: Pick<StudioScope, 'organizationId' | 'userId'>,
  input: CreateStaff,
  userId: string,
): Promise<void> {
  const { db } = deps.database;
  const { token, expiresAt } = newInvitation();
  await db.transaction(async (tx) => {
    if (await queries.findMembershipOfUser(tx, org.organizationId, userId))
      throw alreadyMember(input.email);
    await upsertPendingInvitation(tx, {
      organizationId: org.organizationId,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      department: input.department,
      role: input.role,
      invitedBy: org.userId,
      token,
      expiresAt,
    });
  });
  const organizationName = await queries.findOrganizationName(db, org.organizationId);
  await sendQuietly(deps, input.email, 'Staff invitation email failed', () =>
    staffInvitationMail({
      to: input.email,
      firstName: input.firstName,
      organizationName,
      role: input.role,
      link: invitationLink(deps, token),
    }),
  );
}

/**
 * The record stands when its email fails (it can be resent), and a mail failure must not
 * answer differently for the two cases either.
 */
async function sendQuietly(
  deps: Deps,
  to: string,
  failure: string,
  message: () => MailMessage,
): Promise<void> {
  try {
    await deps.mailer.send(message());
  } catch (error) {
    deps.logger.error({ err: error, to }, failure);
  }
}
