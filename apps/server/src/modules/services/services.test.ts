import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function create(cookie: string, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/services', { cookie, body });
}

describe('POST /api/services', () => {
  it('creates an active service, trimming text and keeping the price exact', async () => {
    const owner = await createOwner(t.app);
    const res = await create(owner.cookie, {
      name: '  Personal Training  ',
      description: '  One on one  ',
      price: ' 49.9 ',
      durationMinutes: 60,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Personal Training',
      description: 'One on one',
      price: '49.90',
      durationMinutes: 60,
      isActive: true,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns empty optional fields into null', async () => {
    const owner = await createOwner(t.app);
    const res = await create(owner.cookie, {
      name: 'Sauna',
      description: '   ',
      price: '',
      durationMinutes: null,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      description: null,
      price: null,
      durationMinutes: null,
      isActive: true,
    });
    const bare = await create(owner.cookie, { name: 'Towel' });
    expect(bare.body).toMatchObject({
      description: null,
      price: null,
      durationMinutes: null,
      isActive: true,
    });
  });

  it('stores the largest price to the cent', async () => {
    const owner = await createOwner(t.app);
    // The cap of any single amount: $100,000.00 in a USD studio (ADR 0043).
    const res = await create(owner.cookie, { name: 'Lifetime', price: '100000.00' });
    expect(res.body.price).toBe('100000.00');
    const over = await create(owner.cookie, { name: 'Too much', price: '100000.01' });
    expect(over.status).toBe(400);
    expect(over.body.error.fields.price).toBe('Amounts cannot be more than $100,000.00');
    const zero = await create(owner.cookie, { name: 'Free Trial Class', price: '0' });
    expect(zero.body.price).toBe('0.00');
  });

  it('refuses invalid bodies with field messages', async () => {
    const owner = await createOwner(t.app);
    const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
      [{ name: '' }, 'name', 'Service Name is required'],
      [{ name: '    ' }, 'name', 'Service Name is required'],
      [{}, 'name', 'Service Name is required'],
      [{ name: 'x'.repeat(121) }, 'name', /at most 120/],
      [{ name: 'Spin', price: '-5' }, 'price', 'Price cannot be negative'],
      [{ name: 'Spin', price: '-0.01' }, 'price', 'Price cannot be negative'],
      [{ name: 'Spin', price: '12.345' }, 'price', /at most 2 decimals/],
      [{ name: 'Spin', price: 'abc' }, 'price', /decimal/],
      [{ name: 'Spin', price: '1e3' }, 'price', /decimal/],
      [{ name: 'Spin', price: '123456789' }, 'price', /decimal/],
      [{ name: 'Spin', price: 25 }, 'price', /decimal/],
      [{ name: 'Spin', durationMinutes: 0 }, 'durationMinutes', /more than 0/],
      [{ name: 'Spin', durationMinutes: -30 }, 'durationMinutes', /more than 0/],
      [{ name: 'Spin', durationMinutes: 1.5 }, 'durationMinutes', /whole number/],
      [{ name: 'Spin', durationMinutes: '45' }, 'durationMinutes', /whole number/],
      [{ name: 'Spin', isActive: 'yes' }, 'isActive', /true or false/],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(owner.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      if (typeof message === 'string') expect(res.body.error.fields[field]).toBe(message);
      else expect(res.body.error.fields[field]).toMatch(message);
    }
    const list = await call(t.app, 'GET', '/api/services', { cookie: owner.cookie });
    expect(list.body.services).toEqual([]);
  });

  it('needs a session and an organization', async () => {
    expect((await call(t.app, 'POST', '/api/services', { body: { name: 'X' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/services')).status).toBe(401);
    const loner = await signUp(t.app);
    const res = await create(loner.cookie, { name: 'X' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('No organization selected');
  });
});

describe('GET /api/services', () => {
  it('lists by name (case-insensitively) and filters by active', async () => {
    const owner = await createOwner(t.app);
    for (const name of ['yoga', 'Boxing', 'Aqua Fit', 'Zumba'])
      await create(owner.cookie, { name });
    const all = await call(t.app, 'GET', '/api/services', { cookie: owner.cookie });
    expect(all.status).toBe(200);
    expect(all.body.services.map((s: { name: string }) => s.name)).toEqual([
      'Aqua Fit',
      'Boxing',
      'yoga',
      'Zumba',
    ]);
    const boxing = all.body.services[1];
    await call(t.app, 'PATCH', `/api/services/${boxing.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    const active = await call(t.app, 'GET', '/api/services?active=true', { cookie: owner.cookie });
    expect(active.body.services.map((s: { name: string }) => s.name)).toEqual([
      'Aqua Fit',
      'yoga',
      'Zumba',
    ]);
    const inactive = await call(t.app, 'GET', '/api/services?active=false', {
      cookie: owner.cookie,
    });
    expect(inactive.body.services.map((s: { name: string }) => s.name)).toEqual(['Boxing']);
    expect(
      (await call(t.app, 'GET', '/api/services?active=maybe', { cookie: owner.cookie })).status,
    ).toBe(400);
  });
});

describe('PATCH and DELETE /api/services/{id}', () => {
  it('changes only the fields sent, toggles active, and deletes for real', async () => {
    const owner = await createOwner(t.app);
    const created = await create(owner.cookie, {
      name: 'Pilates',
      description: 'Core',
      price: '20',
      durationMinutes: 50,
    });
    const path = `/api/services/${created.body.id}`;
    const off = await call(t.app, 'PATCH', path, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      name: 'Pilates',
      description: 'Core',
      price: '20.00',
      durationMinutes: 50,
      isActive: false,
    });
    const edited = await call(t.app, 'PATCH', path, {
      cookie: owner.cookie,
      body: {
        name: ' Reformer Pilates ',
        description: '',
        price: '',
        durationMinutes: null,
        isActive: true,
      },
    });
    expect(edited.body).toMatchObject({
      name: 'Reformer Pilates',
      description: null,
      price: null,
      durationMinutes: null,
      isActive: true,
    });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.body.updatedAt),
    );

    const invalid = await call(t.app, 'PATCH', path, {
      cookie: owner.cookie,
      body: { name: '  ' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields.name).toBe('Service Name is required');
    expect((await call(t.app, 'PATCH', path, { cookie: owner.cookie, body: {} })).status).toBe(400);

    const deleted = await call(t.app, 'DELETE', path, { cookie: owner.cookie });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    const list = await call(t.app, 'GET', '/api/services', { cookie: owner.cookie });
    expect(list.body.services).toEqual([]);
    const again = await call(t.app, 'DELETE', path, { cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Service not found');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const owner = await createOwner(t.app);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const patch = await call(t.app, 'PATCH', `/api/services/${unknown}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    expect(patch.status).toBe(404);
    expect(patch.body.error.message).toBe('Service not found');
    const bad = await call(t.app, 'DELETE', '/api/services/not-a-uuid', { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('id');
  });
});
