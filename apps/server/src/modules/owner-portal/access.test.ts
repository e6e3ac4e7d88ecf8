import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertTrialRequest } from '../trial-requests/trial-requests.queries.ts';
import { personWithRole, setRole } from '../../../test/fixtures/owner-portal.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PORTAL_READS = [
  '/api/owner-portal/users',
  '/api/owner-portal/plans',
  '/api/owner-portal/invitations',
  '/api/owner-portal/analytics',
  '/api/owner-portal/trial-requests',
];

describe('owner portal access by platform role', () => {
  it('refuses a plain user with 403 and no data on every endpoint, reads and writes', async () => {
    const user = await personWithRole(t, 'user');
    for (const path of PORTAL_READS) {
      const res = await call(t.app, 'GET', path, { cookie: user.cookie });
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toBe(
        'Only platform owners and admins can open the owner portal',
      );
      expect(res.body).not.toHaveProperty('items');
    }
    const writes = [
      ['POST', '/api/owner-portal/plans', { name: 'X', priceMonthly: '1' }],
      ['POST', '/api/owner-portal/invitations', { email: 'someone@example.com' }],
      ['PUT', `/api/owner-portal/users/${user.userId}/role`, { role: 'owner' }],
    ] as const;
    for (const [method, path, body] of writes) {
      const res = await call(t.app, method, path, { cookie: user.cookie, body });
      expect(res.status, path).toBe(403);
    }
    const plans = await call(t.app, 'GET', '/api/owner-portal/plans', {
      cookie: (await personWithRole(t, 'owner')).cookie,
    });
    expect(plans.body).toEqual([]);
  });

  it('lets admins and owners read every tab', async () => {
    for (const role of ['admin', 'owner'] as const) {
      const person = await personWithRole(t, role);
      for (const path of PORTAL_READS) {
        const res = await call(t.app, 'GET', path, { cookie: person.cookie });
        expect(res.status, `${role} ${path}`).toBe(200);
      }
    }
  });

  it('needs a session', async () => {
    for (const path of PORTAL_READS)
      expect((await call(t.app, 'GET', path)).status, path).toBe(401);
  });

  it('takes a demotion into account on the next request', async () => {
    const admin = await personWithRole(t, 'admin');
    expect(
      (await call(t.app, 'GET', '/api/owner-portal/users', { cookie: admin.cookie })).status,
    ).toBe(200);
    await setRole(t.deps.database.db, admin.userId, 'user');
    expect(
      (await call(t.app, 'GET', '/api/owner-portal/users', { cookie: admin.cookie })).status,
    ).toBe(403);
  });
});

describe('GET /api/owner-portal/trial-requests', () => {
  it('lists every stored field, newest first, paged by cursor', async () => {
    const db = t.deps.database.db;
    const base = { contactName: 'Dana', phone: '555-0100', businessType: 'yoga' };
    for (const [i, name] of ['First Yoga', 'Second Yoga', 'Third Yoga'].entries()) {
      await insertTrialRequest(db, {
        ...base,
        businessName: name,
        email: `trial${i}@example.com`,
        currentMembers: i === 0 ? '51-200' : null,
        location: i === 0 ? 'Austin, TX' : null,
        currentSoftware: i === 0 ? 'Spreadsheets' : null,
        challenges: i === 0 ? 'Check-ins\nBilling' : null,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
    }
    const admin = await personWithRole(t, 'admin');
    const first = await call(t.app, 'GET', '/api/owner-portal/trial-requests?limit=2', {
      cookie: admin.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.body.items.map((r: { businessName: string }) => r.businessName)).toEqual([
      'Third Yoga',
      'Second Yoga',
    ]);
    const second = await call(
      t.app,
      'GET',
      `/api/owner-portal/trial-requests?limit=2&cursor=${first.body.nextCursor}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.items).toEqual([
      {
        id: expect.any(String),
        businessName: 'First Yoga',
        contactName: 'Dana',
        email: 'trial0@example.com',
        phone: '555-0100',
        businessType: 'yoga',
        currentMembers: '51-200',
        location: 'Austin, TX',
        currentSoftware: 'Spreadsheets',
        challenges: 'Check-ins\nBilling',
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('refuses a cursor it did not issue', async () => {
    const admin = await personWithRole(t, 'admin');
    const res = await call(t.app, 'GET', '/api/owner-portal/trial-requests?cursor=not-a-cursor', {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
  });
});
