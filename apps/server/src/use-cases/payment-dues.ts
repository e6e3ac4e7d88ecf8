import type { PaymentMethodKind } from '@fitbase/domain/money-constants';
import type { StudioScope } from '../http/types.ts';
import { retryPayment, writeOffPayment } from '../modules/payments/ledger.service.ts';
import { membershipBilling } from './billing-run.ts';

/**
 * Collecting an open due now (Retry): payments charges it and, when it is a membership period's
 * and was paid, memberships moves the membership on, as the billing run would; one transaction.
 */
export function retryDue(
  scope: StudioScope,
  id: string,
  input: { method?: PaymentMethodKind; paymentMethodId?: string },
  now?: Date,
) {
  return retryPayment(scope, id, input, membershipBilling, now);
}

/** Writing off an open due: payments records it; a membership period's counts as settled. */
export function writeOffDue(scope: StudioScope, id: string, reason: string, now?: Date) {
  return writeOffPayment(scope, id, reason, membershipBilling, now);
}
