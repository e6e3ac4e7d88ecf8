import type { PaymentProvider } from './payment-provider.ts';

/**
 * Cash and other payments staff took themselves: nothing to ask anyone, always paid
 * (docs/product/money-and-store.md#ledger). The ledger row is the only record.
 */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  async charge() {
    return { approved: true, reference: null, failureCode: null, failureMessage: null };
  },
  async refund() {
    return { reference: null };
  },
};
