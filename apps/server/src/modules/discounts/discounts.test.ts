import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';
import { addDiscount, addProduct, sell } from '../../../test/fixtures/store.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { computeDiscount, redeemDiscount } from './discounts.service.ts';

// docs/product/money-and-store.md#discounts.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const check = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/discounts/check', {
    cookie,
    body: { appliesTo: 'product', amount: '100.00', ...body },
  });

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('computeDiscount', () => {
  it('rounds a percent half up to the cent and never takes a fixed amount below zero', () => {
    expect(computeDiscount('percent', '15', '9.99', 'USD')).toEqual({
      discount: '1.50',
      total: '8.49',
    });
    expect(computeDiscount('percent', '10', '0.05', 'USD')).toEqual({
      discount: '0.01',
      total: '0.04',
    });
    expect(computeDiscount('percent', '10', '0.04', 'USD')).toEqual({
      discount: '0.00',
      total: '0.04',
    });
    expect(computeDiscount('percent', '12.5', '19.99', 'USD')).toEqual({
      discount: '2.50',
      total: '17.49',
    });
    expect(computeDiscount('percent', '100', '49.99', 'USD')).toEqual({
      discount: '49.99',
      total: '0.00',
    });
    expect(computeDiscount('fixed', '20.00', '15.00', 'USD')).toEqual({
      discount: '15.00',
      total: '0.00',
    });
    expect(computeDiscount('fixed', '5.00', '15.00', 'USD')).toEqual({
      discount: '5.00',
      total: '10.00',
    });
    expect(computeDiscount('percent', '33.33', '100000.00', 'USD')).toEqual({
      discount: '33330.00',
      total: '66670.00',
    });
  });

  it('rounds to the currency: whole yen, and the fils of a three-decimal currency', () => {
    expect(computeDiscount('percent', '15', '999', 'JPY')).toEqual({
      discount: '150.00',
      total: '849.00',
    });
    expect(computeDiscount('percent', '15', '9.999', 'BHD')).toEqual({
      discount: '1.50',
      total: '8.499',
    });
    expect(computeDiscount('percent', '12.5', '19.999', 'BHD')).toEqual({
      discount: '2.50',
      total: '17.499',
    });
    expect(computeDiscount('percent', '10', '0.015', 'BHD')).toEqual({
      discount: '0.002',
      total: '0.013',
    });
  });
});

