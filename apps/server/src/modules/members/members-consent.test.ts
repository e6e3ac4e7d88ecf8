import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { members } from '../../db/schema/members.ts';

// Marketing consent: docs/product/connect-and-messaging.md#consent-and-the-rules-of-all-messaging.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = async (cookie: string, id: string) =>
  (await call(t.app, 'GET', `/api/members/${id}`, { cookie })).body;
const patch = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(t.app, 'PATCH', `/api/members/${id}`, { cookie, body });

describe('marketing consent', () => {
  it('is off by default and recorded with its date when given at creation', async () => {
    const owner = await createOwner(t.app);
    const plain = await addMember(t, owner.cookie);
    expect(await get(owner.cookie, plain.id)).toMatchObject({
      marketingConsent: false,
      marketingConsentAt: null,
      unsubscribedAt: null,
    });
    const before = Date.now();
    const agreed = await addMember(t, owner.cookie, { marketingConsent: true });
    const read = await get(owner.cookie, agreed.id);
    expect(read.marketingConsent).toBe(true);
    expect(Date.parse(read.marketingConsentAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('giving it clears an unsubscribe; an unchanged form keeps the date; withdrawing keeps history', async () => {
    const owner = await createOwner(t.app);
    const member = await addMember(t, owner.cookie);
    const unsubscribedAt = new Date('2026-01-05T10:00:00Z');
    await t.deps.database.db
      .update(members)
      .set({ unsubscribedAt, marketingConsent: false })
      .where(eq(members.id, member.id));
    expect((await get(owner.cookie, member.id)).unsubscribedAt).toBe(unsubscribedAt.toISOString());

    const given = await patch(owner.cookie, member.id, { marketingConsent: true });
    expect(given.status, given.text).toBe(200);
    expect(given.body).toMatchObject({ marketingConsent: true, unsubscribedAt: null });
    const firstAt = given.body.marketingConsentAt as string;
    expect(firstAt).not.toBeNull();

    // The edit form sends the consent again with other changes: the date of consent stays.
    const again = await patch(owner.cookie, member.id, { marketingConsent: true, city: 'Austin' });
    expect(again.body).toMatchObject({ marketingConsentAt: firstAt, city: 'Austin' });

    const withdrawn = await patch(owner.cookie, member.id, { marketingConsent: false });
    expect(withdrawn.body).toMatchObject({ marketingConsent: false, marketingConsentAt: firstAt });

    const bad = await patch(owner.cookie, member.id, { marketingConsent: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.marketingConsent).toBe('Marketing consent must be true or false');
  });
});
