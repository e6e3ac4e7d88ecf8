import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole, validCard } from '../../../test/fixtures/members.ts';
import { addDiscount, addProduct, sell } from '../../../test/fixtures/store.ts';
import { ledgerEntries, stockMovements } from '../../db/schema/money.ts';

// docs/product/money-and-store.md#orders: one sale is one transaction; stock never below zero.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function product(cookie: string, id: string) {
  return (await call(t.app, 'GET', `/api/products/${id}`, { cookie })).body;
}

async function movementsOf(productId: string) {
  return t.deps.database.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
}

describe('POST /api/orders', () => {
  it('sells to a walk-in for cash: numbered, priced in cents, stock and movements', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { price: '3.35', initialStock: 5 });
    const shake = await addProduct(t, owner.cookie, { price: '0.10', initialStock: 50 });
    const res = await sell(t, owner.cookie, {
      customerName: 'Sam Walk-in',
      lines: [
        { productId: bar.id, quantity: 3 },
        { productId: shake.id, quantity: 3 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      number: 1001,
      status: 'paid',
      subtotal: '10.35',
      discountTotal: '0.00',
      total: '10.35',
      method: 'cash',
      customerName: 'Sam Walk-in',
      member: null,
    });
    expect(res.body.lines).toHaveLength(2);
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(2);
    const moves = await movementsOf(bar.id);
    expect(moves.map((m) => [m.reason, m.quantity, m.stockAfter]).sort()).toEqual([
      ['received', 5, 5],
      ['sold', -3, 2],
    ]);
    const second = await sell(t, owner.cookie, { lines: [{ productId: bar.id, quantity: 1 }] });
    expect(second.body.number).toBe(1002);
    const [charge] = await t.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, res.body.id));
    expect(charge).toMatchObject({
      amount: '10.35',
      status: 'paid',
      purpose: 'order',
      method: 'cash',
    });
  });

  it('refuses a sale past the stock with a clear message, writing nothing', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { name: 'Protein Bar', initialStock: 1 });
    const res = await sell(t, owner.cookie, { lines: [{ productId: bar.id, quantity: 2 }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'out_of_stock',
      message: 'Only 1 Protein Bar left in stock.',
    });
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(1);
    const list = await call(t.app, 'GET', '/api/orders', { cookie: owner.cookie });
    expect(list.body.pageInfo.total).toBe(0);
  });

  it('applies a discount code and counts one use; an invalid code sells nothing', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { price: '9.99' });
    const code = await addDiscount(t, owner.cookie, {
      code: 'SPRING15',
      value: '15',
      usageLimit: 1,
    });
    const res = await sell(t, owner.cookie, {
      lines: [{ productId: bar.id, quantity: 1 }],
      discountCode: 'spring15',
    });
    expect(res.status, res.text).toBe(201);
    // 15% of 9.99 = 1.4985 → 1.50 (half up, to the cent)
    expect(res.body).toMatchObject({
      subtotal: '9.99',
      discountTotal: '1.50',
      total: '8.49',
      discountCode: 'SPRING15',
    });
    const again = await sell(t, owner.cookie, {
      lines: [{ productId: bar.id, quantity: 1 }],
      discountCode: 'SPRING15',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'discount_invalid',
      message: 'The code SPRING15 has been used up.',
    });
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(9);
    const codes = await call(t.app, 'GET', '/api/discounts', { cookie: owner.cookie });
    expect(codes.body.discounts.find((d: { id: string }) => d.id === code.id).timesUsed).toBe(1);
  });

  it('charges the card on file; a declined card keeps a failed order and moves no stock', async () => {
    const owner = await createOwner(t.app);
    const member = await addMember(t, owner.cookie);
    const bar = await addProduct(t, owner.cookie, { price: '5.00', initialStock: 3 });
    const code = await addDiscount(t, owner.cookie, { kind: 'fixed', value: '1.00' });
    const card = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: owner.cookie,
      body: validCard({ cardLastFour: '0002', isDefault: true }),
    });
    expect(card.status, card.text).toBe(201);
    const declinedSale = {
      memberId: member.id,
      method: 'card',
      lines: [{ productId: bar.id, quantity: 1 }],
      discountCode: code.code,
    };
    const key = { 'idempotency-key': 'declined-1' };
    const declined = await sell(t, owner.cookie, declinedSale, key);
    expect(declined.status, declined.text).toBe(409);
    expect(declined.body.error.code).toBe('card_declined');
    expect(declined.body.error.message).toMatch(/0002/);
    // A replay of the declined checkout answers the same decline and charges nothing again.
    const replay = await sell(t, owner.cookie, declinedSale, key);
    expect(replay.status).toBe(409);
    expect(replay.body.error).toMatchObject({ code: 'card_declined' });
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(3);
    expect((await movementsOf(bar.id)).filter((m) => m.reason === 'sold')).toHaveLength(0);
    const list = await call(t.app, 'GET', '/api/orders?status=failed', { cookie: owner.cookie });
    expect(list.body.orders).toHaveLength(1);
    expect(list.body.orders[0]).toMatchObject({ status: 'failed', total: '4.00' });
    expect(list.body.orders[0].failureMessage).toMatch(/0002/);
    const failed = await t.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, list.body.orders[0].id));
    expect(failed.map((e) => e.status)).toEqual(['failed']);
    // The declined sale did not use the code up.
    const codes = await call(t.app, 'GET', '/api/discounts', { cookie: owner.cookie });
    expect(codes.body.discounts[0].timesUsed).toBe(0);

    const good = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: owner.cookie,
      body: validCard({ cardLastFour: '4242', isDefault: true }),
    });
    const paid = await sell(t, owner.cookie, {
      memberId: member.id,
      method: 'card',
      paymentMethodId: good.body.id,
      lines: [{ productId: bar.id, quantity: 1 }],
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ status: 'paid', total: '5.00', method: 'card' });
    expect(paid.body.member.id).toBe(member.id);
    expect(paid.body.paymentMethodLabel).toMatch(/4242/);
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(2);
    // The checkout's answer is built from what it wrote: it reads the same as the stored order.
    const stored = await call(t.app, 'GET', `/api/orders/${paid.body.id}`, {
      cookie: owner.cookie,
    });
    expect(stored.status).toBe(200);
    expect(paid.body).toEqual(stored.body);
    const coded = await sell(t, owner.cookie, {
      ...declinedSale,
      lines: [{ productId: bar.id, quantity: 1 }],
      paymentMethodId: good.body.id,
    });
    expect(coded.status, coded.text).toBe(201);
    const codedStored = await call(t.app, 'GET', `/api/orders/${coded.body.id}`, {
      cookie: owner.cookie,
    });
    expect(coded.body).toEqual(codedStored.body);
    expect(coded.body).toMatchObject({ discountCode: code.code, soldByName: expect.any(String) });
  });

  it('answers a replayed Idempotency-Key with the first order, selling nothing twice', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { initialStock: 1 });
    const body = { lines: [{ productId: bar.id, quantity: 1 }] };
    const headers = { 'idempotency-key': 'checkout-42' };
    const first = await sell(t, owner.cookie, body, headers);
    expect(first.status).toBe(201);
    const replay = await sell(t, owner.cookie, body, headers);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(0);
    const other = await sell(t, owner.cookie, body, { 'idempotency-key': 'checkout-43' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('out_of_stock');
  });

  it('refuses bad input with 400s', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie);
    const cases: Record<string, unknown>[] = [
      { lines: [] },
      { lines: [{ productId: bar.id, quantity: 0 }] },
      { lines: [{ productId: bar.id, quantity: 1.5 }] },
      { lines: [{ productId: bar.id, quantity: 1 }], method: 'card' },
      { lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
    ];
    for (const body of cases) {
      const res = await sell(t, owner.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const inactive = await addProduct(t, owner.cookie);
    await call(t.app, 'PATCH', `/api/products/${inactive.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    const res = await sell(t, owner.cookie, { lines: [{ productId: inactive.id, quantity: 1 }] });
    expect(res.status).toBe(409);
  });

  it('lets every role sell', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie);
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const res = await sell(t, trainer.cookie, { lines: [{ productId: bar.id, quantity: 1 }] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.soldByName).toBeTruthy();
  });
});

describe('POST /api/orders/{id}/refund', () => {
  it('returns lines to stock, refunds their share of what was paid, then the rest', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { price: '10.00', initialStock: 5 });
    const code = await addDiscount(t, owner.cookie, { value: '10' });
    const sale = await sell(t, owner.cookie, {
      lines: [{ productId: bar.id, quantity: 3 }],
      discountCode: code.code,
    });
    expect(sale.body.total).toBe('27.00');
    const lineId = sale.body.lines[0].id;
    const url = `/api/orders/${sale.body.id}/refund`;
    const partial = await call(t.app, 'POST', url, {
      cookie: owner.cookie,
      body: { lines: [{ lineId, quantity: 1 }], reason: 'Wrong flavour' },
    });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body).toMatchObject({ status: 'partially_refunded', refundedTotal: '9.00' });
    expect(partial.body.lines[0].returnedQuantity).toBe(1);
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(3);
    const returned = (await movementsOf(bar.id)).find((m) => m.reason === 'returned');
    expect(returned).toMatchObject({ quantity: 1, stockAfter: 3, note: 'Wrong flavour' });

    const tooMuch = await call(t.app, 'POST', url, {
      cookie: owner.cookie,
      body: { amount: '18.01', reason: 'Oops' },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({
      code: 'refund_exceeds_paid',
      message: `You can refund at most $18.00 of order #${sale.body.number}.`,
    });
    const tooMany = await call(t.app, 'POST', url, {
      cookie: owner.cookie,
      body: { lines: [{ lineId, quantity: 3 }], reason: 'Oops' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/Only 2 .* can still be returned/);

    const rest = await call(t.app, 'POST', url, {
      cookie: owner.cookie,
      body: { reason: 'Goodwill' },
    });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedTotal: '27.00' });
    expect((await product(owner.cookie, bar.id)).stockOnHand).toBe(3);
    const entries = await t.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, sale.body.id));
    const refunds = entries
      .filter((e) => e.kind === 'refund')
      .map((e) => e.amount)
      .sort();
    expect(refunds).toEqual(['-18.00', '-9.00']);
    expect(entries.find((e) => e.kind === 'charge')?.status).toBe('refunded');
    const again = await call(t.app, 'POST', url, { cookie: owner.cookie, body: { reason: 'x' } });
    expect(again.status).toBe(409);
  });

  it('is refused to trainers and staff', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie);
    const sale = await sell(t, owner.cookie, { lines: [{ productId: bar.id, quantity: 1 }] });
    const staff = await personWithRole(t, owner.organization.id, 'staff');
    const res = await call(t.app, 'POST', `/api/orders/${sale.body.id}/refund`, {
      cookie: staff.cookie,
      body: { reason: 'x' },
    });
    expect(res.status).toBe(403);
  });
});
