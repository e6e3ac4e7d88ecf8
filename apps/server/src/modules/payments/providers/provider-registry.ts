import type { PaymentMethodKind, PaymentProviderName } from '@fitbase/domain/money-constants';
import { demoProvider } from './demo-provider.ts';
import { giftCardProvider } from './gift-card-provider.ts';
import { manualProvider } from './manual-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';

const PROVIDERS: Record<PaymentProviderName, PaymentProvider> = {
  demo: demoProvider,
  manual: manualProvider,
  gift_card: giftCardProvider,
};

/**
 * Which processor takes a payment method. Cards go to the card processor (the demo provider
 * until a real one is configured: docs/decisions/0014-payment-providers.md); cash and other are
 * recorded by staff; a gift card's balance is its own processor (ADR 0040).
 */
export function providerForMethod(method: PaymentMethodKind): PaymentProvider {
  if (method === 'gift_card') return PROVIDERS.gift_card;
  return method === 'card' ? PROVIDERS.demo : PROVIDERS.manual;
}

/** The processor that took a charge (its refunds go back through the same one). */
export function providerNamed(name: PaymentProviderName): PaymentProvider {
  return PROVIDERS[name];
}
