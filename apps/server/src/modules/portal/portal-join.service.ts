import {
  offerNeedsCard,
  type PortalJoined,
  type PortalJoinInfo,
  type PortalJoinParsed,
} from '@fitbase/domain/contracts/portal-join';
import type { PortalContextRow } from '../../context/member-session.queries.ts';
import { portalStudio } from '../../context/member-session.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { studioWriteCommitted } from '../../context/studio-writes.ts';
import type { ActorScope, Deps, PublicScope } from '../../http/types.ts';
import { AppError } from '../../lib/errors.ts';
import { convertLeadOfEmail } from '../leads/leads.service.ts';
import { insertMemberWithinLimit, isDuplicateMemberEmail } from '../members/members.service.ts';
import { notifyStaff } from '../notifications/notifications.service.ts';
import { paymentFailedError } from '../payments/payments.service.ts';
import { getCurrentWaiver, signWaiver } from '../waivers/waivers.service.ts';
import { sellOffer, toOffers } from './portal-buy.service.ts';
import { joinOfKey, lockJoinKey, recordJoin } from './portal-joins.queries.ts';
import { openSessionAfterJoin, studioOf } from './portal-sign-in.service.ts';
import { countAttempt } from '../../db/rate-limits.ts';
import { memberByEmail, memberSelf, onlineOffers } from './portal.sql.ts';

/**
 * `Join online` at /m/{slug}/join (docs/product/member-portal.md#join-online): a prospect
 * becomes a member with the offer they chose, signed waiver and payment in one transaction,
 * then leaves signed in to the portal.
 */

/** Joins per client address in a 15-minute window: room for a studio's front-desk tablet. */
export const PORTAL_JOIN_LIMITS = { windowMs: 15 * 60_000, perAddress: 30 } as const;

const invalid = (field: string, message: string) =>
  new AppError('validation_error', message, { [field]: message });

/**
 * An email that is already a member's. Joining cannot help telling that an email may not join;
 * the answer says no more than that (no name, no membership) and points to `Sign in`, whose
 * own page then answers the same for every email (docs/product/member-portal.md#join-online).
 */
const alreadyMember = (studioName: string) => {
  const message = `This email can't be used to join ${studioName}. If you are already a member, sign in instead.`;
  return new AppError('member_exists', message, { email: message });
};

/** A service's field errors under the join form's group (`waiver.fullName`, `card.cardExpMonth`). */
async function within<T>(group: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.fields)
      throw new AppError(
        error.code,
        error.message,
        Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`${group}.${k}`, v])),
      );
    throw error;
  }
}

export async function portalJoinInfo(
  scope: Pick<PublicScope, 'deps'>,
  slug: string,
): Promise<PortalJoinInfo> {
  const { deps } = scope;
  const studio = await studioOf(deps, slug);
  const organizationId = studio.organization_id;
  return runInStudio(deps.database.db, organizationId, async (tx) => {
    const offers = await toOffers(tx, organizationId, await onlineOffers(tx, organizationId));
    const waiver = await getCurrentWaiver({ organizationId, db: tx });
    return {
      studio: portalStudio(studio),
      offers: offers.map((o) => ({ ...o, needsCard: offerNeedsCard(o) })),
      waiver: waiver
        ? { id: waiver.id, version: waiver.version, title: waiver.title, body: waiver.body }
        : null,
    };
  });
}

interface JoinRequest {
  idempotencyKey: string;
  ip: string;
  userAgent: string | null;
}

