import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { addProduct, sell } from '../../../test/fixtures/store.ts';
import { sqlRows } from '../../../test/sql-rows.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { handleJob, startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { localDateOf } from '@fitbase/domain/recurrence';
import { setTimeZone } from '../payments/payments-fixtures.ts';
import { revenueIn } from '../payments/payments.service.ts';
import { GIFT_CARD_CODE_LIMIT } from './gift-cards.service.ts';
import { giftCardEmailJob } from './gift-cards.jobs.ts';
import { sendGiftCardEmail } from './gift-cards.mail.ts';

// docs/product/money-and-store.md#gift-cards, ADR 0040: a gift card's sale is a liability (no
// revenue); each redemption is a charge paid with method gift_card (revenue); the balance is the
// sum of its movements and never goes below zero.

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

async function studio(format?: { currency: string; locale: string }) {
  if (!format) {
    const owner = await createOwner(t.app, 'pro');
    return { cookie: owner.cookie, org: owner.organization.id, slug: owner.organization.slug };
  }
  const person = await signUp(t.app);
  const slug = `gift-${randomBytes(3).toString('hex')}`;
  const created = await call(t.app, 'POST', '/api/organizations', {
    cookie: person.cookie,
    body: { name: 'Gift Gym', slug, subscriptionTier: 'pro', timezone: 'UTC', ...format },
  });
  expect(created.status, created.text).toBe(201);
  return { cookie: person.cookie, org: created.body.id as string, slug };
}

/** Sells a card and returns it with the code from the recipient's email. */
async function sellCard(cookie: string, body: Record<string, unknown>) {
  const recipientEmail = `friend-${randomBytes(4).toString('hex')}@example.com`;
  const res = await call(t.app, 'POST', '/api/gift-cards', {
    cookie,
    body: { method: 'cash', recipientEmail, ...body },
  });
  expect(res.status, res.text).toBe(201);
  await runner.drain('gift-cards.email');
  const mail = smtp.inbox.find((m) => m.to && JSON.stringify(m.to).includes(recipientEmail));
  expect(mail, 'the recipient got an email').toBeTruthy();
  const code = CODE.exec(mail!.text ?? '')?.[1];
  expect(code).toBeTruthy();
  return { card: res.body, code: code!, mail: mail! };
}

const allTime = [new Date('2000-01-01'), new Date('2100-01-01')] as const;

async function balances(org: string) {
  return sqlRows<{ id: string; balance: string; moved: string }>(
    t.deps.database.db,
    sql`select c.id, fitbase_amount_text(c.balance) as balance,
      fitbase_amount_text((select sum(m.amount) from gift_card_movements m
      where m.organization_id = c.organization_id and m.gift_card_id = c.id)) as moved
      from gift_cards c where c.organization_id = ${org}`,
  );
}

