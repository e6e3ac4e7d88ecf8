import type { OrderStatus, StockMovementReason } from '@fitbase/domain/money-constants';
import { formatDateTime as formatStudioDateTime } from '@fitbase/domain/studio-format';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  failed: 'Failed',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

export const STOCK_REASON_LABELS: Record<StockMovementReason, string> = {
  received: 'Received',
  sold: 'Sold',
  returned: 'Returned',
  adjusted: 'Adjusted',
  counted: 'Counted',
};

export const PAYMENT_METHOD_LABELS = {
  card: 'Card on file',
  cash: 'Cash',
  other: 'Other',
  gift_card: 'Gift card',
} as const;

/** "#1001": how staff say an order's number. */
export function orderNumber(number: number): string {
  return `#${number}`;
}

/** "Nov 23, 2026, 3:05 PM" / "23.11.2026, 15:05" in the studio's time zone and locale. */
export function formatDateTime(iso: string, timeZone: string, locale: string): string {
  return formatStudioDateTime(iso, { timeZone, locale });
}

/** "+5", "-2", "0": a stock movement's signed quantity. */
export function signedQuantity(quantity: number): string {
  return quantity > 0 ? `+${quantity}` : String(quantity);
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242 · exp 12/2027 · default": a card on file as the point of sale offers it. */
export function cardLabel(card: {
  cardBrand: string;
  cardLastFour: string;
  cardExpMonth: number;
  cardExpYear: number;
  isDefault: boolean;
}): string {
  const brand = BRAND_NAMES[card.cardBrand] ?? 'Card';
  const expiry = `${String(card.cardExpMonth).padStart(2, '0')}/${card.cardExpYear}`;
  return `${brand} •••• ${card.cardLastFour} · exp ${expiry}${card.isDefault ? ' · default' : ''}`;
}
