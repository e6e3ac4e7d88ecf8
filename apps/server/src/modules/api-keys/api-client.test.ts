import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFitBaseClient } from '@fitbase/api-client/client';
import {
  call,
  createOwner,
  createTestApp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';

// The README's example, run as written against the real app: the published client
// (packages/api-client) with a key lists members changed since a date and books one into a class.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('packages/api-client with an API key', () => {
  it('lists members changed since a date and creates a booking', async () => {
    const owner = await createOwner(t.app, 'pro');
    const before = await addMember(t, owner.cookie);
    const changed = await addMember(t, owner.cookie);
    // The first member last changed an hour ago, the second just now.
    await t.deps.database.db.execute(
      sql`update members set updated_at = now() - interval '1 hour' where id = ${before.id}`,
    );
    const since = new Date(Date.now() - 60_000).toISOString();
    const cls = await call(t.app, 'POST', '/api/classes', {
      cookie: owner.cookie,
      body: {
        name: 'Morning Yoga',
        capacity: 10,
        durationMinutes: 60,
        startsOn: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        startTime: '07:00',
      },
    });
    expect(cls.status, cls.text).toBe(201);
    const made = await call(t.app, 'POST', '/api/api-keys', {
      cookie: owner.cookie,
      body: { name: 'Website', scope: 'write' },
    });

    const fitbase = createFitBaseClient({
      baseUrl: TEST_ORIGIN,
      apiKey: made.body.key,
      fetch: (request) => Promise.resolve(t.app.request(request)),
    });
    const { data: page, error } = await fitbase.GET('/api/members', {
      params: { query: { updatedSince: since, limit: 100 } },
    });
    expect(error).toBeUndefined();
    expect(page!.items.map((m) => m.id)).toEqual([changed.id]);
    expect(page!.items.map((m) => m.id)).not.toContain(before.id);

    const from = new Date().toISOString();
    const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { data: week } = await fitbase.GET('/api/sessions', {
      params: { query: { from, to, classId: cls.body.id } },
    });
    const session = week!.sessions[0]!;
    const { data: booking, response } = await fitbase.POST('/api/sessions/{id}/bookings', {
      params: { path: { id: session.id } },
      body: { memberId: changed.id },
    });
    expect(response.status).toBe(201);
    expect(booking!.memberId).toBe(changed.id);

    // What a caller can act on: search and updatedSince together are refused by field.
    const both = await fitbase.GET('/api/members', {
      params: { query: { updatedSince: since, search: 'a' } },
    });
    expect(both.response.status).toBe(400);
    expect(both.error?.error.fields?.updatedSince).toBeTruthy();
  });
});