describe('gift cards', () => {
  it('sells a card for cash, emails the code, and counts no revenue for it', async () => {
    const s = await studio();
    const { card, code, mail } = await sellCard(s.cookie, {
      amount: '50.00',
      recipientName: 'Robin',
      message: 'Happy birthday!',
    });
    expect(card).toMatchObject({ initialAmount: '50.00', balance: '50.00', currency: 'USD' });
    expect(card.lastFour).toBe(code.replaceAll('-', '').slice(-4));
    expect(card.movements).toMatchObject([{ kind: 'issue', amount: '50.00' }]);
    expect(mail.subject).toContain('$50.00 gift card');
    expect(mail.text).toContain('Happy birthday!');
    // The code is stored nowhere in clear.
    const stored = await sqlRows<{ hit: number }>(
      t.deps.database.db,
      sql`select count(*)::int as hit from gift_cards where code_hash = ${code} or code_last_four = ${code}`,
    );
    expect(stored[0]!.hit).toBe(0);
    const [sale] = await sqlRows<{ kind: string; method: string; amount: string }>(
      t.deps.database.db,
      sql`select kind, method, fitbase_amount_text(amount) as amount from ledger_entries where organization_id = ${s.org}`,
    );
    expect(sale).toEqual({ kind: 'gift_card_sale', method: 'cash', amount: '50.00' });
    expect(await revenueIn(t.deps.database.db, s.org, ...allTime)).toBe('0.00');
  });

  it("sells a card on a member's card on file", async () => {
    const s = await studio();
    const member = await addMember(t, s.cookie);
    const added = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard(),
    });
    expect(added.status, added.text).toBe(201);
    const { card } = await sellCard(s.cookie, {
      amount: '25.00',
      memberId: member.id,
      method: 'card',
    });
    expect(card.purchaser).toMatchObject({ id: member.id });
    const declined = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard({ cardLastFour: '0002' }),
    });
    const refused = await call(t.app, 'POST', '/api/gift-cards', {
      cookie: s.cookie,
      body: {
        amount: '25.00',
        memberId: member.id,
        method: 'card',
        paymentMethodId: declined.body.id,
        recipientEmail: 'someone@example.com',
      },
    });
    expect(refused.status).toBe(409);
    expect((await balances(s.org)).length).toBe(1);
  });

  it('pays part of a store sale, then the rest of its balance with cash paying the remainder', async () => {
    const s = await studio();
    const { card, code } = await sellCard(s.cookie, { amount: '50.00' });
    const product = await addProduct(t, s.cookie, { price: '30.00', initialStock: 10 });
    const first = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 1 }],
      giftCardCode: code.toLowerCase(),
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      total: '30.00',
      method: 'gift_card',
      giftCardPayment: { amount: '30.00', balance: '20.00' },
    });
    const second = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 2 }],
      giftCardCode: code,
    });
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({
      total: '60.00',
      method: 'cash',
      giftCardPayment: { amount: '20.00', balance: '0.00' },
    });
    const charges = await sqlRows<{ method: string; amount: string }>(
      t.deps.database.db,
      sql`select method, fitbase_amount_text(amount) as amount from ledger_entries
        where organization_id = ${s.org} and kind = 'charge' order by amount`,
    );
    expect(charges).toEqual([
      { method: 'gift_card', amount: '20.00' },
      { method: 'gift_card', amount: '30.00' },
      { method: 'cash', amount: '40.00' },
    ]);
    // Revenue is what the card paid for, not the card's sale.
    expect(await revenueIn(t.deps.database.db, s.org, ...allTime)).toBe('90.00');
    const detail = await call(t.app, 'GET', `/api/gift-cards/${card.id}`, { cookie: s.cookie });
    expect(detail.body.balance).toBe('0.00');
    expect(
      detail.body.movements.map((m: { kind: string; amount: string }) => [m.kind, m.amount]),
    ).toEqual([
      ['issue', '50.00'],
      ['redeem', '-30.00'],
      ['redeem', '-20.00'],
    ]);
    // An empty card pays nothing; the whole sale goes to the method.
    const third = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 1 }],
      giftCardCode: code,
    });
    expect(third.body).toMatchObject({ method: 'cash', total: '30.00' });
    // A refund of what the card paid puts it back on the card.
    const refund = await call(t.app, 'POST', `/api/orders/${first.body.id}/refund`, {
      cookie: s.cookie,
      body: { reason: 'Changed mind' },
    });
    expect(refund.status, refund.text).toBe(200);
    const after = await call(t.app, 'GET', `/api/gift-cards/${card.id}`, { cookie: s.cookie });
    expect(after.body.balance).toBe('30.00');
    expect(after.body.movements.at(-1)).toMatchObject({ kind: 'refund', amount: '30.00' });
    for (const row of await balances(s.org)) expect(row.moved).toBe(row.balance);
  });

  it('numbers a receipt for the card sold (untaxed) and for what the card paid (ADR 0039, 0040)', async () => {
    const s = await studio();
    const { code } = await sellCard(s.cookie, { amount: '20.00' });
    const product = await addProduct(t, s.cookie, { price: '8.00', initialStock: 5 });
    const sale = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 1 }],
      giftCardCode: code,
    });
    expect(sale.status, sale.text).toBe(201);
    const documents = await sqlRows<{ kind: string; method: string; number: number }>(
      t.deps.database.db,
      sql`select l.kind, l.method, r.number from ledger_entries l
        left join receipts r on r.organization_id = l.organization_id and r.ledger_entry_id = l.id
        where l.organization_id = ${s.org} order by l.kind`,
    );
    // The buyer's proof of payment comes first; spending the card is the next receipt.
    expect(documents).toEqual([
      { kind: 'charge', method: 'gift_card', number: 2 },
      { kind: 'gift_card_sale', method: 'cash', number: 1 },
    ]);
  });

  it('refunds an order paid partly by a card onto the card first, then the rest', async () => {
    const s = await studio();
    const { card, code } = await sellCard(s.cookie, { amount: '20.00' });
    const product = await addProduct(t, s.cookie, { price: '15.00', initialStock: 10 });
    const order = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 4 }],
      giftCardCode: code,
    });
    expect(order.body).toMatchObject({ total: '60.00', giftCardPayment: { amount: '20.00' } });
    const partial = await call(t.app, 'POST', `/api/orders/${order.body.id}/refund`, {
      cookie: s.cookie,
      body: { amount: '30.00', reason: 'Two returned' },
    });
    expect(partial.status, partial.text).toBe(200);
    const refunds = () =>
      sqlRows<{ method: string; amount: string }>(
        t.deps.database.db,
        sql`select method, fitbase_amount_text(amount) as amount from ledger_entries
          where organization_id = ${s.org} and kind = 'refund' order by created_at, method`,
      );
    expect(await refunds()).toEqual([
      { method: 'cash', amount: '-10.00' },
      { method: 'gift_card', amount: '-20.00' },
    ]);
    const rest = await call(t.app, 'POST', `/api/orders/${order.body.id}/refund`, {
      cookie: s.cookie,
      body: { reason: 'All returned' },
    });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedTotal: '60.00' });
    const detail = await call(t.app, 'GET', `/api/gift-cards/${card.id}`, { cookie: s.cookie });
    expect(detail.body.balance).toBe('20.00');
    expect(await revenueIn(t.deps.database.db, s.org, ...allTime)).toBe('0.00');
  });

  it('never overdraws a card under concurrent redemptions', async () => {
    const s = await studio();
    const { card, code } = await sellCard(s.cookie, { amount: '50.00' });
    const product = await addProduct(t, s.cookie, { price: '30.00', initialStock: 20 });
    const sales = await Promise.all(
      Array.from({ length: 5 }, () =>
        sell(t, s.cookie, { lines: [{ productId: product.id, quantity: 1 }], giftCardCode: code }),
      ),
    );
    for (const r of sales) expect(r.status, r.text).toBe(201);
    const fromCard = sales.reduce(
      (sum, r) => sum + Math.round(Number(r.body.giftCardPayment?.amount ?? 0) * 100),
      0,
    );
    expect(fromCard).toBe(5000);
    const [row] = (await balances(s.org)).filter((b) => b.id === card.id);
    expect(row).toMatchObject({ balance: '0.00', moved: '0.00' });
  });

  it("answers 404 for another studio's card, by id and by code", async () => {
    const a = await studio();
    const b = await studio();
    const { card, code } = await sellCard(a.cookie, { amount: '10.00' });
    const byId = await call(t.app, 'GET', `/api/gift-cards/${card.id}`, { cookie: b.cookie });
    expect(byId.status).toBe(404);
    const byCode = await call(t.app, 'POST', '/api/gift-cards/lookup', {
      cookie: b.cookie,
      body: { code },
    });
    expect(byCode.status).toBe(404);
    const own = await call(t.app, 'POST', '/api/gift-cards/lookup', {
      cookie: a.cookie,
      body: { code },
    });
    expect(own.body).toEqual({
      id: card.id,
      lastFour: card.lastFour,
      balance: '10.00',
      currency: 'USD',
    });
  });

  it('rate limits wrong codes per studio and client, revealing nothing', async () => {
    const s = await studio();
    const { code } = await sellCard(s.cookie, { amount: '10.00' });
    for (let i = 0; i < GIFT_CARD_CODE_LIMIT.max; i++) {
      const wrong = await call(t.app, 'POST', '/api/gift-cards/lookup', {
        cookie: s.cookie,
        body: { code: `WRONG-${i}` },
      });
      expect(wrong.status).toBe(404);
      expect(wrong.body.error.message).toBe(
        'No gift card has that code. Check the code and try again.',
      );
    }
    const limited = await call(t.app, 'POST', '/api/gift-cards/lookup', {
      cookie: s.cookie,
      body: { code },
    });
    expect(limited.status).toBe(429);
    // Checkout with a code is limited the same way.
    const product = await addProduct(t, s.cookie);
    const sale = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 1 }],
      giftCardCode: code,
    });
    expect(sale.status).toBe(429);
    // Another studio is not affected.
    const other = await studio();
    const fine = await call(t.app, 'POST', '/api/gift-cards/lookup', {
      cookie: other.cookie,
      body: { code: 'WRONG' },
    });
    expect(fine.status).toBe(404);
  });

  it('lists cards with the outstanding liability, equal to the sum of balances, and as CSV', async () => {
    const s = await studio({ currency: 'EUR', locale: 'de-DE' });
    const product = await addProduct(t, s.cookie, { price: '12.50', initialStock: 10 });
    const { code } = await sellCard(s.cookie, { amount: '40.00' });
    const { mail } = await sellCard(s.cookie, { amount: '15.00' });
    expect(mail.subject).toMatch(/15,00\s€/u);
    await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 1 }],
      giftCardCode: code,
    });
    const list = await call(t.app, 'GET', '/api/gift-cards', { cookie: s.cookie });
    expect(list.status, list.text).toBe(200);
    expect(list.body.outstanding).toBe('42.50');
    const sum = (await balances(s.org)).reduce(
      (n, b) => n + Math.round(Number(b.balance) * 100),
      0,
    );
    expect(sum).toBe(4250);
    const csv = await call(t.app, 'GET', '/api/gift-cards/export', { cookie: s.cookie });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\r\n').at(-1)).toBe('Total outstanding,,,,42.50,EUR');
    // Revenue: the 12.50 the card paid, never the 55.00 of cards sold.
    expect(await revenueIn(t.deps.database.db, s.org, ...allTime)).toBe('12.50');
  });

  it('refuses decimals a yen studio does not have, and sells whole yen', async () => {
    const s = await studio({ currency: 'JPY', locale: 'ja-JP' });
    const refused = await call(t.app, 'POST', '/api/gift-cards', {
      cookie: s.cookie,
      body: { amount: '3000.50', method: 'cash', recipientEmail: 'yen@example.com' },
    });
    expect(refused.status).toBe(400);
    const { card } = await sellCard(s.cookie, { amount: '3000' });
    expect(card).toMatchObject({ balance: '3000.00', currency: 'JPY' });
  });

  it('pays part of a portal purchase; the card on file pays the rest and the sign-up fee', async () => {
    const s = await studio();
    const member = await addMember(t, s.cookie);
    const saved = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard({ isDefault: true }),
    });
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: s.cookie,
      body: {
        name: 'Monthly',
        kind: 'membership',
        price: '30.00',
        signupFee: '10.00',
        billingInterval: 'month',
        soldOnline: true,
      },
    });
    expect(plan.status, plan.text).toBe(201);
    const { card, code } = await sellCard(s.cookie, { amount: '25.00' });
    const { cookie } = await signInMember(t, s.slug, member.email);
    const wrong = await call(t.app, 'POST', `/api/m/${s.slug}/offers/${plan.body.id}/buy`, {
      cookie,
      body: { paymentMethodId: saved.body.id, giftCardCode: 'NOPE-NOPE' },
    });
    expect(wrong.status).toBe(404);
    const bought = await call(t.app, 'POST', `/api/m/${s.slug}/offers/${plan.body.id}/buy`, {
      cookie,
      body: { paymentMethodId: saved.body.id, giftCardCode: code },
    });
    expect(bought.status, bought.text).toBe(201);
    const charges = await sqlRows<{ purpose: string; method: string; amount: string }>(
      t.deps.database.db,
      sql`select purpose, method, fitbase_amount_text(amount) as amount from ledger_entries
        where organization_id = ${s.org} and kind = 'charge' order by purpose, method`,
    );
    expect(charges).toEqual([
      { purpose: 'plan', method: 'card', amount: '5.00' },
      { purpose: 'plan', method: 'gift_card', amount: '25.00' },
      { purpose: 'signup_fee', method: 'card', amount: '10.00' },
    ]);
    const after = await call(t.app, 'GET', `/api/gift-cards/${card.id}`, { cookie: s.cookie });
    expect(after.body.balance).toBe('0.00');
    expect(await revenueIn(t.deps.database.db, s.org, ...allTime)).toBe('40.00');
  });

  it('splits a taxed portal purchase: each part carries its share of the tax', async () => {
    const s = await studio();
    const rate = await call(t.app, 'POST', '/api/tax/rates', {
      cookie: s.cookie,
      body: { name: 'Sales tax', rate: '10', inclusive: false },
    });
    expect(rate.status, rate.text).toBe(201);
    const rateId = rate.body.rates.find((r: { name: string }) => r.name === 'Sales tax').id;
    const member = await addMember(t, s.cookie);
    const saved = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard({ isDefault: true }),
    });
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: s.cookie,
      body: {
        name: 'Ten classes',
        kind: 'class_pack',
        price: '100.00',
        credits: 10,
        validityDays: 90,
        soldOnline: true,
        taxRateId: rateId,
      },
    });
    expect(plan.status, plan.text).toBe(201);
    const { code } = await sellCard(s.cookie, { amount: '50.00' });
    const { cookie } = await signInMember(t, s.slug, member.email);
    const bought = await call(t.app, 'POST', `/api/m/${s.slug}/offers/${plan.body.id}/buy`, {
      cookie,
      body: { paymentMethodId: saved.body.id, giftCardCode: code },
    });
    expect(bought.status, bought.text).toBe(201);
    const rows = await sqlRows<{ method: string; amount: string; tax: string; gross: string }>(
      t.deps.database.db,
      sql`select method, fitbase_amount_text(amount) as amount,
          (select sum((l->>'tax')::numeric) from jsonb_array_elements(tax_lines) l)::text as tax,
          (select sum((l->>'gross')::numeric) from jsonb_array_elements(tax_lines) l)::text as gross
        from ledger_entries where organization_id = ${s.org} and kind = 'charge' order by method`,
    );
    // 100.00 + 10% = 110.00: the card pays 50.00 of it, the card on file 60.00; 10.00 of tax.
    expect(rows.map((r) => [r.method, r.amount, r.gross])).toEqual([
      ['card', '60.00', '60.00'],
      ['gift_card', '50.00', '50.00'],
    ]);
    expect(rows.reduce((n, r) => n + Math.round(Number(r.tax) * 100), 0)).toBe(1000);
  });

  it('pays a whole portal purchase with no card on file; asks for a card when it falls short', async () => {
    const s = await studio();
    const member = await addMember(t, s.cookie);
    const rate = await call(t.app, 'POST', '/api/tax/rates', {
      cookie: s.cookie,
      body: { name: 'Sales tax', rate: '10', inclusive: false },
    });
    const rateId = rate.body.rates.find((r: { name: string }) => r.name === 'Sales tax').id;
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: s.cookie,
      body: {
        name: 'Monthly',
        kind: 'membership',
        price: '30.00',
        signupFee: '10.00',
        billingInterval: 'month',
        soldOnline: true,
        taxRateId: rateId,
      },
    });
    expect(plan.status, plan.text).toBe(201);
    const { cookie } = await signInMember(t, s.slug, member.email);
    const buy = (giftCardCode?: string) =>
      call(t.app, 'POST', `/api/m/${s.slug}/offers/${plan.body.id}/buy`, {
        cookie,
        body: giftCardCode ? { giftCardCode } : {},
      });
    // 30.00 + 10.00 with 10% on top is 44.00: a 40.00 card (the prices before tax) falls short.
    const short = await sellCard(s.cookie, { amount: '40.00' });
    const refused = await buy(short.code);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.error).toMatchObject({
      message: 'Enter a card to pay',
      fields: { card: 'Enter a card to pay' },
    });
    // Neither a card nor a gift card: the request itself is refused.
    expect((await buy()).status).toBe(400);
    const whole = await sellCard(s.cookie, { amount: '50.00' });
    const bought = await buy(whole.code);
    expect(bought.status, bought.text).toBe(201);
    const charges = await sqlRows<{ purpose: string; method: string; amount: string }>(
      t.deps.database.db,
      sql`select purpose, method, fitbase_amount_text(amount) as amount from ledger_entries
        where organization_id = ${s.org} and kind = 'charge' order by purpose`,
    );
    expect(charges).toEqual([
      { purpose: 'plan', method: 'gift_card', amount: '33.00' },
      { purpose: 'signup_fee', method: 'gift_card', amount: '11.00' },
    ]);
    const cards = await balances(s.org);
    expect(cards.find((c) => c.id === short.card.id)?.balance).toBe('40.00');
    expect(cards.find((c) => c.id === whole.card.id)?.balance).toBe('6.00');
  });

  it('pays out the card money taken for gift cards, not the cash; Sales still counts neither', async () => {
    const s = await studio();
    const zone = 'America/New_York';
    await setTimeZone(t.deps.database.db, s.org, zone);
    const member = await addMember(t, s.cookie);
    await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard({ isDefault: true }),
    });
    await sellCard(s.cookie, { amount: '25.00', memberId: member.id, method: 'card' });
    await sellCard(s.cookie, { amount: '40.00' });
    const today = localDateOf(new Date(), zone);
    const payouts = await call(t.app, 'GET', `/api/reports/payouts?date=${today}`, {
      cookie: s.cookie,
    });
    expect(payouts.status, payouts.text).toBe(200);
    expect(payouts.body.rows).toMatchObject([
      { day: today, payments: 1, charges: '25.00', refunds: '0.00', amount: '25.00' },
    ]);
    const sales = await call(t.app, 'GET', `/api/reports/sales?date=${today}`, {
      cookie: s.cookie,
    });
    expect(sales.status, sales.text).toBe(200);
    expect(sales.body.figures.find((f: { key: string }) => f.key === 'total')?.value).toBe('0.00');
  });

  it("refunds what is left of a card to the buyer's card, never more, and the liability follows", async () => {
    const s = await studio();
    const member = await addMember(t, s.cookie);
    await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard({ isDefault: true }),
    });
    const { card, code } = await sellCard(s.cookie, {
      amount: '50.00',
      memberId: member.id,
      method: 'card',
    });
    const product = await addProduct(t, s.cookie, { price: '20.00', initialStock: 10 });
    const spent = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 1 }],
      giftCardCode: code,
    });
    expect(spent.status, spent.text).toBe(201);
    const refund = (body: Record<string, unknown>) =>
      call(t.app, 'POST', `/api/gift-cards/${card.id}/refund`, { cookie: s.cookie, body });
    const tooMuch = await refund({ amount: '30.01' });
    expect(tooMuch.status, tooMuch.text).toBe(400);
    expect(tooMuch.body.error.message).toBe(
      `You can refund at most $30.00 of the gift card ending ${card.lastFour}.`,
    );
    const part = await refund({ amount: '10.00', reason: 'Moving away' });
    expect(part.status, part.text).toBe(200);
    expect(part.body).toMatchObject({ balance: '20.00', refundedToBuyer: '10.00' });
    expect(part.body.movements.at(-1)).toMatchObject({
      kind: 'refund_to_buyer',
      amount: '-10.00',
      balanceAfter: '20.00',
    });
    const rest = await refund({});
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toMatchObject({ balance: '0.00', refundedToBuyer: '30.00' });
    const nothing = await refund({});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe(
      `Nothing is left on the gift card ending ${card.lastFour} to refund.`,
    );
    // The refunds correct the card's sale, through the processor that took it, negative.
    const rows = await sqlRows<{ kind: string; method: string; amount: string; corrects: boolean }>(
      t.deps.database.db,
      sql`select r.kind, r.method, fitbase_amount_text(r.amount) as amount,
          r.corrects_id = (select sale_entry_id from gift_cards where id = ${card.id}) as corrects
        from ledger_entries r where r.organization_id = ${s.org} and r.kind = 'gift_card_refund'
        order by r.amount desc`,
    );
    expect(rows).toEqual([
      { kind: 'gift_card_refund', method: 'card', amount: '-10.00', corrects: true },
      { kind: 'gift_card_refund', method: 'card', amount: '-20.00', corrects: true },
    ]);
    // Each refund gets a credit note of its own, referring to the receipt of the card's sale,
    // refunded to the buyer's card (ADR 0039): the buyer's accounts see the money come back.
    const notes = await sqlRows<{
      id: string;
      number: number;
      refers: boolean;
      gross: string;
      method: string;
      member: string;
    }>(
      t.deps.database.db,
      sql`select l.id, r.number, r.snapshot->'totals'->>'gross' as gross,
          r.snapshot->'payment'->>'method' as method, r.member_id as member,
          r.refers_to_receipt_id = (select x.id from receipts x join gift_cards g
            on g.organization_id = x.organization_id and g.sale_entry_id = x.ledger_entry_id
            where g.id = ${card.id}) as refers
        from receipts r join ledger_entries l on l.organization_id = r.organization_id
          and l.id = r.ledger_entry_id
        where r.organization_id = ${s.org} and r.kind = 'credit_note' and l.kind = 'gift_card_refund'
        order by r.number`,
    );
    expect(notes).toEqual([
      {
        id: expect.any(String),
        number: 1,
        refers: true,
        gross: '10.00',
        method: 'card',
        member: member.id,
      },
      {
        id: expect.any(String),
        number: 2,
        refers: true,
        gross: '20.00',
        method: 'card',
        member: member.id,
      },
    ]);
    const pdf = await t.app.request(`/api/payments/${notes[0]!.id}/receipt`, {
      headers: { cookie: s.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain(
      '(Credit note CN-000001)',
    );
    // Nothing left to spend: a sale with the code pays nothing from it.
    const after = await sell(t, s.cookie, {
      lines: [{ productId: product.id, quantity: 1 }],
      giftCardCode: code,
    });
    expect(after.body).toMatchObject({ method: 'cash', total: '20.00' });
    // Revenue is still the 20.00 the card paid for; the liability is gone.
    expect(await revenueIn(t.deps.database.db, s.org, ...allTime)).toBe('40.00');
    const list = await call(t.app, 'GET', '/api/gift-cards', { cookie: s.cookie });
    expect(list.body.outstanding).toBe('0.00');
    expect(list.body.giftCards[0]).toMatchObject({ balance: '0.00', refundedToBuyer: '30.00' });
    const csv = await call(t.app, 'GET', '/api/gift-cards/export', { cookie: s.cookie });
    expect(csv.text.trim().split('\r\n')).toEqual([
      'Card,Sold on,Recipient,Initial amount,Balance,Currency',
      'Total outstanding,,,,0.00,',
    ]);
    // Payouts: the card money taken less what went back to the card.
    const payouts = await call(t.app, 'GET', '/api/reports/payouts?period=month', {
      cookie: s.cookie,
    });
    expect(payouts.body.rows).toMatchObject([
      { payments: 1, charges: '50.00', refunds: '-30.00', amount: '20.00' },
    ]);
    const report = await call(t.app, 'GET', '/api/reports/gift-cards?period=month', {
      cookie: s.cookie,
    });
    expect(report.status, report.text).toBe(200);
    expect(report.body.rows).toMatchObject([
      { sold: '50.00', redeemed: '20.00', refunded: '0.00', returned: '30.00', balance: '0.00' },
    ]);
    const [row] = (await balances(s.org)).filter((b) => b.id === card.id);
    expect(row).toMatchObject({ balance: '0.00', moved: '0.00' });
  });

  it('a refund and a sale spending the same card take turns: never more than the card held', async () => {
    const s = await studio();
    const { card, code } = await sellCard(s.cookie, { amount: '30.00' });
    const product = await addProduct(t, s.cookie, { price: '30.00', initialStock: 10 });
    const [refunded, sold] = await Promise.all([
      call(t.app, 'POST', `/api/gift-cards/${card.id}/refund`, { cookie: s.cookie, body: {} }),
      sell(t, s.cookie, { lines: [{ productId: product.id, quantity: 1 }], giftCardCode: code }),
    ]);
    expect(sold.status, sold.text).toBe(201);
    const fromCard = Math.round(Number(sold.body.giftCardPayment?.amount ?? 0) * 100);
    // Whichever came first took the 30.00; the other found nothing left on the card.
    if (refunded.status === 200) expect(fromCard).toBe(0);
    else {
      expect(refunded.status).toBe(400);
      expect(fromCard).toBe(3000);
    }
    const out = await sqlRows<{ n: string }>(
      t.deps.database.db,
      sql`select coalesce(-sum(amount), 0)::text as n from ledger_entries
        where organization_id = ${s.org} and kind = 'gift_card_refund'`,
    );
    expect(Math.round(Number(out[0]!.n) * 100) + fromCard).toBe(3000);
    const [row] = (await balances(s.org)).filter((b) => b.id === card.id);
    expect(row).toMatchObject({ balance: '0.00', moved: '0.00' });
    // Cash back from the drawer: a cash sale's refund is cash, and no payout.
    const cash = await sellCard(s.cookie, { amount: '12.00' });
    const back = await call(t.app, 'POST', `/api/gift-cards/${cash.card.id}/refund`, {
      cookie: s.cookie,
      body: { amount: '2.00' },
    });
    expect(back.body).toMatchObject({ balance: '10.00' });
    const method = await sqlRows<{ method: string }>(
      t.deps.database.db,
      sql`select method from ledger_entries where organization_id = ${s.org}
        and kind = 'gift_card_refund' and amount = -2`,
    );
    expect(method).toEqual([{ method: 'cash' }]);
  });

  it('a member buys a card in the portal with their card on file', async () => {
    const s = await studio();
    const member = await addMember(t, s.cookie);
    await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
      cookie: s.cookie,
      body: validCard(),
    });
    const { cookie } = await signInMember(t, s.slug, member.email);
    const recipientEmail = 'portal-friend@example.com';
    const bought = await call(t.app, 'POST', `/api/m/${s.slug}/gift-cards`, {
      cookie,
      body: { amount: '20.00', recipientEmail, message: 'Enjoy' },
    });
    expect(bought.status, bought.text).toBe(201);
    expect(bought.body).toMatchObject({ balance: '20.00', currency: 'USD' });
    await runner.drain('gift-cards.email');
    const mail = smtp.inbox.find((m) => JSON.stringify(m.to).includes(recipientEmail));
    expect(mail?.text).toContain(`${member.firstName} ${member.lastName} sent you`);
    const code = CODE.exec(mail!.text ?? '')![1]!;
    const balance = await call(t.app, 'POST', `/api/m/${s.slug}/gift-cards/balance`, {
      cookie,
      body: { code },
    });
    expect(balance.body).toMatchObject({ balance: '20.00', lastFour: bought.body.lastFour });
  });
});
