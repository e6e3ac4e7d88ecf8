import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addProduct, sell } from '../../../test/fixtures/store.ts';
import { orders, products, stockMovements } from '../../db/schema/money.ts';

// docs/product/money-and-store.md#orders: stock never goes below zero. Two checkouts of the
// last item at once give one sale and one clear refusal. On PGlite the single connection
// serialises the requests; with DATABASE_URL set (PostgreSQL) they really overlap and the
// products' row locks decide.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('two concurrent sales of the last item', () => {
  it('sells once and refuses the other with out_of_stock', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { name: 'Protein Bar', initialStock: 1 });
    const body = { lines: [{ productId: bar.id, quantity: 1 }] };
    const responses = await Promise.all([sell(t, owner.cookie, body), sell(t, owner.cookie, body)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.status === 409)!;
    expect(refused.body.error).toMatchObject({
      code: 'out_of_stock',
      message: 'Protein Bar is out of stock.',
    });
    const db = t.deps.database.db;
    const [row] = await db.select().from(products).where(eq(products.id, bar.id));
    expect(row!.stockOnHand).toBe(0);
    const sold = await db.select().from(stockMovements).where(eq(stockMovements.productId, bar.id));
    expect(sold.filter((m) => m.reason === 'sold')).toHaveLength(1);
    const made = await db
      .select()
      .from(orders)
      .where(eq(orders.organizationId, owner.organization.id));
    expect(made).toHaveLength(1);
  });

  it('numbers ten concurrent sales of one studio 1001…1010 without a gap or a repeat', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { initialStock: 10 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        sell(t, owner.cookie, { lines: [{ productId: bar.id, quantity: 1 }] }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    const numbers = responses.map((r) => r.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => 1001 + i));
    const after = await call(t.app, 'GET', `/api/products/${bar.id}`, { cookie: owner.cookie });
    expect(after.body.stockOnHand).toBe(0);
  });

  it('answers the same Idempotency-Key sent three times at once with one order', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { initialStock: 5 });
    const body = { lines: [{ productId: bar.id, quantity: 1 }] };
    const key = { 'idempotency-key': 'double-click-1' };
    const responses = await Promise.all([1, 2, 3].map(() => sell(t, owner.cookie, body, key)));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(responses.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const after = await call(t.app, 'GET', `/api/products/${bar.id}`, { cookie: owner.cookie });
    expect(after.body.stockOnHand).toBe(4);
  });
});
