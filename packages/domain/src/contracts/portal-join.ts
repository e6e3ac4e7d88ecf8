import { z } from 'zod';
import { toMills } from '../amounts.ts';
import { memberFields, requiredEmailField } from './members.ts';
import {
  portalCardInputSchema,
  portalMeSchema,
  portalOfferSchema,
  portalStudioSchema,
  type PortalOffer,
} from './portal.ts';

/**
 * `Join online` at /m/{slug}/join (docs/product/member-portal.md#join-online): a prospect picks
 * an offer the studio sells online, gives their name, email and phone, signs the waiver, pays
 * (a free offer needs no card) and leaves as a signed-in member.
 */

/** A paid offer needs a card; a free trial does not. */
export const offerNeedsCard = (offer: Pick<PortalOffer, 'price' | 'signupFee'>) =>
  toMills(offer.price) + toMills(offer.signupFee) > 0;

export const portalJoinOfferSchema = portalOfferSchema.extend({ needsCard: z.boolean() });
export type PortalJoinOffer = z.infer<typeof portalJoinOfferSchema>;

export const portalJoinInfoSchema = z.object({
  studio: portalStudioSchema,
  offers: z.array(portalJoinOfferSchema),
  /** The studio's current waiver, signed while joining; null when the studio has none. */
  waiver: z
    .object({ id: z.string(), version: z.number().int(), title: z.string(), body: z.string() })
    .nullable(),
});
export type PortalJoinInfo = z.infer<typeof portalJoinInfoSchema>;

/** As long as a waiver signature's names may be. */
const SIGNER_NAME_MAX = 200;

const signerName = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(SIGNER_NAME_MAX, `${label} is at most ${SIGNER_NAME_MAX} characters`);

export const portalJoinSchema = z.object({
  offerId: z.uuid('Choose an offer'),
  firstName: memberFields.firstName,
  lastName: memberFields.lastName,
  email: requiredEmailField,
  phone: z
    .string('Phone is required')
    .trim()
    .min(1, 'Phone is required')
    .max(40, 'Phone is at most 40 characters'),
  dateOfBirth: memberFields.dateOfBirth,
  waiver: z
    .object({
      fullName: signerName('Full name'),
      guardianName: z
        .string()
        .trim()
        .max(SIGNER_NAME_MAX, `Parent or guardian name is at most ${SIGNER_NAME_MAX} characters`)
        .nullish(),
      agree: z.literal(true, { error: 'Tick I have read and agree to sign' }),
    })
    .optional(),
  /** A new card for a paid offer: last four, brand and expiry only, as at the front desk. */
  card: portalCardInputSchema.optional(),
});
export type PortalJoin = z.input<typeof portalJoinSchema>;
export type PortalJoinParsed = z.output<typeof portalJoinSchema>;

export const portalJoinedSchema = z.object({
  me: portalMeSchema,
  membershipId: z.string(),
  planName: z.string(),
  message: z.string(),
});
export type PortalJoined = z.infer<typeof portalJoinedSchema>;
