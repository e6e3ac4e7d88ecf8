import type { TaxSettings } from '@fitbase/domain/contracts/tax-rates';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { addDiscount, addProduct, sell } from '../../../test/fixtures/store.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ledgerEntries, orderLines, plans } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { receipts } from '../../db/schema/receipts.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { receiptPdf } from '../receipts/receipt-pdf.ts';
import { receiptSnapshotSchema } from '../receipts/receipts.queries.ts';
import { seedMember, seedMonthlyMembership } from '../payments/payments-fixtures.ts';

// docs/product/money-and-store.md#tax: rates per studio, charged on plans, products and fees,
// stored per rate on each charge at the time of sale, given back in proportion on a refund.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Owner = Awaited<ReturnType<typeof createOwner>>;

async function studioIn(currency: string, locale: string): Promise<Owner> {
  const owner = await createOwner(t.app, 'pro');
  await t.deps.database.db
    .update(organizations)
    .set({ currency, locale })
    .where(eq(organizations.id, owner.organization.id));
  return owner;
}

async function addRate(cookie: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/tax/rates', { cookie, body });
  expect(res.status, res.text).toBe(201);
  const settings = res.body as TaxSettings;
  return settings.rates.find((r) => r.name === body.name)!;
}

const ledgerOf = (organizationId: string) =>
  t.deps.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.amount));

const receiptOf = async (organizationId: string, entryId: string) => {
  const [row] = await t.deps.database.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.ledgerEntryId, entryId)));
  return row!;
};

async function memberWithCard(cookie: string) {
  const member = await addMember(t, cookie, { membershipStatus: undefined });
  const card = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
    cookie,
    body: validCard({ isDefault: true }),
  });
  expect(card.status, card.text).toBe(201);
  return member;
}

