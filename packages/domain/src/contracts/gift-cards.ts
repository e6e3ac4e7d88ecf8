import { z } from 'zod';
import {
  GIFT_CARD_MIN_AMOUNT,
  GIFT_CARD_MOVEMENT_KINDS,
  TENDER_METHOD_KINDS,
} from '../money-constants.ts';
import { toMills } from '../amounts.ts';
import { amountSchema, pageInfoSchema, pageQuerySchema } from './money.ts';

/** Gift cards (docs/product/money-and-store.md#gift-cards, ADR 0040). */

export const giftCardAmountSchema = amountSchema('Amount').refine(
  (v) => toMills(v) >= toMills(GIFT_CARD_MIN_AMOUNT),
  'A gift card is worth at least 1',
);

/** The recipient's part of a sale, shared by the desk's and the portal's forms. */
export const giftCardRecipientFields = {
  amount: giftCardAmountSchema,
  recipientEmail: z
    .string({ error: 'Enter the recipient’s email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address')),
  recipientName: z.string().trim().max(120, 'Name is at most 120 characters').optional(),
  message: z.string().trim().max(500, 'The message is at most 500 characters').optional(),
};

/** `Sell gift card` at the front desk: a member's card on file, or cash/other for anyone. */
export const giftCardSellSchema = z
  .object({
    ...giftCardRecipientFields,
    memberId: z.uuid('Choose a member').nullable().default(null),
    method: z.enum(TENDER_METHOD_KINDS, 'Choose how the customer pays'),
    paymentMethodId: z.uuid().optional(),
  })
  .refine((v) => v.method !== 'card' || v.memberId !== null, {
    message: 'Card on file needs a member: choose a member or take cash',
    path: ['method'],
  });
export type GiftCardSell = z.input<typeof giftCardSellSchema>;

/** A member buys a gift card in the portal with a card on file (default card when omitted). */
export const portalGiftCardBuySchema = z.object({
  ...giftCardRecipientFields,
  paymentMethodId: z.uuid().optional(),
});
export type PortalGiftCardBuy = z.input<typeof portalGiftCardBuySchema>;

/**
 * A gift card code as typed: letters and digits, any case, spaces and dashes ignored. Length is
 * not checked here, so a wrong code of any shape gets the same answer (it counts against the
 * rate limit the same way).
 */
export const giftCardCodeSchema = z
  .string({ error: 'Enter the gift card code' })
  .trim()
  .min(1, 'Enter the gift card code')
  .max(64, 'That is not a gift card code');

export const giftCardLookupSchema = z.object({ code: giftCardCodeSchema });

/** What a code's owner may learn: the card's balance (a point-of-sale check before paying). */
export const giftCardBalanceSchema = z.object({
  id: z.string(),
  lastFour: z.string(),
  balance: z.string(),
  currency: z.string(),
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

export const giftCardSchema = z.object({
  id: z.string(),
  /** The code's last four characters (the code itself is never stored). */
  lastFour: z.string(),
  initialAmount: z.string(),
  balance: z.string(),
  currency: z.string(),
  recipientEmail: z.string(),
  recipientName: z.string().nullable(),
  message: z.string().nullable(),
  purchaser: z.object({ id: z.string(), name: z.string() }).nullable(),
  soldByName: z.string().nullable(),
  /** What was refunded to the buyer's payment (`Refund balance`): 0.00 for most cards. */
  refundedToBuyer: z.string(),
  createdAt: z.string(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const giftCardMovementSchema = z.object({
  id: z.string(),
  kind: z.enum(GIFT_CARD_MOVEMENT_KINDS),
  /** Signed: issue and refund add, redeem and refund_to_buyer take away. */
  amount: z.string(),
  balanceAfter: z.string(),
  /** What the money paid for (the ledger row's description), when it went with a payment. */
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCardMovement = z.infer<typeof giftCardMovementSchema>;

export const giftCardDetailSchema = giftCardSchema.extend({
  movements: z.array(giftCardMovementSchema),
});
export type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

/**
 * `Refund balance`: what is left on a card (or part of it) goes back to the buyer's original
 * payment. Without an amount, all that is left.
 */
export const giftCardRefundSchema = z.object({
  amount: amountSchema('Amount').optional(),
  reason: z.string().trim().max(500, 'The reason is at most 500 characters').optional(),
});
export type GiftCardRefund = z.input<typeof giftCardRefundSchema>;

export const giftCardListQuery = pageQuerySchema.extend({
  /** Only cards with something left. */
  outstanding: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const giftCardPageSchema = z.object({
  giftCards: z.array(giftCardSchema),
  pageInfo: pageInfoSchema,
  /** Outstanding balances of all the studio's cards: the liability. */
  outstanding: z.string(),
});
export type GiftCardPage = z.infer<typeof giftCardPageSchema>;
