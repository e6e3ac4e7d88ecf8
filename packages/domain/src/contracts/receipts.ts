import { z } from 'zod';
import { RECEIPT_DOCUMENT_KINDS } from '../receipts.ts';

/** A receipt or credit note as the member portal lists it (docs/product/member-portal.md). */
export const portalReceiptSchema = z.object({
  id: z.string(),
  kind: z.enum(RECEIPT_DOCUMENT_KINDS),
  /** "R-000042" */
  number: z.string(),
  issuedAt: z.string(),
  /** Exact decimal string in `currency` (positive; a credit note's amount is what it credits). */
  total: z.string(),
  currency: z.string(),
  description: z.string(),
});
export type PortalReceipt = z.infer<typeof portalReceiptSchema>;

export const portalReceiptsSchema = z.object({ receipts: z.array(portalReceiptSchema) });
export type PortalReceipts = z.infer<typeof portalReceiptsSchema>;

/** Staff issue an invoice for a membership to a company, on the member's request. */
export const membershipInvoiceSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, 'Company name is required')
    .max(200, 'Company name is at most 200 characters'),
  companyTaxId: z
    .string()
    .trim()
    .max(50, 'Tax ID is at most 50 characters')
    .nullish()
    .transform((v) => v || null),
  companyAddress: z
    .string()
    .trim()
    .max(300, 'Address is at most 300 characters')
    .nullish()
    .transform((v) => v || null),
});
export type MembershipInvoiceInput = z.output<typeof membershipInvoiceSchema>;
