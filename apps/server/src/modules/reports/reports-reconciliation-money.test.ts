import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { addProduct, sell } from '../../../test/fixtures/store.ts';
import { sqlRows } from '../../../test/sql-rows.ts';
import { receiptSnapshotSchema } from '../receipts/receipts.queries.ts';
import { receipts } from '../../db/schema/receipts.ts';
import { eq } from 'drizzle-orm';
import { call, createTestApp, signUp, type TestContext } from '../../../test/test-app.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { handleJob, startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { giftCardEmailJob } from '../gift-cards/gift-cards.jobs.ts';
import { sendGiftCardEmail } from '../gift-cards/gift-cards.mail.ts';

// docs/product/reports-and-analytics.md#tax, docs/decisions/0041-tax-rounding.md and 0040: the
// reports of a studio outside the US (EUR with VAT included in its prices, JPY with no minor
// unit) add up to its ledger with tax, refunds and gift cards in it. Every sale goes through the
// API as the front desk makes it; the figures worked out by hand are in the comments.

let t: TestContext;
let runner: JobRunner;
let smtp: SmtpInbox;
const CODE = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpInbox();
  runner = await startJobRunner(
    { ...t.deps, mailer: smtp.mailer },
    {
      'gift-cards.email': handleJob(giftCardEmailJob, (data, { deps }) =>
        sendGiftCardEmail(deps, data),
      ),
    },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await smtp?.close();
  await t?.close();
});

async function studio(currency: string, locale: string) {
  const person = await signUp(t.app);
  const created = await call(t.app, 'POST', '/api/organizations', {
    cookie: person.cookie,
    body: {
      name: 'Money Gym',
      slug: `money-${randomBytes(3).toString('hex')}`,
      subscriptionTier: 'pro',
      timezone: 'UTC',
      currency,
      locale,
    },
  });
  expect(created.status, created.text).toBe(201);
  return { cookie: person.cookie, org: created.body.id as string };
}

async function ok(res: ReturnType<typeof call>, status = 201) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

async function giftCardCode(cookie: string, amount: string) {
  const recipientEmail = `friend-${randomBytes(4).toString('hex')}@example.com`;
  await ok(
    call(t.app, 'POST', '/api/gift-cards', {
      cookie,
      body: { method: 'cash', amount, recipientEmail },
    }),
  );
  await runner.drain('gift-cards.email');
  const mail = smtp.inbox.find((m) => JSON.stringify(m.to ?? '').includes(recipientEmail));
  return CODE.exec(mail?.text ?? '')![1]!;
}

const figures = (body: { figures: Array<{ key: string; value: unknown }> }) =>
  Object.fromEntries(body.figures.map((f) => [f.key, f.value]));

/** What the ledger holds for the studio, summed straight from its rows. */
async function ledgerTotals(org: string) {
  const [row] = await sqlRows<{ sales: string; tax: string }>(
    t.deps.database.db,
    sql`select coalesce(sum(amount) filter (where fitbase_is_sale(kind, status)), 0)::numeric(13,3) as sales,
      coalesce((select sum((l.v->>'tax')::numeric) from ledger_entries le2
        cross join lateral jsonb_array_elements(le2.tax_lines) l(v)
        where le2.organization_id = ${org} and fitbase_is_sale(le2.kind, le2.status)), 0)::numeric(13,3) as tax
      from ledger_entries where organization_id = ${org}`,
  );
  return row!;
}

async function reports(cookie: string) {
  const q = 'period=month';
  const [sales, tax, transactions, csv, giftCards] = await Promise.all([
    ok(call(t.app, 'GET', `/api/reports/sales?${q}`, { cookie }), 200),
    ok(call(t.app, 'GET', `/api/reports/tax?${q}`, { cookie }), 200),
    ok(call(t.app, 'GET', `/api/reports/transactions?${q}`, { cookie }), 200),
    call(t.app, 'GET', `/api/reports/tax/export?${q}`, { cookie }),
    ok(call(t.app, 'GET', `/api/reports/gift-cards?${q}`, { cookie }), 200),
  ]);
  return { sales, tax, transactions, csv: csv.text, giftCards };
}

