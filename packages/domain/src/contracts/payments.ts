import { z } from 'zod';
import {
  CHARGE_PURPOSES,
  CHARGE_STATUSES,
  LEDGER_KINDS,
  PAYMENT_METHOD_KINDS,
  TENDER_METHOD_KINDS,
  PAYMENT_PROVIDERS,
} from '../money-constants.ts';
import { amountSchema, pageInfoSchema } from './money.ts';

/** The ledger and payments (docs/product/money-and-store.md#ledger). */

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  purpose: z.enum(CHARGE_PURPOSES),
  status: z.enum(CHARGE_STATUSES),
  /** Charges and write-offs positive, refunds negative; exact decimal string. */
  amount: z.string(),
  /** For a charge: what refunds took back so far (0.00 when none). */
  refundedAmount: z.string(),
  description: z.string(),
  member: z.object({ id: z.string(), name: z.string() }).nullable(),
  membershipId: z.string().nullable(),
  orderId: z.string().nullable(),
  correctsId: z.string().nullable(),
  attempt: z.number().int(),
  method: z.enum(PAYMENT_METHOD_KINDS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** e.g. "Visa •••• 4242" for a card. */
  paymentMethodLabel: z.string().nullable(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  reason: z.string().nullable(),
  recordedByName: z.string().nullable(),
  occurredAt: z.string(),
  /** Open due the member still owes (failed, not yet paid or written off): staff may Retry / Write Off. */
  isOpenDue: z.boolean(),
  /**
   * The numbered document of this row ("R-000042" for a paid charge's receipt, "CN-000003" for a
   * refund's credit note; GET /api/payments/{id}/receipt), or null: failed, pending, write-offs
   * and payments recorded before receipts existed have none.
   */
  receiptNumber: z.string().nullable(),
  /**
   * Households (docs/product/members.md#households): the payer whose card paid this line when it
   * was not the member's own; the line and its revenue stay the member's.
   */
  paidBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const paymentListQuery = z.object({
  memberId: z.uuid().optional(),
  status: z.enum(CHARGE_STATUSES).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const paymentPageSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  pageInfo: pageInfoSchema,
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** Record a payment staff took (a fee or an ad-hoc charge), or charge the card on file. */
export const paymentRecordSchema = z.object({
  memberId: z.uuid('Choose a member'),
  amount: amountSchema('Amount'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(200, 'Description is at most 200 characters'),
  method: z.enum(TENDER_METHOD_KINDS, 'Choose how it was paid'),
  paymentMethodId: z.uuid().optional(),
});
export type PaymentRecord = z.input<typeof paymentRecordSchema>;

export const refundSchema = z.object({
  /** Omitted = what is left of the charge. */
  amount: amountSchema('Refund amount').optional(),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason is at most 500 characters'),
});
export type RefundInput = z.input<typeof refundSchema>;

export const writeOffSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason is at most 500 characters'),
});

/** Monthly Revenue and friends: paid minus refunded in the studio's current calendar month. */
export const revenueSummarySchema = z.object({
  monthlyRevenue: z.string(),
  /** Same span of the previous month (1st → same day), for the change label; null = no data then. */
  previousMonthToDate: z.string().nullable(),
  month: z.string(),
  timeZone: z.string(),
});
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

/** Retry (collect) an open due: the member's card by default, or cash/other staff took. */
export const paymentRetrySchema = z.object({
  method: z.enum(TENDER_METHOD_KINDS, 'Choose how it was paid').default('card'),
  paymentMethodId: z.uuid().optional(),
});
export type PaymentRetry = z.input<typeof paymentRetrySchema>;
