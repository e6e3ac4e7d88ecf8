import { formatMoney } from '@fitbase/domain/studio-format';
import { toMills } from '@fitbase/domain/amounts';
import { studioFormat } from '../../../context/studio-format.ts';
import { AppError } from '../../../lib/errors.ts';
import { lockCard, moveBalance } from '../gift-card-balance.queries.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * A gift card's balance as a payment method (ADR 0040): a charge takes the amount off the card
 * (a `redeem` movement keyed by the ledger row's idempotency key), a refund puts it back on. The
 * card row is locked first, so concurrent redemptions take turns and never overdraw it; the
 * table's check (balance >= 0) refuses it even if they did not. Its reference is the card's id.
 */
export const giftCardProvider: PaymentProvider = {
  name: 'gift_card',
  async charge(db, request) {
    const card = request.giftCardId
      ? await lockCard(db, request.organizationId, request.giftCardId)
      : null;
    if (!card)
      throw new AppError('validation_error', 'Enter a gift card code to pay with a gift card.');
    if (toMills(card.balance) < toMills(request.amount)) {
      const left = formatMoney(card.balance, await studioFormat(db, request.organizationId));
      throw new AppError(
        'gift_card_balance',
        `The gift card ending ${card.codeLastFour} has ${left} left.`,
      );
    }
    await moveBalance(db, card, {
      kind: 'redeem',
      amount: request.amount,
      ledgerKey: request.idempotencyKey,
      recordedBy: null,
    });
    return { approved: true, reference: card.id, failureCode: null, failureMessage: null };
  },
  async refund(db, request) {
    const card = request.chargeReference
      ? await lockCard(db, request.organizationId, request.chargeReference)
      : null;
    if (!card) throw new AppError('conflict', 'The gift card this payment used no longer exists.');
    await moveBalance(db, card, {
      kind: 'refund',
      amount: request.amount,
      ledgerKey: request.idempotencyKey,
      recordedBy: null,
    });
    return { reference: card.id };
  },
};