/** The member, waiver signature, sale, lead conversion and staff notice: all or nothing. */
function joinInTransaction(
  deps: Deps,
  studio: PortalContextRow,
  input: PortalJoinParsed,
  request: JoinRequest,
) {
  const organizationId = studio.organization_id;
  const email = input.email.toLowerCase();
  const key = { organizationId, idempotencyKey: request.idempotencyKey };
  return runInStudio(
    deps.database.db,
    organizationId,
    async (tx, work) => {
      await lockJoinKey(tx, key);
      const first = await joinOfKey(tx, key);
      if (first) {
        const self = await memberSelf(tx, organizationId, first.memberId);
        // The same key with another person's details is not a replay of that join.
        if (self?.email?.toLowerCase() !== email)
          throw new AppError('conflict', 'This form was already sent. Reload the page to join.');
        const [offer] = await onlineOffers(tx, organizationId, input.offerId);
        return {
          replay: true,
          memberId: first.memberId,
          membershipId: first.membershipId!,
          planName: offer?.name ?? '',
        };
      }
      const scope: ActorScope = { organizationId, userId: null, db: tx, work };
      const [offer] = await onlineOffers(tx, organizationId, input.offerId);
      if (!offer) throw invalid('offerId', 'Choose one of the offers');
      const needsCard = offerNeedsCard({ price: offer.price, signupFee: offer.signup_fee });
      if (needsCard && !input.card) throw invalid('card', 'Enter a card to pay');
      const waiver = await getCurrentWaiver(scope);
      if (waiver && !input.waiver)
        throw invalid('waiver.agree', 'Tick I have read and agree to sign');
      if (await memberByEmail(tx, organizationId, email)) throw alreadyMember(studio.name);
      const member = await insertMemberWithinLimit(tx, organizationId, {
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        dateOfBirth: input.dateOfBirth ?? null,
      }).catch((error: unknown) => {
        // Joined at the same moment with another key: as for any member's email.
        if (isDuplicateMemberEmail(error)) throw alreadyMember(studio.name);
        throw error;
      });
      const lead = await convertLeadOfEmail({ organizationId, db: tx, work }, email, member.id);
      if (waiver && input.waiver) {
        const signed = input.waiver;
        await within('waiver', () =>
          signWaiver(
            { organizationId, db: tx, work },
            {
              memberId: member.id,
              waiverId: waiver.id,
              signedName: signed.fullName,
              guardianName: signed.guardianName ?? null,
              ipAddress: request.ip || null,
              userAgent: request.userAgent,
            },
          ),
        );
      }
      const sale = await within('card', () =>
        sellOffer(scope, member.id, offer, { card: needsCard ? input.card : undefined }),
      );
      // A declined card: nothing of the join stays (no member, no failed payment of nobody).
      if (!sale.ok) throw paymentFailedError(sale.failure);
      await recordJoin(tx, { ...key, memberId: member.id, membershipId: sale.membership.id });
      await notifyStaff(tx, work, {
        organizationId,
        event: 'online_join',
        title: `Joined online: ${member.firstName} ${member.lastName}`,
        body: `${offer.name}${lead ? ', converted from a lead' : ''} (${email}).`,
        link: `/member/${member.id}`,
      });
      return {
        replay: false,
        memberId: member.id,
        membershipId: sale.membership.id,
        planName: offer.name,
      };
    },
    { userId: '', ip: request.ip },
  );
}

/**
 * Joins, then signs the new member in. A replay of the same `Idempotency-Key` with the same
 * email answers the first join (one member, one charge) and signs in again.
 */
export async function joinOnline(
  scope: Pick<PublicScope, 'deps'>,
  slug: string,
  input: PortalJoinParsed,
  request: JoinRequest,
): Promise<{ token: string; replay: boolean; joined: PortalJoined }> {
  const { deps } = scope;
  const studio = await studioOf(deps, slug);
  const count = await countAttempt(
    deps.database.db,
    `portal-join:ip:${request.ip}`,
    PORTAL_JOIN_LIMITS.windowMs,
  );
  if (count > PORTAL_JOIN_LIMITS.perAddress)
    throw new AppError('rate_limited', 'Too many attempts. Please wait 15 minutes and try again.');
  const result = await joinInTransaction(deps, studio, input, request);
  if (!result.replay) studioWriteCommitted(deps.database, studio.organization_id);
  const { token, me } = await openSessionAfterJoin(deps, studio, result.memberId, input.email);
  const { planName } = result;
  return {
    token,
    replay: result.replay,
    joined: {
      me,
      membershipId: result.membershipId,
      planName,
      message: `Welcome to ${studio.name}! You joined with ${planName}.`,
    },
  };
}
