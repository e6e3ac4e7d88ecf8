import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp, type TestContext } from '../../../test/test-app.ts';
import { addProduct, sell } from '../../../test/fixtures/store.ts';
import { sqlRows } from '../../../test/sql-rows.ts';
import { hashGiftCardCode } from '../gift-cards/gift-card-codes.ts';

// docs/product/reports-and-analytics.md#revenue with gift cards (ADR 0040), in a euro and a yen
// studio: selling a card is no sale; what a card pays for is. For each studio, this month's
// Sales total == the Transactions report's Paid total == paid minus refunded from the ledger ==
// the amounts worked out by hand, before and after a refund that puts money back on a card; the
// gift card liability == the sum of the balances == cards sold minus what they paid, net.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const STUDIOS = [
  {
    currency: 'EUR',
    locale: 'de-DE',
    cards: ['100.00', '40.00'],
    price: '30.00',
    // Order 1: 30 from card A. Order 2: 4 × 30 = 120, 70 from card A (all it has), 50 cash.
    sales: '150.00',
    afterRefund: '120.00',
    liability: '40.00',
    liabilityAfterRefund: '70.00',
  },
  {
    currency: 'JPY',
    locale: 'ja-JP',
    cards: ['10000', '4000'],
    price: '3000',
    sales: '15000.00',
    afterRefund: '12000.00',
    liability: '4000.00',
    liabilityAfterRefund: '7000.00',
  },
];

const figures = (body: { figures: Array<{ key: string; value: unknown }> }) =>
  Object.fromEntries(body.figures.map((f) => [f.key, f.value]));

for (const studio of STUDIOS)
  describe(`gift cards in the reports of a ${studio.currency} studio`, () => {
    let cookie: string;
    let org: string;
    const q = `period=month&date=${new Date().toISOString().slice(0, 10)}`;
    const get = async (path: string) => {
      const res = await call(t.app, 'GET', path, { cookie });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body;
    };
    const ledgerSales = async () =>
      (
        await sqlRows<{ total: string }>(
          t.deps.database.db,
          sql`select coalesce(sum(amount), 0)::numeric(12,2)::text as total from ledger_entries
            where organization_id = ${org} and fitbase_is_sale(kind, status)`,
        )
      )[0]!.total;
    const check = async (sales: string, liability: string) => {
      expect(await ledgerSales()).toBe(sales);
      expect(figures(await get(`/api/reports/sales?${q}`)).total).toBe(sales);
      const transactions = await get(`/api/reports/transactions?${q}`);
      expect(figures(transactions).paid).toBe(sales);
      const list = await get('/api/gift-cards');
      expect(list.outstanding).toBe(liability);
      const [sum] = await sqlRows<{ balances: string; moved: string }>(
        t.deps.database.db,
        sql`select (select sum(balance) from gift_cards where organization_id = ${org}) as balances,
          (select sum(amount) from gift_card_movements where organization_id = ${org}) as moved`,
      );
      expect(sum).toEqual({ balances: liability, moved: liability });
    };

    it(`counts what the cards paid for (${studio.sales}), never the cards sold`, async () => {
      const person = await signUp(t.app);
      const slug = `gift-${randomBytes(3).toString('hex')}`;
      const created = await call(t.app, 'POST', '/api/organizations', {
        cookie: person.cookie,
        body: {
          name: 'Gift Reports',
          slug,
          subscriptionTier: 'pro',
          timezone: 'UTC',
          currency: studio.currency,
          locale: studio.locale,
        },
      });
      expect(created.status, created.text).toBe(201);
      cookie = person.cookie;
      org = created.body.id;
      // Codes are only emailed; here the test names its own by writing the hash of a known one.
      const codes: string[] = [];
      for (const [i, amount] of studio.cards.entries()) {
        const res = await call(t.app, 'POST', '/api/gift-cards', {
          cookie,
          body: { amount, method: 'cash', recipientEmail: `r${i}@example.com` },
        });
        expect(res.status, res.text).toBe(201);
        const code = `RECN-${i}${i}${i}${i}-AAAA-BBB${i}`;
        await t.deps.database.db.execute(
          sql`update gift_cards set code_hash = ${hashGiftCardCode(code)} where id = ${res.body.id}`,
        );
        codes.push(code);
      }
      const product = await addProduct(t, cookie, { price: studio.price, initialStock: 20 });
      const first = await sell(t, cookie, {
        lines: [{ productId: product.id, quantity: 1 }],
        giftCardCode: codes[0],
      });
      expect(first.status, first.text).toBe(201);
      const second = await sell(t, cookie, {
        lines: [{ productId: product.id, quantity: 4 }],
        giftCardCode: codes[0],
      });
      expect(second.status, second.text).toBe(201);
      expect(second.body.method).toBe('cash');
      await check(studio.sales, studio.liability);

      // The first order's refund goes back onto the card: revenue down, liability up.
      const refund = await call(t.app, 'POST', `/api/orders/${first.body.id}/refund`, {
        cookie,
        body: { reason: 'Returned' },
      });
      expect(refund.status, refund.text).toBe(200);
      await check(studio.afterRefund, studio.liabilityAfterRefund);
    });
  });
