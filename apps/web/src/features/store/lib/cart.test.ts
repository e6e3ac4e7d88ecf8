import { describe, expect, it } from 'vitest';
import { addToCart, cartTotals, quantityProblem, type CartLine } from './cart';

const line = (extra: Partial<CartLine>): CartLine => ({
  productId: 'p1',
  name: 'Protein Bar',
  unitPrice: '2.49',
  quantity: 1,
  stockOnHand: 10,
  ...extra,
});

describe('cartTotals', () => {
  it('adds lines in exact cents (no float drift)', () => {
    // 0.1 + 0.2 style sums: 3 × 0.10 + 0.20 would be 0.5000000000000001 in floats.
    const totals = cartTotals(
      [line({ unitPrice: '0.10', quantity: 3 }), line({ productId: 'p2', unitPrice: '0.20' })],
      null,
    );
    expect(totals).toEqual({ subtotal: '0.50', discount: '0.00', total: '0.50' });
  });

  it('takes the checked discount off the subtotal', () => {
    const totals = cartTotals(
      [line({ unitPrice: '19.99', quantity: 3 }), line({ productId: 'p2', unitPrice: '4.05' })],
      '6.40',
    );
    expect(totals).toEqual({ subtotal: '64.02', discount: '6.40', total: '57.62' });
  });

  it('never gives a negative total', () => {
    expect(cartTotals([line({ unitPrice: '5.00' })], '20.00')).toEqual({
      subtotal: '5.00',
      discount: '5.00',
      total: '0.00',
    });
  });

  it('counts a line whose quantity is being typed as nothing', () => {
    expect(
      cartTotals([line({ quantity: Number.NaN }), line({ productId: 'p2' })], null).total,
    ).toBe('2.49');
  });
});

describe('quantityProblem', () => {
  it('refuses more than in stock, zero and fractions', () => {
    expect(quantityProblem(3, 3)).toBeNull();
    expect(quantityProblem(4, 3)).toBe('Only 3 in stock');
    expect(quantityProblem(1, 0)).toBe('Out of stock');
    expect(quantityProblem(0, 3)).toMatch(/whole number of 1 or more/);
    expect(quantityProblem(1.5, 3)).toMatch(/whole number/);
  });
});

describe('addToCart', () => {
  it('adds one more of a product already in the cart, up to its stock', () => {
    const product = { productId: 'p1', name: 'Bar', unitPrice: '2.49', stockOnHand: 2 };
    const once = addToCart([], product);
    const twice = addToCart(once, product);
    expect(twice).toEqual([{ ...product, quantity: 2 }]);
    expect(addToCart(twice, product)).toBe(twice);
  });

  it('never adds an out-of-stock product', () => {
    expect(
      addToCart([], { productId: 'p1', name: 'Bar', unitPrice: '1.00', stockOnHand: 0 }),
    ).toEqual([]);
  });
});
