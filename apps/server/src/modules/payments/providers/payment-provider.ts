import type { PaymentProviderName } from '@fitbase/domain/money-constants';
import type { Db, Tx } from '../../../db/client.ts';

/**
 * What FitBase asks of a payment processor (docs/decisions/0014-payment-providers.md). Billing
 * rules never see a processor directly: they call one of these through the registry, always
 * with an idempotency key, so a re-run after a crash gets the first answer instead of a second
 * charge.
 */
export interface ProviderCard {
  lastFour: string;
  brand: string;
  expMonth: number;
  expYear: number;
  /** The processor's own id for the card (Stripe: a PaymentMethod id). */
  providerReference: string;
}

export interface ProviderChargeRequest {
  idempotencyKey: string;
  /** Exact decimal string, > 0. */
  amount: string;
  /** Null for the manual provider (cash/other). */
  card: ProviderCard | null;
  description: string;
  organizationId: string;
  /** method gift_card: the card whose balance pays (the gift card provider). */
  giftCardId?: string;
}

export type ProviderFailureCode = 'card_declined' | 'insufficient_funds';

export interface ProviderChargeResult {
  approved: boolean;
  reference: string | null;
  failureCode: ProviderFailureCode | null;
  failureMessage: string | null;
}

export interface ProviderRefundRequest {
  idempotencyKey: string;
  chargeReference: string | null;
  /** Positive exact decimal string: what to give back. */
  amount: string;
  organizationId: string;
}

export interface ProviderRefundResult {
  reference: string | null;
}

/**
 * `db` is where a provider that keeps its own memory writes (the demo provider): the caller
 * decides whether that is its own transaction (an in-request sale) or a separate, committed one
 * (billing's 3-phase charge), which is how a remote processor behaves.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  charge(db: Db | Tx, request: ProviderChargeRequest): Promise<ProviderChargeResult>;
  refund(db: Db | Tx, request: ProviderRefundRequest): Promise<ProviderRefundResult>;
}
