import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@fitbase/domain/constants';
import type {
  AcceptInvitationResult,
  CreateInvitationResult,
  Invitation,
  InvitationPage,
  PublicInvitation,
  createInvitationSchema,
} from '@fitbase/domain/contracts/owner-portal';
import type { z } from 'zod';
import type { AccountScope, PlatformScope, PublicScope } from '../../http/types.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { invitationMail } from './invitation-mail.ts';
import {
  findInvitationById,
  findInvitationByToken,
  findInviterName,
  insertInvitation,
  listInvitationsPage,
  markAccepted,
  replaceActiveSubscription,
} from './invitations.queries.ts';
import { decodeCursor, toPage } from '../../db/keyset.ts';
import { findActivePlan } from './plans.service.ts';

type CreateInvitation = z.output<typeof createInvitationSchema>;
type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitationById>>>;

const DAY_MS = 24 * 60 * 60 * 1000;

function serializeInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    token: row.token,
    email: row.email,
    planName: row.planName,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInvitations(
  scope: Pick<PlatformScope, 'db'>,
  query: { cursor?: string; limit: number },
): Promise<InvitationPage> {
  const rows = await listInvitationsPage(scope.db, {
    cursor: decodeCursor(query.cursor, 'uuid'),
    limit: query.limit,
  });
  return toPage(rows, query.limit, serializeInvitation);
}

/**
 * Stores the invitation as pending with a 256-bit token and a 7-day expiry, then emails the
 * link (to the demo address in demo mode). A mail failure does not undo the invitation: the
 * owner can copy the link from Sent Invitations, so the answer says emailSent: false.
 */
export async function createInvitation(
  scope: Pick<PlatformScope, 'user' | 'db' | 'deps'>,
  input: CreateInvitation,
): Promise<CreateInvitationResult> {
  const { db, deps, user: inviter } = scope;
  const plan = input.planId ? await findActivePlan(db, input.planId) : null;
  if (input.planId && !plan) {
    throw new AppError('validation_error', 'planId: Choose an active plan or No specific plan', {
      planId: 'Choose an active plan',
    });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  const { id } = await insertInvitation(db, {
    token,
    email: input.email,
    invitedBy: inviter.id,
    planId: plan?.id ?? null,
    expiresAt,
  });
  const row = await findInvitationById(db, id);
  if (!row) throw new Error('invitation vanished after insert');

  const demo = input.demoMode && input.demoEmail ? { to: input.demoEmail } : null;
  const message = invitationMail({
    appUrl: deps.config.appUrl,
    token,
    email: input.email,
    inviterName: (await findInviterName(db, inviter.id)) ?? inviter.email,
    planName: plan?.name ?? null,
    planPriceMonthly: plan?.priceMonthly ?? null,
    expiresAt,
    demo,
  });
  let emailSent = true;
  try {
    await deps.mailer.send(message);
  } catch (error) {
    emailSent = false;
    deps.logger.warn(
      { err: error, invitationId: id },
      'Invitation stored but its email could not be sent',
    );
  }
  return { invitation: serializeInvitation(row), emailSent, sentTo: message.to };
}

/** What /invite/{token} may show to anyone holding the link; details only while it is open. */
export async function getPublicInvitation(
  scope: Pick<PublicScope, 'db'>,
  token: string,
): Promise<PublicInvitation> {
  const row = await findInvitationByToken(scope.db, token);
  if (!row) throw notFound('Invitation');
  if (row.status !== 'pending') {
    return {
      status: row.status,
      email: null,
      inviterName: null,
      planName: null,
      planPriceMonthly: null,
      expiresAt: null,
    };
  }
  return {
    status: row.status,
    email: row.email,
    inviterName: row.inviterName,
    planName: row.planName,
    planPriceMonthly: row.planPriceMonthly,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask for a new one.';

/**
 * Accepts once, for the invited email only; the invitation's plan, if any, becomes the
 * person's active subscription in the same transaction.
 */
export async function acceptInvitation(
  scope: Pick<AccountScope, 'user' | 'db'>,
  token: string,
): Promise<AcceptInvitationResult> {
  const { db, user } = scope;
  const invitation = await findInvitationByToken(db, token);
  if (!invitation) throw notFound('Invitation');
  if (invitation.status === 'accepted') throw conflict(INVITATION_USED);
  if (invitation.status === 'expired') throw conflict(INVITATION_EXPIRED);
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden(
      `This invitation is for ${invitation.email}. Sign in with that email address to accept it.`,
    );
  }
  const accepted = await db.transaction(async (tx) => {
    const row = await markAccepted(tx, invitation.id, user.id);
    if (row?.planId) await replaceActiveSubscription(tx, user.id, row.planId);
    return row;
  });
  if (!accepted) {
    // Lost a race with another acceptance, or expired between the read and the update.
    const now = await findInvitationByToken(db, token);
    throw conflict(now?.status === 'expired' ? INVITATION_EXPIRED : INVITATION_USED);
  }
  return { status: 'accepted', planName: accepted.planId ? invitation.planName : null };
}
