import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';
import { addProduct, sell } from '../../../test/fixtures/store.ts';

// docs/product/money-and-store.md#store and #inventory.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('products', () => {
  it('creates with opening stock as a received movement, exact prices, low-stock flag', async () => {
    const owner = await createOwner(t.app);
    const res = await call(t.app, 'POST', '/api/products', {
      cookie: owner.cookie,
      body: {
        name: ' Protein Bar ',
        sku: 'PRO-1',
        category: 'Snacks',
        price: '3.5',
        cost: '1.20',
        lowStockThreshold: 5,
        initialStock: 4,
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Protein Bar',
      price: '3.50',
      cost: '1.20',
      stockOnHand: 4,
      isLowStock: true,
      isActive: true,
    });
    const moves = await call(t.app, 'GET', '/api/stock-movements', { cookie: owner.cookie });
    expect(moves.body.movements).toHaveLength(1);
    expect(moves.body.movements[0]).toMatchObject({
      productName: 'Protein Bar',
      reason: 'received',
      quantity: 4,
      stockAfter: 4,
    });
  });

  it('refuses a SKU already used in the studio, case-insensitively, naming the product', async () => {
    const owner = await createOwner(t.app);
    await addProduct(t, owner.cookie, { name: 'Protein Bar', sku: 'PRO-1' });
    const res = await call(t.app, 'POST', '/api/products', {
      cookie: owner.cookie,
      body: { name: 'Shake', sku: 'pro-1', price: '4.00' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('SKU pro-1 is already used by Protein Bar.');
    const other = await createOwner(t.app);
    await addProduct(t, other.cookie, { sku: 'PRO-1' });
  });

  it('refuses bad amounts and stock with field messages', async () => {
    const owner = await createOwner(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: '-1' }, 'price'],
      [{ price: '100000.01' }, 'price'],
      [{ price: '1.999' }, 'price'],
      [{ initialStock: -1 }, 'initialStock'],
      [{ initialStock: 1.5 }, 'initialStock'],
      [{ name: '' }, 'name'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call(t.app, 'POST', '/api/products', {
        cookie: owner.cookie,
        body: { name: 'X', sku: `S-${field}`, price: '1.00', ...overrides },
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
    }
  });

  it('searches name and SKU, filters by category and low stock, pages on the server', async () => {
    const owner = await createOwner(t.app);
    for (let i = 0; i < 7; i++)
      await addProduct(t, owner.cookie, {
        name: `Bar ${i}`,
        sku: `BAR-${i}`,
        category: i % 2 ? 'Snacks' : 'Drinks',
        lowStockThreshold: i < 2 ? 20 : 0,
      });
    const page = await call(t.app, 'GET', '/api/products?pageSize=3&page=3', {
      cookie: owner.cookie,
    });
    expect(page.body.pageInfo).toEqual({ page: 3, pageSize: 3, total: 7 });
    expect(page.body.products.map((p: { name: string }) => p.name)).toEqual(['Bar 6']);
    expect(page.body.categories).toEqual(['Drinks', 'Snacks']);
    const bySku = await call(t.app, 'GET', '/api/products?search=bar-3', { cookie: owner.cookie });
    expect(bySku.body.products.map((p: { sku: string }) => p.sku)).toEqual(['BAR-3']);
    const snacks = await call(t.app, 'GET', '/api/products?category=snacks', {
      cookie: owner.cookie,
    });
    expect(snacks.body.pageInfo.total).toBe(3);
    const low = await call(t.app, 'GET', '/api/products?lowStock=true', { cookie: owner.cookie });
    expect(low.body.products.map((p: { name: string }) => p.name)).toEqual(['Bar 0', 'Bar 1']);
    const literal = await call(t.app, 'GET', '/api/products?search=%25', { cookie: owner.cookie });
    expect(literal.body.pageInfo.total).toBe(0);
  });

  it('deletes a product never sold; a sold one answers 409 and can be deactivated', async () => {
    const owner = await createOwner(t.app);
    const unsold = await addProduct(t, owner.cookie);
    const del = await call(t.app, 'DELETE', `/api/products/${unsold.id}`, { cookie: owner.cookie });
    expect(del.status).toBe(204);
    const sold = await addProduct(t, owner.cookie, { name: 'Water' });
    await sell(t, owner.cookie, { lines: [{ productId: sold.id, quantity: 1 }] });
    const refused = await call(t.app, 'DELETE', `/api/products/${sold.id}`, {
      cookie: owner.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/deactivate it instead/);
    const off = await call(t.app, 'PATCH', `/api/products/${sold.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    expect(off.body.isActive).toBe(false);
  });

  it('lets every role read and only owners and admins manage', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie);
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    expect((await call(t.app, 'GET', '/api/products', { cookie: trainer.cookie })).status).toBe(
      200,
    );
    const res = await call(t.app, 'POST', `/api/products/${bar.id}/stock`, {
      cookie: trainer.cookie,
      body: { reason: 'received', quantity: 5 },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/products/{id}/stock', () => {
  it('receives, adjusts with a note, counts to an absolute number; never below zero', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { name: 'Protein Bar', initialStock: 3 });
    const url = `/api/products/${bar.id}/stock`;
    const post = (body: Record<string, unknown>) =>
      call(t.app, 'POST', url, { cookie: owner.cookie, body });
    expect((await post({ reason: 'received', quantity: 10 })).body.stockOnHand).toBe(13);
    expect(
      (await post({ reason: 'adjusted', quantity: -2, note: 'Damaged' })).body.stockOnHand,
    ).toBe(11);
    expect((await post({ reason: 'adjusted', quantity: -2 })).status).toBe(400);
    expect((await post({ reason: 'counted', count: 8 })).body.stockOnHand).toBe(8);
    const below = await post({ reason: 'adjusted', quantity: -9, note: 'Lost' });
    expect(below.status).toBe(409);
    expect(below.body.error.code).toBe('out_of_stock');
    expect((await post({ reason: 'received', quantity: 0 })).status).toBe(400);
    expect((await post({ reason: 'counted', count: -1 })).status).toBe(400);

    const moves = await call(t.app, 'GET', `/api/stock-movements?productId=${bar.id}`, {
      cookie: owner.cookie,
    });
    const rows = moves.body.movements as {
      reason: string;
      quantity: number;
      stockAfter: number;
      note: string | null;
    }[];
    expect(rows.map((m) => [m.reason, m.quantity, m.stockAfter]).sort()).toEqual(
      [
        ['adjusted', -2, 11],
        ['counted', -3, 8],
        ['received', 10, 13],
        ['received', 3, 3],
      ].sort(),
    );
    const counted = await call(t.app, 'GET', '/api/stock-movements?reason=counted', {
      cookie: owner.cookie,
    });
    expect(counted.body.pageInfo.total).toBe(1);
  });
});

describe('GET /api/store/summary', () => {
  it('counts active products, low stock and this month’s orders (failed ones excluded)', async () => {
    const owner = await createOwner(t.app);
    const empty = await call(t.app, 'GET', '/api/store/summary', { cookie: owner.cookie });
    expect(empty.body).toEqual({ products: 0, orders: 0, lowStock: 0 });
    const bar = await addProduct(t, owner.cookie, { initialStock: 2, lowStockThreshold: 1 });
    await addProduct(t, owner.cookie, { initialStock: 0 });
    const off = await addProduct(t, owner.cookie, { initialStock: 0 });
    await call(t.app, 'PATCH', `/api/products/${off.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    await sell(t, owner.cookie, { lines: [{ productId: bar.id, quantity: 1 }] });
    const res = await call(t.app, 'GET', '/api/store/summary', { cookie: owner.cookie });
    expect(res.body).toEqual({ products: 2, orders: 1, lowStock: 2 });
  });
});
