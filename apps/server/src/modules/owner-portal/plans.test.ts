import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/owner-portal.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof personWithRole>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithRole(t, 'owner');
});
afterAll(async () => t?.close());

const post = (body: unknown, cookie = owner.cookie) =>
  call(t.app, 'POST', '/api/owner-portal/plans', { cookie, body });

describe('POST /api/owner-portal/plans', () => {
  it('stores exact prices, the JSON features object and the active switch (default on)', async () => {
    const res = await post({
      name: '  Pro  ',
      description: 'For growing gyms',
      priceMonthly: '99.9',
      priceYearly: '999.99',
      features: { max_members: 500, custom_branding: true, nested: { a: [1, 2] } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Pro',
      description: 'For growing gyms',
      priceMonthly: '99.90',
      priceYearly: '999.99',
      features: { max_members: 500, custom_branding: true, nested: { a: [1, 2] } },
      isActive: true,
      createdAt: expect.any(String),
    });
  });

  it('saves empty features as {} and an empty yearly price as none', async () => {
    const res = await post({ name: 'Bare', priceMonthly: '5', priceYearly: '', description: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      features: {},
      priceYearly: null,
      description: null,
      priceMonthly: '5.00',
    });
  });

  it('refuses negative, malformed or missing prices and non-object features, saving nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'N', priceMonthly: '-1' }, 'priceMonthly', 'Monthly Price cannot be negative'],
      [
        { name: 'N', priceMonthly: '10', priceYearly: '-120' },
        'priceYearly',
        'Yearly Price cannot be negative',
      ],
      [
        { name: 'N', priceMonthly: '9.999' },
        'priceMonthly',
        'Monthly Price must be an amount like 49.99 (at most two decimals)',
      ],
      [
        { name: 'N', priceMonthly: 'ten' },
        'priceMonthly',
        'Monthly Price must be an amount like 49.99 (at most two decimals)',
      ],
      [
        { name: 'N', priceMonthly: '123456789' },
        'priceMonthly',
        'Monthly Price must be an amount like 49.99 (at most two decimals)',
      ],
      [{ name: 'N' }, 'priceMonthly', 'Monthly Price is required'],
      [{ name: ' ', priceMonthly: '1' }, 'name', 'Plan Name is required'],
      [
        { name: 'N', priceMonthly: '1', features: [1, 2] },
        'features',
        'Features must be a JSON object',
      ],
      [
        { name: 'N', priceMonthly: '1', features: '{"a":1}' },
        'features',
        'Features must be a JSON object',
      ],
      // A float on the wire is refused: prices travel as exact decimal strings.
      [{ name: 'N', priceMonthly: 19.99 }, 'priceMonthly', 'Monthly Price is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(body)).toBe(message);
    }
    const list = await call(t.app, 'GET', '/api/owner-portal/plans', { cookie: owner.cookie });
    expect(list.body.map((p: { name: string }) => p.name)).not.toContain('N');
  });

  it('lets admins manage plans too (only role changes are owner-only)', async () => {
    const admin = await personWithRole(t, 'admin');
    expect((await post({ name: 'Admin made', priceMonthly: '1' }, admin.cookie)).status).toBe(201);
  });
});

describe('PUT /api/owner-portal/plans/{id} and the list order', () => {
  it('updates every field, including deactivating', async () => {
    const created = await post({ name: 'Basic', priceMonthly: '49', features: { a: 1 } });
    const res = await call(t.app, 'PUT', `/api/owner-portal/plans/${created.body.id}`, {
      cookie: owner.cookie,
      body: {
        name: 'Basic+',
        priceMonthly: '59.50',
        priceYearly: '600',
        features: {},
        isActive: false,
        description: 'x',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      name: 'Basic+',
      priceMonthly: '59.50',
      priceYearly: '600.00',
      features: {},
      isActive: false,
    });
  });

  it('answers 404 for an unknown plan and 400 for a negative price', async () => {
    const unknown = await call(
      t.app,
      'PUT',
      '/api/owner-portal/plans/00000000-0000-4000-8000-000000000000',
      {
        cookie: owner.cookie,
        body: { name: 'X', priceMonthly: '1' },
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Plan not found');
    const created = await post({ name: 'Neg', priceMonthly: '3' });
    const negative = await call(t.app, 'PUT', `/api/owner-portal/plans/${created.body.id}`, {
      cookie: owner.cookie,
      body: { name: 'Neg', priceMonthly: '-3' },
    });
    expect(negative.status).toBe(400);
  });

  it('lists by monthly price ascending, compared as numbers not text', async () => {
    for (const [name, price] of [
      ['Ten', '10'],
      ['Nine', '9'],
      ['Hundred', '100'],
      ['Cents', '0.5'],
    ])
      await post({ name, priceMonthly: price });
    const res = await call(t.app, 'GET', '/api/owner-portal/plans', { cookie: owner.cookie });
    const prices = res.body.map((p: { priceMonthly: string }) => Number(p.priceMonthly));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const names = res.body.map((p: { name: string }) => p.name);
    expect(names.indexOf('Nine')).toBeLessThan(names.indexOf('Ten'));
    expect(names.indexOf('Ten')).toBeLessThan(names.indexOf('Hundred'));
    expect(names[0]).toBe('Cents');
  });
});
