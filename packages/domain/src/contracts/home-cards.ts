import { z } from 'zod';
import { HOME_CARD_IDS, HOME_CARDS, STUDIO_SETUP_STEPS } from '../home-cards.ts';

/** The studio home's cards: the person's choice and the figures only the chosen cards need. */

const cardId = z.enum(HOME_CARD_IDS, 'Choose cards of the catalog');

/** PUT /api/dashboard/home/cards: the cards in the order they show. */
export const homeCardsInputSchema = z.object({
  cards: z
    .array(cardId)
    .max(HOME_CARDS.length)
    .refine((cards) => new Set(cards).size === cards.length, 'Each card can be shown once'),
});
export type HomeCardsInput = z.infer<typeof homeCardsInputSchema>;

/** A figure computed only when its card is on the person's home; null otherwise. */
const figure = z.number().int().nullable();

export const homeCardFiguresSchema = z.object({
  /** Members added in the last month (the members directory's New This Month). */
  newMembers: figure,
  /** Check-ins since the start of today in the studio's time zone. */
  checkInsToday: figure,
  /** Failed charge attempts this calendar month (the Failed payments report's count). */
  failedPayments: figure,
  /** Memberships ending this calendar month, not followed on (the Expiring members report). */
  expiringMemberships: figure,
  /** Leads created this calendar month. */
  leadsThisMonth: figure,
  /** Scheduled sessions from now to the end of today. */
  upcomingClasses: figure,
  /** Active products at or below their low-stock threshold. */
  lowStock: figure,
  /** Inbound messages not read yet, over every conversation. */
  unreadMessages: figure,
});
export type HomeCardFigures = z.infer<typeof homeCardFiguresSchema>;

/**
 * The setup steps a studio has done (owners and admins only: they are the ones who can do
 * them). Null once every step is done, and for other roles.
 */
export const studioSetupSchema = z.object(
  Object.fromEntries(STUDIO_SETUP_STEPS.map((step) => [step, z.boolean()])) as Record<
    (typeof STUDIO_SETUP_STEPS)[number],
    z.ZodBoolean
  >,
);
export type StudioSetup = z.infer<typeof studioSetupSchema>;

export const homeCardsSchema = z.object({
  /** The person's cards in order (the defaults until they customize), those their role may see. */
  cards: z.array(cardId),
  /** False while the person has the default cards (never customized, or reset). */
  customized: z.boolean(),
  figures: homeCardFiguresSchema,
  setup: studioSetupSchema.nullable(),
});
export type HomeCards = z.infer<typeof homeCardsSchema>;
