import { stockChangeSchema, type StockChange } from '@fitbase/domain/contracts/store';
import { z } from 'zod';

export type StockChangeMode = 'received' | 'adjusted' | 'counted';

export const STOCK_CHANGE_TITLES: Record<StockChangeMode, string> = {
  received: 'Receive Stock',
  adjusted: 'Adjust Stock',
  counted: 'Count Stock',
};

/** The dialog's fields: one number (received, ± adjustment or the counted total) and a note. */
export interface StockChangeForm {
  amount: number | null;
  note: string;
}

/**
 * The form's value as the API's stock change, checked by the contract and, for an adjustment,
 * against the stock on hand: stock never goes below zero (docs/product/money-and-store.md#store),
 * so a removal larger than the stock is refused here already, not only by the server.
 */
export function stockChangeFormSchema(mode: StockChangeMode, stockOnHand: number) {
  return z
    .object({ amount: z.number().nullable(), note: z.string() })
    .transform((form, ctx): StockChange => {
      // An adjustment needs its reason: '' (not undefined) gets the contract's own message.
      const note = mode === 'adjusted' ? form.note : form.note.trim() || undefined;
      const raw =
        mode === 'counted'
          ? { reason: mode, count: form.amount, note }
          : { reason: mode, quantity: form.amount, note };
      let valid = true;
      if (mode === 'adjusted' && form.amount !== null && stockOnHand + form.amount < 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `Stock cannot go below zero: only ${stockOnHand} on hand`,
        });
        valid = false;
      }
      const parsed = stockChangeSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === 'note' ? 'note' : 'amount';
          ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
        }
        valid = false;
      }
      if (!valid || !parsed.success) return z.NEVER;
      return parsed.data;
    });
}

/** The stock after the change, or null while the number is not a whole number yet. */
export function stockAfter(mode: StockChangeMode, stockOnHand: number, amount: number | null) {
  if (amount === null || !Number.isInteger(amount)) return null;
  // Received adds; an adjustment is signed (−3 removes three); a count is the new total.
  return mode === 'counted' ? amount : stockOnHand + amount;
}
