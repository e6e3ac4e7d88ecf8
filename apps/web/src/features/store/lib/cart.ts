import { formatMills, toMills } from '@fitbase/domain/amounts';

/** One line of a point-of-sale cart: the product as it was listed, and how many. */
export interface CartLine {
  productId: string;
  name: string;
  /** Exact decimal string, e.g. "19.99". */
  unitPrice: string;
  quantity: number;
  /** Stock on hand when the product was listed: the cart never asks for more. */
  stockOnHand: number;
}

export interface CartTotals {
  subtotal: string;
  discount: string;
  total: string;
}

/**
 * A line's value in integer cents (money is never a float: docs/product/money-and-store.md);
 * 0 while its quantity is not a whole number of 1 or more (being typed).
 */
export function lineTotalMills(line: Pick<CartLine, 'unitPrice' | 'quantity'>): number {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) return 0;
  return toMills(line.unitPrice) * line.quantity;
}

export function subtotalMills(lines: ReadonlyArray<Pick<CartLine, 'unitPrice' | 'quantity'>>) {
  return lines.reduce((sum, line) => sum + lineTotalMills(line), 0);
}

/**
 * Subtotal, discount and total as exact decimal strings. The discount is the server's answer for
 * this subtotal (POST /api/discounts/check), capped at the subtotal so a total is never negative.
 */
export function cartTotals(
  lines: ReadonlyArray<Pick<CartLine, 'unitPrice' | 'quantity'>>,
  discount: string | null,
): CartTotals {
  const subtotal = subtotalMills(lines);
  const off = discount ? Math.min(toMills(discount), subtotal) : 0;
  return {
    subtotal: formatMills(subtotal),
    discount: formatMills(off),
    total: formatMills(subtotal - off),
  };
}

/** Why a quantity cannot be sold, or null: whole numbers from 1 up to the stock on hand. */
export function quantityProblem(quantity: number, stockOnHand: number): string | null {
  if (!Number.isInteger(quantity) || quantity < 1)
    return 'Quantity must be a whole number of 1 or more';
  if (quantity > stockOnHand)
    return stockOnHand === 0 ? 'Out of stock' : `Only ${stockOnHand} in stock`;
  return null;
}

/**
 * Adds a product to the cart, or one more of it when it is already there (never past its stock).
 * Returns the cart unchanged when no more can be added.
 */
export function addToCart(lines: CartLine[], product: Omit<CartLine, 'quantity'>): CartLine[] {
  const existing = lines.find((line) => line.productId === product.productId);
  if (!existing) return product.stockOnHand < 1 ? lines : [...lines, { ...product, quantity: 1 }];
  if (existing.quantity + 1 > existing.stockOnHand) return lines;
  return lines.map((line) =>
    line.productId === product.productId ? { ...line, quantity: line.quantity + 1 } : line,
  );
}
