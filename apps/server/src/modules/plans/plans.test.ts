import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';

// docs/product/money-and-store.md#plans-and-memberships

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

const monthly = {
  name: 'Unlimited Monthly',
  kind: 'membership',
  price: '99',
  billingInterval: 'month',
};
const create = (body: Record<string, unknown>, cookie = owner.cookie) =>
  call(t.app, 'POST', '/api/plans', { cookie, body });

describe('plans', () => {
  it('creates, lists by service, updates and deletes a plan', async () => {
    const service = await call(t.app, 'POST', '/api/services', {
      cookie: owner.cookie,
      body: { name: 'Yoga' },
    });
    const res = await create({
      ...monthly,
      serviceId: service.body.id,
      signupFee: '25.5',
      weeklyClassLimit: 3,
      minimumTermPeriods: 3,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Unlimited Monthly',
      serviceName: 'Yoga',
      price: '99.00',
      signupFee: '25.50',
      billingInterval: 'month',
      weeklyClassLimit: 3,
      isActive: true,
      activeMemberships: 0,
    });
    const pack = await create({
      name: '10 Class Pack',
      kind: 'class_pack',
      price: '150',
      credits: 10,
      validityDays: 90,
    });
    expect(pack.status, pack.text).toBe(201);

    const byService = await call(t.app, 'GET', `/api/plans?serviceId=${service.body.id}`, {
      cookie: owner.cookie,
    });
    expect(byService.body.plans.map((p: { name: string }) => p.name)).toEqual([
      'Unlimited Monthly',
    ]);

    const patched = await call(t.app, 'PATCH', `/api/plans/${pack.body.id}`, {
      cookie: owner.cookie,
      body: { price: '140.00', isActive: false },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ price: '140.00', isActive: false, credits: 10 });
    const active = await call(t.app, 'GET', '/api/plans?active=true', { cookie: owner.cookie });
    expect(active.body.plans.map((p: { id: string }) => p.id)).not.toContain(pack.body.id);

    expect(
      (await call(t.app, 'DELETE', `/api/plans/${pack.body.id}`, { cookie: owner.cookie })).status,
    ).toBe(204);
    const after = await call(t.app, 'GET', '/api/plans', { cookie: owner.cookie });
    expect(after.body.plans.map((p: { id: string }) => p.id)).not.toContain(pack.body.id);
  });

  it('refuses bad amounts and fields that do not fit the kind, with field messages', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...monthly, price: '12.345' }, 'price', /at most 2 decimals/],
      [{ ...monthly, price: '-5' }, 'price', /cannot be negative/],
      [{ ...monthly, price: '100000.01' }, 'price', /more than \$100,000/],
      [{ ...monthly, signupFee: '1.999' }, 'signupFee', /at most 2 decimals/],
      [{ ...monthly, billingInterval: null }, 'billingInterval', /week, month or year/],
      [{ ...monthly, credits: 5 }, 'credits', /Only class packs/],
      [{ name: 'Pack', kind: 'class_pack', price: '10', validityDays: 30 }, 'credits', /credits/],
      [
        { name: 'Pack', kind: 'class_pack', price: '10', credits: 0, validityDays: 30 },
        'credits',
        /at least 1/,
      ],
      [{ name: 'Trial', kind: 'trial', price: '0' }, 'validityDays', /how many days/],
      [
        { name: 'Towel', kind: 'add_on', price: '5', signupFee: '1' },
        'signupFee',
        /Only a membership/,
      ],
      [
        { ...monthly, serviceId: '00000000-0000-4000-8000-000000000000' },
        'serviceId',
        /Choose a service/,
      ],
      [{ ...monthly, name: ' ' }, 'name', /required/],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.fields[field], JSON.stringify(body)).toMatch(message);
    }
  });

  it('keeps a sold plan: delete answers 409 (deactivate instead) and its kind cannot change', async () => {
    const plan = await create({ name: 'Drop-in', kind: 'drop_in', price: '20' });
    const member = await addMember(t, owner.cookie);
    const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
      body: { planId: plan.body.id, method: 'cash' },
    });
    expect(sold.status, sold.text).toBe(201);
    const del = await call(t.app, 'DELETE', `/api/plans/${plan.body.id}`, { cookie: owner.cookie });
    expect(del.status).toBe(409);
    expect(del.body.error.message).toMatch(/deactivate it instead/);
    const kind = await call(t.app, 'PATCH', `/api/plans/${plan.body.id}`, {
      cookie: owner.cookie,
      body: { kind: 'trial', validityDays: 7 },
    });
    expect(kind.status).toBe(409);
    const list = await call(t.app, 'GET', '/api/plans', { cookie: owner.cookie });
    const row = list.body.plans.find((p: { id: string }) => p.id === plan.body.id);
    expect(row.activeMemberships).toBe(1);
  });

  it('lets every role see plans but only owners and admins manage them', async () => {
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    expect((await call(t.app, 'GET', '/api/plans', { cookie: trainer.cookie })).status).toBe(200);
    expect((await create(monthly, trainer.cookie)).status).toBe(403);
    const admin = await personWithRole(t, owner.organization.id, 'admin');
    expect((await create(monthly, admin.cookie)).status).toBe(201);
  });
});
