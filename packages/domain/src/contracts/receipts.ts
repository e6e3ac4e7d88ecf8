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