describe('tax rates', () => {
  it('are added, listed with their use, changed, and archived only when nothing charges them', async () => {
    const owner = await studioIn('EUR', 'de-DE');
    const vat = await addRate(owner.cookie, { name: 'VAT', rate: '20', inclusive: true });
    expect(vat).toMatchObject({ rate: '20.0000', inclusive: true, isActive: true });
    const bad = await call(t.app, 'POST', '/api/tax/rates', {
      cookie: owner.cookie,
      body: { name: 'VAT', rate: '8.87501', inclusive: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.rate).toMatch(/up to 4 decimals/);

    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: {
        name: 'Monthly',
        kind: 'membership',
        price: '49.00',
        billingInterval: 'month',
        taxRateId: vat.id,
      },
    });
    expect(plan.status, plan.text).toBe(201);
    expect(plan.body.taxRateId).toBe(vat.id);
    const settings = await call(t.app, 'GET', '/api/tax', { cookie: owner.cookie });
    expect(settings.body.rates[0].usedBy).toEqual({ plans: 1, products: 0, fees: false });

    const archive = await call(t.app, 'PATCH', `/api/tax/rates/${vat.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    expect(archive.status).toBe(409);
    expect(archive.body.error.message).toBe(
      'VAT is still charged on 1 plan. Choose another rate for them first.',
    );
    await call(t.app, 'PATCH', `/api/plans/${plan.body.id}`, {
      cookie: owner.cookie,
      body: { taxRateId: null },
    });
    const archived = await call(t.app, 'PATCH', `/api/tax/rates/${vat.id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    expect(archived.status, archived.text).toBe(200);
    // An archived rate cannot be chosen again for a plan.
    const reuse = await call(t.app, 'PATCH', `/api/plans/${plan.body.id}`, {
      cookie: owner.cookie,
      body: { taxRateId: vat.id },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.fields.taxRateId).toBe('Choose one of the studio’s tax rates');
  });

  it("are the studio's own: another studio's rate is not found and cannot be charged", async () => {
    const a = await studioIn('EUR', 'de-DE');
    const b = await studioIn('EUR', 'de-DE');
    const vat = await addRate(a.cookie, { name: 'VAT', rate: '19', inclusive: true });
    const res = await call(t.app, 'PATCH', `/api/tax/rates/${vat.id}`, {
      cookie: b.cookie,
      body: { name: 'Mine' },
    });
    expect(res.status).toBe(404);
    const product = await call(t.app, 'POST', '/api/products', {
      cookie: b.cookie,
      body: { name: 'Shaker', sku: 'SHK-1', price: '12.00', taxRateId: vat.id },
    });
    expect(product.status).toBe(400);
    const fee = await call(t.app, 'PATCH', '/api/tax', {
      cookie: b.cookie,
      body: { feeTaxRateId: vat.id },
    });
    expect(fee.status).toBe(400);
  });
});

describe('a sale', () => {
  it('keeps inclusive VAT inside the price, on the ledger and the receipt, and gives it back in proportion', async () => {
    const owner = await studioIn('EUR', 'de-DE');
    const org = owner.organization.id;
    const vat = await addRate(owner.cookie, { name: 'MwSt.', rate: '19', inclusive: true });
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: {
        name: 'Monatlich',
        kind: 'membership',
        price: '49.00',
        billingInterval: 'month',
        taxRateId: vat.id,
      },
    });
    const member = await memberWithCard(owner.cookie);
    const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
      body: { planId: plan.body.id, method: 'card' },
    });
    expect(sold.status, sold.text).toBe(201);
    const [charge] = await ledgerOf(org);
    // 49.00 × 19 / 119 = 7.8235… → 7.82
    expect(charge).toMatchObject({ amount: '49.00' });
    expect(charge!.taxLines).toEqual([
      {
        rateId: vat.id,
        name: 'MwSt.',
        rate: '19.0000',
        inclusive: true,
        net: '41.18',
        tax: '7.82',
        gross: '49.00',
      },
    ]);
    const receipt = await receiptOf(org, charge!.id);
    expect(receipt.snapshot).toMatchObject({
      lines: [{ description: 'Monatlich', net: '41.18', tax: '7.82', gross: '49.00' }],
      totals: { net: '41.18', tax: '7.82', gross: '49.00' },
      taxes: [{ name: 'MwSt.', rate: '19.0000', net: '41.18', tax: '7.82', gross: '49.00' }],
    });
    const pdf = await receiptPdf({
      kind: 'receipt',
      number: receipt.number,
      issuedAt: receipt.issuedAt,
      format: { currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' },
      snapshot: receiptSnapshotSchema.parse(receipt.snapshot),
      compress: false,
    });
    // The PDF names the rate and what it was charged on (the euro sign is WinAnsi's own byte).
    const shown = [...pdf.toString('latin1').matchAll(/<([0-9a-f]+)>/g)]
      .map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'))
      .join('');
    expect(shown).toContain('MwSt. 19% included on 41,18');

    // A later rate change alters no past sale.
    await call(t.app, 'PATCH', `/api/tax/rates/${vat.id}`, {
      cookie: owner.cookie,
      body: { rate: '7' },
    });
    const refund = await call(t.app, 'POST', `/api/payments/${charge!.id}/refund`, {
      cookie: owner.cookie,
      body: { amount: '24.50', reason: 'Half a month' },
    });
    expect(refund.status, refund.text).toBe(201);
    const rows = await ledgerOf(org);
    const refundRow = rows.find((r) => r.kind === 'refund')!;
    // Half of 7.82 = 3.91; net the rest of 24.50.
    expect(refundRow.taxLines).toEqual([
      {
        rateId: vat.id,
        name: 'MwSt.',
        rate: '19.0000',
        inclusive: true,
        net: '-20.59',
        tax: '-3.91',
        gross: '-24.50',
      },
    ]);
    expect(rows.find((r) => r.id === charge!.id)!.taxLines![0]!.tax).toBe('7.82');
    const note = await receiptOf(org, refundRow.id);
    expect(note.snapshot).toMatchObject({ totals: { net: '20.59', tax: '3.91', gross: '24.50' } });
  });

  it('adds exclusive sales tax on top, to the sign-up fee too', async () => {
    const owner = await studioIn('USD', 'en-US');
    const org = owner.organization.id;
    const nyc = await addRate(owner.cookie, { name: 'Sales tax', rate: '8.875', inclusive: false });
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: {
        name: 'Unlimited',
        kind: 'membership',
        price: '10.00',
        signupFee: '25.00',
        billingInterval: 'month',
        taxRateId: nyc.id,
        soldOnline: true,
      },
    });
    // The portal shows the rate beside the price and what the card will be charged in all.
    const join = await call(t.app, 'GET', `/api/m/${owner.organization.slug}/join`);
    expect(join.status, join.text).toBe(200);
    expect(join.body.offers).toEqual([
      expect.objectContaining({
        price: '10.00',
        signupFee: '25.00',
        tax: { name: 'Sales tax', rate: '8.8750', inclusive: false },
        dueNow: '38.11',
      }),
    ]);
    const member = await memberWithCard(owner.cookie);
    const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
      cookie: owner.cookie,
      body: { planId: plan.body.id, method: 'card' },
    });
    expect(sold.status, sold.text).toBe(201);
    const rows = await ledgerOf(org);
    // 10.00 × 8.875% = 0.8875 → 0.89; 25.00 × 8.875% = 2.21875 → 2.22.
    expect(rows.map((r) => [r.purpose, r.amount, r.taxLines?.[0]?.tax])).toEqual(
      expect.arrayContaining([
        ['plan', '10.89', '0.89'],
        ['signup_fee', '27.22', '2.22'],
      ]),
    );
  });

  it('taxes a store basket per line, on each line’s share of the discount', async () => {
    const owner = await studioIn('EUR', 'de-DE');
    const org = owner.organization.id;
    const vat = await addRate(owner.cookie, { name: 'VAT', rate: '20', inclusive: true });
    const reduced = await addRate(owner.cookie, {
      name: 'VAT reduced',
      rate: '7',
      inclusive: true,
    });
    const gel = await addProduct(t, owner.cookie, { price: '0.99', taxRateId: vat.id });
    const bar = await addProduct(t, owner.cookie, { price: '5.35', taxRateId: reduced.id });
    const towel = await addProduct(t, owner.cookie, { price: '3.00' });
    const res = await sell(t, owner.cookie, {
      lines: [
        { productId: gel.id, quantity: 3 },
        { productId: bar.id, quantity: 1 },
        { productId: towel.id, quantity: 1 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    // One line of three gels: 2.97 × 20/120 = 0.495 → 0.50; the bar 5.35 × 7/107 = 0.35.
    expect(res.body).toMatchObject({ subtotal: '11.32', total: '11.32', taxTotal: '0.85' });
    const [charge] = await ledgerOf(org);
    expect(charge!.taxLines!.map((l) => [l.name, l.net, l.tax, l.gross])).toEqual([
      ['VAT', '2.47', '0.50', '2.97'],
      ['VAT reduced', '5.00', '0.35', '5.35'],
    ]);
    const receipt = await receiptOf(org, charge!.id);
    expect(receipt.snapshot).toMatchObject({
      totals: { net: '10.47', tax: '0.85', gross: '11.32' },
    });

    // 10% off the basket: each line taxed on what is left of it.
    const code = await addDiscount(t, owner.cookie, { code: 'TEN', value: '10' });
    const discounted = await sell(t, owner.cookie, {
      lines: [
        { productId: gel.id, quantity: 3 },
        { productId: bar.id, quantity: 1 },
      ],
      discountCode: code.code,
    });
    expect(discounted.status, discounted.text).toBe(201);
    // 8.32 − 0.83 = 7.49: gels 2.97 − 0.30 = 2.67 (tax 0.45), bar 5.35 − 0.53 = 4.82 (tax 0.32).
    expect(discounted.body).toMatchObject({
      discountTotal: '0.83',
      total: '7.49',
      taxTotal: '0.77',
    });
    const lines = await t.deps.database.db
      .select({ name: orderLines.productName, tax: orderLines.tax, gross: orderLines.gross })
      .from(orderLines)
      .where(and(eq(orderLines.organizationId, org), eq(orderLines.orderId, discounted.body.id)));
    expect(lines.sort((x, y) => x.gross!.localeCompare(y.gross!))).toEqual([
      { name: gel.name, tax: '0.45', gross: '2.67' },
      { name: bar.name, tax: '0.32', gross: '4.82' },
    ]);
  });

  it('rounds whole yen in a JPY studio', async () => {
    const owner = await studioIn('JPY', 'ja-JP');
    const org = owner.organization.id;
    const jct = await addRate(owner.cookie, { name: '消費税', rate: '10', inclusive: true });
    const water = await addProduct(t, owner.cookie, { price: '1234', taxRateId: jct.id });
    const res = await sell(t, owner.cookie, { lines: [{ productId: water.id, quantity: 1 }] });
    expect(res.status, res.text).toBe(201);
    // 1,234 × 10 / 110 = 112.18… → 112 yen.
    expect(res.body).toMatchObject({ total: '1234.00', taxTotal: '112.00' });
    const [charge] = await ledgerOf(org);
    expect(charge!.taxLines![0]).toMatchObject({ net: '1122.00', tax: '112.00', gross: '1234.00' });
  });

  it("taxes the billing run's periods at the plan's rate", async () => {
    const owner = await studioIn('EUR', 'de-DE');
    const org = owner.organization.id;
    const vat = await addRate(owner.cookie, { name: 'VAT', rate: '20', inclusive: false });
    const { memberId } = await seedMember(t.deps.database.db, org);
    await seedMonthlyMembership(t.deps.database.db, org, memberId, '2026-11-23', '40.00');
    await t.deps.database.db
      .update(plans)
      .set({ taxRateId: vat.id })
      .where(eq(plans.organizationId, org));
    await runBilling(t.deps, new Date('2026-11-23T12:00:00Z'), { organizationId: org });
    const [charge] = await ledgerOf(org);
    expect(charge).toMatchObject({ status: 'paid', amount: '48.00' });
    expect(charge!.taxLines![0]).toMatchObject({ net: '40.00', tax: '8.00', gross: '48.00' });
  });
});