describe('discount codes', () => {
  it('creates (code upper-cased, unique per studio), lists, updates and refuses bad input', async () => {
    const owner = await createOwner(t.app);
    const res = await call(t.app, 'POST', '/api/discounts', {
      cookie: owner.cookie,
      body: { code: 'spring10', kind: 'percent', value: '10', usageLimit: 50 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      code: 'SPRING10',
      value: '10.00',
      timesUsed: 0,
      isActive: true,
    });
    const dup = await call(t.app, 'POST', '/api/discounts', {
      cookie: owner.cookie,
      body: { code: 'Spring10', kind: 'fixed', value: '5' },
    });
    expect(dup.status).toBe(409);
    const bad: Record<string, unknown>[] = [
      { code: 'X1', kind: 'percent', value: '101' },
      { code: 'X2', kind: 'fixed', value: '0' },
      { code: 'X3', kind: 'fixed', value: '-5' },
      { code: 'X4', kind: 'fixed', value: '5', startsOn: day(5), endsOn: day(1) },
      { code: 'X5', kind: 'fixed', value: '5', appliesToPlans: false, appliesToProducts: false },
      { code: 'X 6', kind: 'fixed', value: '5' },
      { code: 'X7', kind: 'fixed', value: '5', usageLimit: 0 },
    ];
    for (const body of bad) {
      const r = await call(t.app, 'POST', '/api/discounts', { cookie: owner.cookie, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const patched = await call(t.app, 'PATCH', `/api/discounts/${res.body.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    expect(patched.body.isActive).toBe(false);
    const list = await call(t.app, 'GET', '/api/discounts', { cookie: owner.cookie });
    expect(list.body.discounts).toHaveLength(1);
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const refused = await call(t.app, 'POST', '/api/discounts', {
      cookie: trainer.cookie,
      body: { code: 'T1', kind: 'fixed', value: '5' },
    });
    expect(refused.status).toBe(403);
    // Every role may check a code at the till.
    const inactive = await check(trainer.cookie, { code: 'spring10' });
    expect(inactive.status).toBe(409);
  });

  it('checks without counting a use, with a clear reason when a code cannot apply', async () => {
    const owner = await createOwner(t.app);
    await addDiscount(t, owner.cookie, { code: 'TEN', kind: 'fixed', value: '10' });
    await addDiscount(t, owner.cookie, {
      code: 'OLD',
      endsOn: '2026-03-31',
      startsOn: '2026-01-01',
    });
    await addDiscount(t, owner.cookie, { code: 'LATER', startsOn: day(10) });
    await addDiscount(t, owner.cookie, { code: 'PLANS', appliesToProducts: false });
    const ok = await check(owner.cookie, { code: 'ten', amount: '25.00' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ code: 'TEN', discount: '10.00', total: '15.00' });
    const again = await check(owner.cookie, { code: 'TEN' });
    expect(again.status).toBe(200);
    const list = await call(t.app, 'GET', '/api/discounts', { cookie: owner.cookie });
    expect(list.body.discounts.find((d: { code: string }) => d.code === 'TEN').timesUsed).toBe(0);

    const reasons: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ code: 'OLD' }, 'The code OLD expired on Mar 31, 2026.'],
      [{ code: 'LATER' }, /^The code LATER is valid from /],
      [{ code: 'PLANS' }, 'The code PLANS does not apply to store products.'],
      [{ code: 'nope' }, 'No discount code NOPE.'],
    ];
    for (const [body, message] of reasons) {
      const res = await check(owner.cookie, body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('discount_invalid');
      expect(res.body.error.message).toMatch(message);
    }
    const forPlan = await check(owner.cookie, { code: 'PLANS', appliesTo: 'plan' });
    expect(forPlan.status).toBe(200);
  });

  it('holds a usage limit when sales race for the last use', async () => {
    const owner = await createOwner(t.app);
    const bar = await addProduct(t, owner.cookie, { initialStock: 20 });
    await addDiscount(t, owner.cookie, { code: 'LAST2', usageLimit: 2 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        sell(t, owner.cookie, {
          lines: [{ productId: bar.id, quantity: 1 }],
          discountCode: 'LAST2',
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const refused = responses.filter((r) => r.status === 409);
    expect(refused.every((r) => r.body.error.message === 'The code LAST2 has been used up.')).toBe(
      true,
    );
    const list = await call(t.app, 'GET', '/api/discounts', { cookie: owner.cookie });
    expect(list.body.discounts[0].timesUsed).toBe(2);
  });

  it('redeemDiscount counts a use inside the caller’s transaction (memberships use it too)', async () => {
    const owner = await createOwner(t.app);
    await addDiscount(t, owner.cookie, { code: 'JOIN', kind: 'fixed', value: '20' });
    const orgId = owner.organization.id;
    const result = await runInStudio(t.deps.database.db, orgId, (tx, work) =>
      redeemDiscount(tx, { organizationId: orgId, work }, 'join', 'plan', '59.00'),
    );
    expect(result).toMatchObject({ discount: '20.00', total: '39.00' });
    const list = await call(t.app, 'GET', '/api/discounts', { cookie: owner.cookie });
    expect(list.body.discounts[0].timesUsed).toBe(1);
  });

  it('deletes a code never used; a used code answers 409 (deactivate instead)', async () => {
    const owner = await createOwner(t.app);
    const unused = await addDiscount(t, owner.cookie);
    const del = await call(t.app, 'DELETE', `/api/discounts/${unused.id}`, {
      cookie: owner.cookie,
    });
    expect(del.status).toBe(204);
    const used = await addDiscount(t, owner.cookie);
    const bar = await addProduct(t, owner.cookie);
    await sell(t, owner.cookie, {
      lines: [{ productId: bar.id, quantity: 1 }],
      discountCode: used.code,
    });
    const refused = await call(t.app, 'DELETE', `/api/discounts/${used.id}`, {
      cookie: owner.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/deactivate it instead/);
  });
});
