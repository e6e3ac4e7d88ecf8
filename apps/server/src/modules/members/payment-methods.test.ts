import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { memberPaymentMethods } from '../../db/schema/members.ts';
import { addMember, validCard } from '../../../test/fixtures/members.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function ownerWithMember() {
  const owner = await createOwner(t.app);
  const member = await addMember(t, owner.cookie);
  const path = `/api/members/${member.id}/payment-methods`;
  return { owner, member, path };
}

describe('POST /api/members/{id}/payment-methods', () => {
  it('stores last four, brand and expiry with a random pm_ placeholder; the first card becomes the default', async () => {
    const { owner, member, path } = await ownerWithMember();
    const res = await call(t.app, 'POST', path, {
      cookie: owner.cookie,
      body: validCard({
        billingCity: 'Austin',
        billingCountry: '',
        billingAddressLine1: ' 1 Main St ',
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      memberId: member.id,
      cardLastFour: '4242',
      cardBrand: 'visa',
      isDefault: true,
      isActive: true,
      billingCity: 'Austin',
      billingCountry: null,
      billingAddressLine1: '1 Main St',
    });
    expect(res.body).not.toHaveProperty('stripePaymentMethodId');
    const [row] = await t.deps.database.db
      .select()
      .from(memberPaymentMethods)
      .where(eq(memberPaymentMethods.id, res.body.id));
    expect(row?.stripePaymentMethodId).toMatch(/^pm_[0-9a-f]{24}$/);
  });

  it('refuses a body carrying a full card number or a CVC, storing nothing', async () => {
    const { owner, path } = await ownerWithMember();
    const bodies = [
      validCard({ cardNumber: '4242424242424242' }),
      validCard({ number: '4242 4242 4242 4242' }),
      validCard({ cvc: '123' }),
      validCard({ cvv: '1234' }),
      validCard({ billingName: '4242 4242 4242 4242' }),
      validCard({ billingAddressLine2: 'card 4242-4242-4242-4242' }),
      validCard({ cardLastFour: '4242424242424242' }),
    ];
    for (const body of bodies) {
      const res = await call(t.app, 'POST', path, { cookie: owner.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    const withNumber = await call(t.app, 'POST', path, {
      cookie: owner.cookie,
      body: validCard({ cardNumber: '4242424242424242' }),
    });
    expect(withNumber.body.error.message).toContain('full card numbers and CVCs are refused');
    const list = await call(t.app, 'GET', path, { cookie: owner.cookie });
    expect(list.body).toEqual([]);
  });

  it('validates fields and refuses an expired card', async () => {
    const { owner, path } = await ownerWithMember();
    const now = new Date();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cardLastFour: '42a2' }, 'cardLastFour'],
      [{ cardBrand: 'diners' }, 'cardBrand'],
      [{ cardExpMonth: 13 }, 'cardExpMonth'],
      [{ cardExpMonth: 0 }, 'cardExpMonth'],
      [{ billingName: '  ' }, 'billingName'],
      [{ cardExpYear: now.getFullYear() - 1 }, 'cardExpMonth'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call(t.app, 'POST', path, {
        cookie: owner.cookie,
        body: validCard(overrides),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error.fields).toHaveProperty(field);
    }
    // The current month is still valid.
    const thisMonth = await call(t.app, 'POST', path, {
      cookie: owner.cookie,
      body: validCard({ cardExpMonth: now.getUTCMonth() + 1, cardExpYear: now.getUTCFullYear() }),
    });
    expect(thisMonth.status, thisMonth.text).toBe(201);
  });

  it('a new default unsets the previous one; a non-default card leaves it; the list is default first', async () => {
    const { owner, path } = await ownerWithMember();
    const add = async (lastFour: string, isDefault: boolean) => {
      const res = await call(t.app, 'POST', path, {
        cookie: owner.cookie,
        body: validCard({ cardLastFour: lastFour, isDefault }),
      });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; isDefault: boolean };
    };
    const first = await add('1111', false);
    expect(first.isDefault).toBe(true);
    const second = await add('2222', false);
    expect(second.isDefault).toBe(false);
    const third = await add('3333', true);
    expect(third.isDefault).toBe(true);
    const list = await call(t.app, 'GET', path, { cookie: owner.cookie });
    expect(
      list.body.map((m: { cardLastFour: string; isDefault: boolean }) => [
        m.cardLastFour,
        m.isDefault,
      ]),
    ).toEqual([
      ['3333', true],
      ['2222', false],
      ['1111', false],
    ]);
  });

  it('keeps exactly one default when defaults are added concurrently', async () => {
    const { owner, path } = await ownerWithMember();
    const results = await Promise.all(
      ['5555', '6666', '7777', '8888'].map((lastFour) =>
        call(t.app, 'POST', path, {
          cookie: owner.cookie,
          body: validCard({ cardLastFour: lastFour, isDefault: true }),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const list = await call(t.app, 'GET', path, { cookie: owner.cookie });
    expect(list.body.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1);
    expect(list.body[0].isDefault).toBe(true);
  });

  it('lists only active methods', async () => {
    const { owner, path } = await ownerWithMember();
    const card = await call(t.app, 'POST', path, { cookie: owner.cookie, body: validCard() });
    await t.deps.database.db
      .update(memberPaymentMethods)
      .set({ isActive: false })
      .where(eq(memberPaymentMethods.id, card.body.id));
    const list = await call(t.app, 'GET', path, { cookie: owner.cookie });
    expect(list.body).toEqual([]);
  });
});
