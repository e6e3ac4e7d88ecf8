import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { trialRequests } from '../../db/schema/platform.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const complete = {
  businessName: 'Iron Temple Gym',
  contactName: 'Rita Strong',
  email: 'rita@irontemple.example',
  phone: '+1 (555) 010-2030',
  businessType: 'crossfit',
  currentMembers: '51-200',
  location: 'Portland, OR',
  currentSoftware: 'Spreadsheets',
  challenges: 'Tracking check-ins and payments',
};

async function storedRow(id: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(trialRequests)
    .where(eq(trialRequests.id, id));
  return row;
}

describe('POST /api/trial-requests (public)', () => {
  it('stores every field without a session', async () => {
    const res = await call(t.app, 'POST', '/api/trial-requests', { body: complete });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
    const row = await storedRow(res.body.id);
    expect(row).toMatchObject(complete);
    expect(row?.createdAt.toISOString()).toBe(res.body.createdAt);
  });

  it('trims text and stores empty or missing optional fields as null', async () => {
    const res = await call(t.app, 'POST', '/api/trial-requests', {
      body: {
        ...complete,
        businessName: '  Zen Den  ',
        currentMembers: null,
        location: '',
        currentSoftware: '   ',
        challenges: undefined,
      },
    });
    expect(res.status).toBe(201);
    const row = await storedRow(res.body.id);
    expect(row).toMatchObject({
      businessName: 'Zen Den',
      currentMembers: null,
      location: null,
      currentSoftware: null,
      challenges: null,
    });
  });

  it('names the field that is missing or wrong, storing nothing', async () => {
    const { location: _location, ...withoutLocation } = complete;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...complete, businessName: undefined }, 'businessName'],
      [{ ...complete, businessName: '   ' }, 'businessName'],
      [{ ...complete, contactName: '' }, 'contactName'],
      [{ ...complete, email: undefined }, 'email'],
      [{ ...complete, email: 'not-an-email' }, 'email'],
      [{ ...complete, phone: '' }, 'phone'],
      [{ ...complete, phone: 'call me maybe' }, 'phone'],
      [{ ...complete, businessType: 'spa' }, 'businessType'],
      [{ ...complete, businessType: undefined }, 'businessType'],
      [{ ...complete, currentMembers: 'lots' }, 'currentMembers'],
      [{ ...withoutLocation, challenges: 'x'.repeat(5001) }, 'challenges'],
    ];
    const before = (await t.deps.database.db.select().from(trialRequests)).length;
    for (const [body, field] of cases) {
      const res = await call(t.app, 'POST', '/api/trial-requests', { body });
      expect(res.status, `${field}: ${JSON.stringify(body[field])}`).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(Object.keys(res.body.error.fields ?? {}), field).toEqual([field]);
      // The message is for people: the field's own message, no internal key in front of it.
      expect(res.body.error.message).toBe(res.body.error.fields[field]);
      expect(res.body.error.message).not.toContain(`${field}:`);
    }
    expect((await t.deps.database.db.select().from(trialRequests)).length).toBe(before);
  });

  it('gives a message a person can act on', async () => {
    const res = await call(t.app, 'POST', '/api/trial-requests', {
      body: { ...complete, email: 'nope' },
    });
    expect(res.body.error.fields.email).toBe('Enter a valid email address');
    const type = await call(t.app, 'POST', '/api/trial-requests', {
      body: { ...complete, businessType: 'spa' },
    });
    expect(type.body.error.fields.businessType).toBe('Choose a business type');
  });
});
