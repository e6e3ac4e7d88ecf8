import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { dailySummaryBody } from '../notifications/notifications.mail.ts';
import { seedMember } from '../payments/payments-fixtures.ts';
import { paymentFailedMail } from '../payments/payments.mail.ts';

// Issue 33 point 1 (ADR 0038): a studio's currency and locale, chosen at creation and in
// Settings → General, the currency fixed after the first sale, amounts in its minor units.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const general = (cookie: string) => call(t.app, 'GET', '/api/settings/general', { cookie });
const patch = (cookie: string, body: object) =>
  call(t.app, 'PATCH', '/api/settings/general', { cookie, body });

async function cashPayment(cookie: string, organizationId: string, amount: string) {
  const { memberId } = await seedMember(t.deps.database.db, organizationId);
  return call(t.app, 'POST', '/api/payments', {
    cookie,
    body: { memberId, amount, description: 'Drop-in', method: 'cash' },
  });
}

describe('studio currency and locale', () => {
  it('a new studio is USD/en-US unless it chooses; the choice shows in /api/me and settings', async () => {
    const plain = await createOwner(t.app);
    expect((await general(plain.cookie)).body).toMatchObject({
      currency: 'USD',
      locale: 'en-US',
      currencyLocked: false,
    });

    const person = await signUp(t.app);
    const slug = `berlin-${randomBytes(3).toString('hex')}`;
    const created = await call(t.app, 'POST', '/api/organizations', {
      cookie: person.cookie,
      body: {
        name: 'Berlin Gym',
        slug,
        subscriptionTier: 'trial',
        timezone: 'Europe/Berlin',
        currency: 'eur',
        locale: 'de-de',
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    const me = await call(t.app, 'GET', '/api/me', { cookie: person.cookie });
    expect(me.body.organizations[0]).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
  });

  it('refuses unknown currencies (a unit of account such as CLF too) and locales; takes BHD', async () => {
    const owner = await createOwner(t.app);
    for (const [body, field] of [
      [{ currency: 'XYZ' }, 'currency'],
      [{ currency: 'CLF' }, 'currency'],
      [{ locale: 'not a locale' }, 'locale'],
    ] as const) {
      const res = await patch(owner.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.fields).toHaveProperty(field);
    }
    // Three decimals are kept to the fils (docs/decisions/0043-three-decimal-currencies.md).
    const bhd = await patch(owner.cookie, { currency: 'BHD', locale: 'en-BH' });
    expect(bhd.status, bhd.text).toBe(200);
    expect(bhd.body).toMatchObject({ currency: 'BHD', locale: 'en-BH' });
  });

  it('changes the currency until the first sale; afterwards 409 currency_locked says why, the locale still changes', async () => {
    const owner = await createOwner(t.app, 'pro');
    const changed = await patch(owner.cookie, { currency: 'GBP', locale: 'en-GB' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ currency: 'GBP', locale: 'en-GB', currencyLocked: false });

    const sale = await cashPayment(owner.cookie, owner.organization.id, '20.00');
    expect(sale.status, sale.text).toBe(201);
    expect((await general(owner.cookie)).body.currencyLocked).toBe(true);

    const refused = await patch(owner.cookie, { currency: 'EUR' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('currency_locked');
    expect(refused.body.error.message).toBe(
      'The currency stays GBP: this studio has already recorded sales in it, and past amounts cannot change currency.',
    );
    expect(refused.body.error.fields.currency).toBe(
      'The currency cannot change after the first sale',
    );
    // The same currency again is no change; the locale is display only and stays free.
    const same = await patch(owner.cookie, { currency: 'GBP', locale: 'en-IE' });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ currency: 'GBP', locale: 'en-IE', currencyLocked: true });
  });

  it('refuses amounts finer than the currency: JPY has no decimals, EUR keeps two', async () => {
    const owner = await createOwner(t.app, 'pro');
    expect((await patch(owner.cookie, { currency: 'JPY', locale: 'ja-JP' })).status).toBe(200);
    const fraction = await cashPayment(owner.cookie, owner.organization.id, '1500.50');
    expect(fraction.status).toBe(400);
    expect(fraction.body.error).toMatchObject({
      code: 'validation_error',
      message: 'JPY amounts have no decimals',
      fields: { amount: 'JPY amounts have no decimals' },
    });
    const product = await call(t.app, 'POST', '/api/products', {
      cookie: owner.cookie,
      body: { name: 'Towel', sku: 'TOWEL-1', price: '300.5' },
    });
    expect(product.status).toBe(400);
    expect(product.body.error.fields).toHaveProperty('price');
    // The penalty fee, nested in the booking rules, too (named by its path).
    const rules = await call(t.app, 'GET', '/api/schedule/settings', { cookie: owner.cookie });
    const penalty = (amount: string) =>
      call(t.app, 'PUT', '/api/schedule/settings', {
        cookie: owner.cookie,
        body: { ...rules.body, noShowPenalty: { kind: 'fee', amount } },
      });
    const fractionFee = await penalty('500.50');
    expect(fractionFee.status).toBe(400);
    expect(fractionFee.body.error.fields).toEqual({
      'noShowPenalty.amount': 'JPY amounts have no decimals',
    });
    const wholeFee = await penalty('500');
    expect(wholeFee.status, wholeFee.text).toBe(200);
    expect(wholeFee.body.noShowPenalty).toEqual({ kind: 'fee', amount: '500.00' });
    // Whole yen, written with or without ".00", are stored as they are.
    const whole = await cashPayment(owner.cookie, owner.organization.id, '1500.00');
    expect(whole.status, whole.text).toBe(201);
    expect(whole.body.amount).toBe('1500.00');

    const euro = await createOwner(t.app, 'pro');
    expect((await patch(euro.cookie, { currency: 'EUR', locale: 'de-DE' })).status).toBe(200);
    const cents = await cashPayment(euro.cookie, euro.organization.id, '19.99');
    expect(cents.status, cents.text).toBe(201);
  });

  it('reports say "in {currency}": the Sales definition and chart unit, and CSV headers of amounts', async () => {
    const owner = await createOwner(t.app, 'pro');
    expect((await patch(owner.cookie, { currency: 'EUR', locale: 'de-DE' })).status).toBe(200);
    expect((await cashPayment(owner.cookie, owner.organization.id, '19.99')).status).toBe(201);
    const sales = await call(t.app, 'GET', '/api/reports/sales', { cookie: owner.cookie });
    expect(sales.status, sales.text).toBe(200);
    expect(sales.body.definition).toContain('minus refunds made in the period, in EUR.');
    expect(sales.body.definition).not.toContain('dollars');
    expect(sales.body.chart.unit).toBe('EUR');
    const csv = await call(t.app, 'GET', '/api/reports/transactions/export', {
      cookie: owner.cookie,
    });
    expect(csv.status, csv.text).toBe(200);
    const [header, first] = parse(csv.text) as string[][];
    expect(header).toContain('Amount (in EUR)');
    // Amounts stay exact decimals a spreadsheet adds up; the header carries the currency.
    expect(first).toContain('19.99');
  });
});

describe('emails in the studio currency and locale', () => {
  const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  it('a failed payment: the amount and the next try as the studio writes them', () => {
    const mail = paymentFailedMail({
      to: 'ada@example.com',
      firstName: 'Ada',
      studio: {
        name: 'Berlin Gym',
        postalAddress: null,
        format: { currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' },
      },
      amount: '1234.50',
      description: 'Monthly',
      failureCode: 'card_declined',
      cardLastFour: '4242',
      nextRetryDate: '2026-12-03',
      pastDue: false,
    });
    expect(nbsp(mail.text)).toContain(
      'Your payment of 1.234,50 € to Berlin Gym for Monthly failed.',
    );
    expect(mail.text).toContain('We will try again on 03.12.2026.');
  });

  it('the daily summary: revenue in yen without decimals', () => {
    expect(
      dailySummaryBody(
        { newMembers: 1, visits: 2, bookings: 3, newLeads: 0, revenue: '3000.00' },
        { currency: 'JPY', locale: 'ja-JP' },
      ),
    ).toContain('Revenue (paid minus refunded): ￥3,000');
  });
});
