import { z } from 'zod';

/**
 * Households (docs/product/members.md#households): members who share one payer. The payer is a
 * member record (an adult without a membership is a member with none) and belongs to the household.
 */

export const HOUSEHOLD_NAME_MAX = 100;
/** A household is a family, not a company: a bound keeps one card's billing run charge sane. */
export const HOUSEHOLD_MEMBERS_MAX = 20;

const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(HOUSEHOLD_NAME_MAX, `Name is at most ${HOUSEHOLD_NAME_MAX} characters`);
const memberId = (what: string) => z.uuid(`${what} must be a member id`);

export const householdInputSchema = z.object({
  name: nameField,
  payerMemberId: memberId('Payer'),
  /** The others to add now (the payer is always added). */
  memberIds: z
    .array(memberId('Member'))
    .max(HOUSEHOLD_MEMBERS_MAX - 1, `A household has at most ${HOUSEHOLD_MEMBERS_MAX} members`)
    .default([]),
});
export type HouseholdInput = z.input<typeof householdInputSchema>;

export const householdUpdateSchema = z
  .object({ name: nameField, payerMemberId: memberId('Payer') })
  .partial()
  .refine((v) => v.name !== undefined || v.payerMemberId !== undefined, {
    message: 'Change the name or the payer',
  });
export type HouseholdUpdate = z.input<typeof householdUpdateSchema>;

export const householdMemberInputSchema = z.object({ memberId: memberId('Member') });

export const householdMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** null for a member without one (not the payer): the payer gets their mail. */
  email: z.string().nullable(),
  isPayer: z.boolean(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const householdSchema = z.object({
  id: z.string(),
  name: z.string(),
  payerMemberId: z.string(),
  /** Payer first, then by name. */
  members: z.array(householdMemberSchema),
});
export type Household = z.infer<typeof householdSchema>;

/** A member's household, or null when they belong to none. */
export const memberHouseholdSchema = z.object({ household: householdSchema.nullable() });

/** What the directory shows beside a member: the link to their household. */
export const householdLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  isPayer: z.boolean(),
});
export type HouseholdLink = z.infer<typeof householdLinkSchema>;

/**
 * The member portal's household (docs/product/member-portal.md#household): who is in it; the
 * payer books classes for the others and sees their bookings.
 */
export const portalHouseholdSchema = z.object({
  household: z
    .object({
      name: z.string(),
      /** The signed-in member pays for the household (may act for its other members). */
      isPayer: z.boolean(),
      members: z.array(
        z.object({
          id: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          isPayer: z.boolean(),
          /** The signed-in member themselves. */
          isMe: z.boolean(),
        }),
      ),
    })
    .nullable(),
});
export type PortalHousehold = z.infer<typeof portalHouseholdSchema>;

/** Book a class for a household member (the payer only). */
export const portalDependentBookSchema = z.object({ sessionId: z.uuid('Choose a class') });