describe('money reports reconcile outside the US', () => {
  it('EUR with VAT included: Sales, Tax and Transactions equal the ledger, refunds and gift cards included', async () => {
    const s = await studio('EUR', 'de-DE');
    const rates = await ok(
      call(t.app, 'POST', '/api/tax/rates', {
        cookie: s.cookie,
        body: { name: 'MwSt.', rate: '20', inclusive: true },
      }),
    );
    const vat = rates.rates[0].id as string;
    const plan = await ok(
      call(t.app, 'POST', '/api/plans', {
        cookie: s.cookie,
        body: {
          name: 'Monat',
          kind: 'membership',
          price: '49.00',
          billingInterval: 'month',
          taxRateId: vat,
        },
      }),
    );
    const gel = await addProduct(t, s.cookie, { price: '0.99', taxRateId: vat });
    const towel = await addProduct(t, s.cookie, { price: '3.00' });
    const member = await addMember(t, s.cookie, { membershipStatus: undefined });
    await ok(
      call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
        cookie: s.cookie,
        body: validCard({ isDefault: true }),
      }),
    );
    // 49.00 incl. 20%: tax 8.17.
    await ok(
      call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
        cookie: s.cookie,
        body: { planId: plan.id, method: 'card' },
      }),
    );
    // 3 gels (2.97, tax 0.50 on the line) and an untaxed towel, cash.
    await ok(
      sell(t, s.cookie, {
        lines: [
          { productId: gel.id, quantity: 3 },
          { productId: towel.id, quantity: 1 },
        ],
      }),
    );
    // Half the membership back: 24.50, of which 4.09 tax (8.17 / 2 = 4.085, half up).
    const [planCharge] = await sqlRows<{ id: string }>(
      t.deps.database.db,
      sql`select id from ledger_entries where organization_id = ${s.org} and purpose = 'plan'`,
    );
    await ok(
      call(t.app, 'POST', `/api/payments/${planCharge!.id}/refund`, {
        cookie: s.cookie,
        body: { amount: '24.50', reason: 'Half a month' },
      }),
    );
    // A 20.00 gift card sold (not a sale) pays for one gel (0.99, tax 0.17: a sale).
    const code = await giftCardCode(s.cookie, '20.00');
    await ok(
      sell(t, s.cookie, { lines: [{ productId: gel.id, quantity: 1 }], giftCardCode: code }),
    );

    const ledger = await ledgerTotals(s.org);
    // 49.00 + 5.97 − 24.50 + 0.99; tax 8.17 + 0.50 − 4.09 + 0.17.
    expect(ledger).toEqual({ sales: '31.46', tax: '4.75' });
    const r = await reports(s.cookie);
    expect(figures(r.sales)).toMatchObject({ total: '31.46', tax: '4.75' });
    expect(figures(r.tax)).toEqual({ tax: '4.75', net: '26.71', gross: '31.46' });
    expect(figures(r.transactions)).toMatchObject({ paid: '31.46' });
    expect(r.tax.rows).toEqual([
      {
        name: 'MwSt.',
        rate: '20%',
        inclusive: 'Included',
        payments: 4,
        net: '23.71',
        tax: '4.75',
        gross: '28.46',
      },
      {
        name: 'No tax',
        rate: '—',
        inclusive: '—',
        payments: null,
        net: '3.00',
        tax: '0.00',
        gross: '3.00',
      },
    ]);
    expect(r.tax.totals).toMatchObject({ net: '26.71', tax: '4.75', gross: '31.46' });
    expect(r.csv.split('\n')[0]).toContain('Tax (in EUR)');
    // The card: 20.00 sold (no sale), 0.99 of it spent (a sale), 19.01 still owed to its holder.
    expect(figures(r.giftCards)).toEqual({ liability: '19.01', sold: '20.00', redeemed: '0.99' });
    expect(r.giftCards.rows).toMatchObject([{ sold: '20.00', redeemed: '0.99', balance: '19.01' }]);
    expect(r.csv).toContain('MwSt.');
  });

  it('JPY: whole yen everywhere, the reports equal the ledger', async () => {
    const s = await studio('JPY', 'ja-JP');
    // The cap is 10,000,000 minor units: ¥10,000,000 (a year's plan of ¥120,000 is fine), as
    // $100,000.00 is a USD studio's.
    const plan = (price: string) =>
      call(t.app, 'POST', '/api/plans', {
        cookie: s.cookie,
        body: { name: `Year ${price}`, kind: 'membership', price, billingInterval: 'year' },
      });
    expect((await plan('120000')).status).toBe(201);
    const tooMuch = await plan('10000001');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.price).toMatch(/more than \D?10,000,000/);
    const rates = await ok(
      call(t.app, 'POST', '/api/tax/rates', {
        cookie: s.cookie,
        body: { name: '消費税', rate: '10', inclusive: true },
      }),
    );
    const jct = rates.rates[0].id as string;
    const water = await addProduct(t, s.cookie, { price: '1234', taxRateId: jct });
    const mat = await addProduct(t, s.cookie, { price: '5555', taxRateId: jct });
    // 1,234 → 112 yen of tax; 2 × 5,555 = 11,110 → 1,010.
    const order = await ok(
      sell(t, s.cookie, {
        lines: [
          { productId: water.id, quantity: 1 },
          { productId: mat.id, quantity: 2 },
        ],
      }),
    );
    expect(order).toMatchObject({ total: '12344.00', taxTotal: '1122.00' });
    // A gift card pays part of the next sale: 3,000 of 5,555 (tax split 273 | 232 of 505).
    const code = await giftCardCode(s.cookie, '3000');
    await ok(
      sell(t, s.cookie, { lines: [{ productId: mat.id, quantity: 1 }], giftCardCode: code }),
    );
    const rows = await sqlRows<{ method: string; amount: string; tax: string }>(
      t.deps.database.db,
      sql`select method, amount, (tax_lines->0->>'tax') as tax from ledger_entries
        where organization_id = ${s.org} and kind = 'charge' and order_id is not null order by created_at, method`,
    );
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        { method: 'cash', amount: '2555.00', tax: '232.00' },
        { method: 'gift_card', amount: '3000.00', tax: '273.00' },
      ]),
    );
    const ledger = await ledgerTotals(s.org);
    expect(ledger).toEqual({ sales: '17899.00', tax: '1627.00' });
    const r = await reports(s.cookie);
    expect(figures(r.sales)).toMatchObject({ total: '17899.00', tax: '1627.00' });
    expect(figures(r.tax)).toEqual({ tax: '1627.00', net: '16272.00', gross: '17899.00' });
    // Spent in full: nothing owed, and the card is listed because it moved in the period.
    expect(figures(r.giftCards)).toEqual({
      liability: '0.00',
      sold: '3000.00',
      redeemed: '3000.00',
    });
    expect(r.giftCards.rows).toHaveLength(1);
    expect(r.tax.rows).toEqual([
      {
        name: '消費税',
        rate: '10%',
        inclusive: 'Included',
        payments: 3,
        net: '16272.00',
        tax: '1627.00',
        gross: '17899.00',
      },
    ]);
  });

  it('BHD: three decimals kept to the fils in sales, tax, refunds, receipts and reports', async () => {
    const s = await studio('BHD', 'en-BH');
    // A fils finer than the currency is refused with the field named; a USD studio refuses
    // three decimals (plans.test.ts).
    const tooFine = await call(t.app, 'POST', '/api/plans', {
      cookie: s.cookie,
      body: { name: 'Bad', kind: 'membership', price: '1.2345', billingInterval: 'month' },
    });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.error.fields.price).toMatch(/at most 3 decimals/);
    const rates = await ok(
      call(t.app, 'POST', '/api/tax/rates', {
        cookie: s.cookie,
        body: { name: 'VAT', rate: '10', inclusive: false },
      }),
    );
    const vat = rates.rates[0].id as string;
    const plan = await ok(
      call(t.app, 'POST', '/api/plans', {
        cookie: s.cookie,
        body: {
          name: 'Monthly',
          kind: 'membership',
          price: '25.125',
          billingInterval: 'month',
          taxRateId: vat,
        },
      }),
    );
    expect(plan.price).toBe('25.125');
    const towel = await addProduct(t, s.cookie, { price: '1.255', taxRateId: vat });
    expect(towel.price).toBe('1.255');
    const member = await addMember(t, s.cookie, { membershipStatus: undefined });
    await ok(
      call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
        cookie: s.cookie,
        body: validCard({ isDefault: true }),
      }),
    );
    // 25.125 + 10% = 2.5125 → 2.513 (half up to the fils): 27.638 charged.
    await ok(
      call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
        cookie: s.cookie,
        body: { planId: plan.id, method: 'card' },
      }),
    );
    // 3 × 1.255 = 3.765, tax 0.3765 → 0.377: 4.142.
    const order = await ok(sell(t, s.cookie, { lines: [{ productId: towel.id, quantity: 3 }] }));
    expect(order).toMatchObject({ subtotal: '3.765', taxTotal: '0.377', total: '4.142' });
    const [planCharge] = await sqlRows<{ id: string; amount: string }>(
      t.deps.database.db,
      sql`select id, amount from ledger_entries where organization_id = ${s.org} and purpose = 'plan'`,
    );
    expect(planCharge!.amount).toBe('27.638');
    // Half back: 13.819, tax 2.513 × 13.819 / 27.638 = 1.2565 → 1.257.
    await ok(
      call(t.app, 'POST', `/api/payments/${planCharge!.id}/refund`, {
        cookie: s.cookie,
        body: { amount: '13.819', reason: 'Half a month' },
      }),
    );
    const docs = await t.deps.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.organizationId, s.org));
    const snapshots = docs.map((d) => receiptSnapshotSchema.parse(d.snapshot));
    expect(snapshots.map((x) => x.totals)).toEqual(
      expect.arrayContaining([
        { net: '25.125', tax: '2.513', gross: '27.638' },
        { net: '3.765', tax: '0.377', gross: '4.142' },
        { net: '12.562', tax: '1.257', gross: '13.819' },
      ]),
    );

    // 27.638 + 4.142 − 13.819; tax 2.513 + 0.377 − 1.257.
    expect(await ledgerTotals(s.org)).toEqual({ sales: '17.961', tax: '1.633' });
    const r = await reports(s.cookie);
    expect(figures(r.sales)).toMatchObject({ total: '17.961', tax: '1.633' });
    expect(figures(r.tax)).toEqual({ tax: '1.633', net: '16.328', gross: '17.961' });
    expect(figures(r.transactions)).toMatchObject({ paid: '17.961' });
    expect(r.csv).toContain('1.633');
    expect(r.csv.split('\n')[0]).toContain('Tax (in BHD)');
  });
});
