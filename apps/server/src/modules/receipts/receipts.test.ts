import { and, asc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { receipts, receiptSequences } from '../../db/schema/receipts.ts';
import { handleJob, startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { seedMember, seedMonthlyMembership } from '../payments/payments-fixtures.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { receiptEmailJob } from './receipts.jobs.ts';
import { sendReceiptEmail, sweepReceiptEmails } from './receipts-mail.ts';
import { startReceiptEmailer } from './receipts-emailer.ts';
import { receiptSnapshotSchema } from './receipts.queries.ts';

// docs/product/money-and-store.md#receipts, ADR 0039: every paid charge gets the next number of
// a gap-free sequence per studio, in the transaction that records it; a refund gets a credit note.

let t: TestContext;
let runner: JobRunner;
let smtp: SmtpInbox;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpInbox();
  runner = await startJobRunner(
    { ...t.deps, mailer: smtp.mailer },
    {
      'receipts.email': handleJob(receiptEmailJob, (data, { deps }) =>
        sendReceiptEmail(deps, data),
      ),
    },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
});
afterAll(async () => {
  await runner?.stop();
  await smtp?.close();
  await t?.close();
});

async function studio() {
  const owner = await createOwner(t.app, 'pro');
  return { cookie: owner.cookie, org: owner.organization.id, slug: owner.organization.slug };
}

const pay = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/payments', { cookie, body });

async function documentsOf(org: string) {
  return t.deps.database.db
    .select()
    .from(receipts)
    .where(eq(receipts.organizationId, org))
    .orderBy(asc(receipts.kind), asc(receipts.number));
}

async function receiptOf(org: string, ledgerEntryId: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.organizationId, org), eq(receipts.ledgerEntryId, ledgerEntryId)));
  return row ?? null;
}

async function download(path: string, cookie: string) {
  const res = await t.app.request(`http://localhost:3000${path}`, {
    headers: { cookie, origin: 'http://localhost:3000' },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe('receipt numbers', () => {
  it('gives sales 1, 2, …; a declined card gets none and takes no number', async () => {
    const s = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const declining = await seedMember(t.deps.database.db, s.org, { lastFour: '0002' });
    const cash = await pay(s.cookie, {
      memberId,
      amount: '20',
      description: 'Drop-in',
      method: 'cash',
    });
    expect(cash.status, cash.text).toBe(201);
    const declined = await pay(s.cookie, {
      memberId: declining.memberId,
      amount: '30',
      description: 'Gear',
      method: 'card',
    });
    expect(declined.status).toBe(409);
    const card = await pay(s.cookie, {
      memberId,
      amount: '49.50',
      description: 'Mat',
      method: 'card',
    });
    expect(card.status, card.text).toBe(201);
    const docs = await documentsOf(s.org);
    expect(docs.map((d) => [d.kind, d.number])).toEqual([
      ['receipt', 1],
      ['receipt', 2],
    ]);
    expect(docs[0]!.ledgerEntryId).toBe(cash.body.id);
    expect(docs[1]!.ledgerEntryId).toBe(card.body.id);
    const failedId = (await call(t.app, 'GET', '/api/payments?status=failed', { cookie: s.cookie }))
      .body.entries[0].id;
    expect(await receiptOf(s.org, failedId)).toBeNull();
    const snapshot = receiptSnapshotSchema.parse(docs[1]!.snapshot);
    expect(snapshot).toMatchObject({
      member: { name: expect.stringMatching(/^Pat Member /) },
      lines: [{ description: 'Mat', quantity: 1, net: '49.50', tax: '0.00', gross: '49.50' }],
      totals: { net: '49.50', tax: '0.00', gross: '49.50' },
      payment: { method: 'card', cardBrand: 'visa', cardLastFour: '4242' },
      refersTo: null,
    });
    expect(docs[1]!.currency).toBe('USD');
    const [sequence] = await t.deps.database.db
      .select()
      .from(receiptSequences)
      .where(eq(receiptSequences.organizationId, s.org));
    expect(sequence).toMatchObject({ kind: 'receipt', nextNumber: 3 });
  });

  it('numbers a billing run charge settled in bulk', async () => {
    const s = await studio();
    const db = t.deps.database.db;
    const { memberId } = await seedMember(db, s.org);
    await seedMonthlyMembership(db, s.org, memberId, '2026-11-23');
    await runBilling(t.deps, new Date('2026-11-23T12:00:00Z'), { organizationId: s.org });
    const docs = await documentsOf(s.org);
    expect(docs.map((d) => [d.kind, d.number, d.memberId])).toEqual([['receipt', 1, memberId]]);
    expect(receiptSnapshotSchema.parse(docs[0]!.snapshot).totals.gross).toBe('49.00');
  });

  it("lists a store order's products on its receipt", async () => {
    const s = await studio();
    const product = async (name: string, price: string) =>
      (
        await call(t.app, 'POST', '/api/products', {
          cookie: s.cookie,
          body: { name, sku: name.toUpperCase().replace(/\W/g, ''), price, initialStock: 10 },
        })
      ).body.id as string;
    const bar = await product('Protein Bar', '3.50');
    const shirt = await product('Shirt', '25.00');
    const order = await call(t.app, 'POST', '/api/orders', {
      cookie: s.cookie,
      body: {
        method: 'cash',
        lines: [
          { productId: bar, quantity: 2 },
          { productId: shirt, quantity: 1 },
        ],
      },
    });
    expect(order.status, order.text).toBe(201);
    const [doc] = await documentsOf(s.org);
    expect(doc).toMatchObject({ kind: 'receipt', number: 1, memberId: null });
    expect(receiptSnapshotSchema.parse(doc!.snapshot)).toMatchObject({
      member: null,
      lines: [
        { description: 'Protein Bar', quantity: 2, net: '7.00', tax: '0.00', gross: '7.00' },
        { description: 'Shirt', quantity: 1, net: '25.00', tax: '0.00', gross: '25.00' },
      ],
      totals: { gross: '32.00' },
      payment: { method: 'cash', cardLastFour: null },
    });
  });

  it('gives a refund credit note 1, referring to the receipt it credits', async () => {
    const s = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const sale = await pay(s.cookie, {
      memberId,
      amount: '40',
      description: 'Pack',
      method: 'card',
    });
    const refund = await call(t.app, 'POST', `/api/payments/${sale.body.id}/refund`, {
      cookie: s.cookie,
      body: { amount: '15', reason: 'Class cancelled' },
    });
    expect(refund.status, refund.text).toBe(201);
    const receipt = await receiptOf(s.org, sale.body.id);
    const credit = await receiptOf(s.org, refund.body.id);
    expect(credit).toMatchObject({
      kind: 'credit_note',
      number: 1,
      refersToReceiptId: receipt!.id,
    });
    expect(receiptSnapshotSchema.parse(credit!.snapshot)).toMatchObject({
      totals: { gross: '15.00' },
      refersTo: { id: receipt!.id, number: 1 },
      reason: 'Class cancelled',
    });
    const pdf = await download(`/api/payments/${refund.body.id}/receipt`, s.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.body.toString('latin1')).toContain('(Credit note CN-000001)');
  });

  it('gives 50 concurrent sales the numbers 1 to 50, none skipped, none shared', async () => {
    const s = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        pay(s.cookie, {
          memberId,
          amount: `${i + 1}.00`,
          description: `Sale ${i}`,
          method: 'cash',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const docs = await documentsOf(s.org);
    expect(docs.map((d) => d.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(docs.map((d) => d.ledgerEntryId)).size).toBe(50);
  }, 60_000);
});

describe('receipt downloads', () => {
  it('staff download the PDF; another studio gets 404, a payment without one 404', async () => {
    const s = await studio();
    const other = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const sale = await pay(s.cookie, {
      memberId,
      amount: '12.34',
      description: 'Drop-in',
      method: 'cash',
    });
    const own = await download(`/api/payments/${sale.body.id}/receipt`, s.cookie);
    expect(own.status).toBe(200);
    expect(own.type).toBe('application/pdf');
    expect(own.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(own.body.toString('latin1')).toContain('(Receipt R-000001)');
    const foreign = await download(`/api/payments/${sale.body.id}/receipt`, other.cookie);
    expect(foreign.status).toBe(404);
    const missing = await download(`/api/payments/${crypto.randomUUID()}/receipt`, s.cookie);
    expect(missing.status).toBe(404);
  });

  it('a member lists and downloads their own receipts, never another member’s', async () => {
    const s = await studio();
    const db = t.deps.database.db;
    const a = await seedMember(db, s.org);
    const b = await seedMember(db, s.org);
    const saleA = await pay(s.cookie, {
      memberId: a.memberId,
      amount: '10',
      description: 'Towel',
      method: 'cash',
    });
    await pay(s.cookie, {
      memberId: b.memberId,
      amount: '11',
      description: 'Water',
      method: 'cash',
    });
    const receiptA = await receiptOf(s.org, saleA.body.id);
    const emailOf = async (id: string) =>
      (await call(t.app, 'GET', `/api/members/${id}`, { cookie: s.cookie })).body.email as string;
    const memberA = await signInMember(t, s.slug, await emailOf(a.memberId));
    const memberB = await signInMember(t, s.slug, await emailOf(b.memberId));
    const list = await call(t.app, 'GET', `/api/m/${s.slug}/receipts`, { cookie: memberA.cookie });
    expect(list.status, list.text).toBe(200);
    expect(list.body.receipts).toEqual([
      expect.objectContaining({
        id: receiptA!.id,
        kind: 'receipt',
        number: 'R-000001',
        total: '10.00',
        currency: 'USD',
        description: 'Towel',
      }),
    ]);
    const path = `/api/m/${s.slug}/receipts/${receiptA!.id}/pdf`;
    const mine = await download(path, memberA.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.toString('latin1')).toContain('(Receipt R-000001)');
    expect((await download(path, memberB.cookie)).status).toBe(404);
  });

  it('renders the document in the studio locale, in the currency it was issued in', async () => {
    const snapshot = receiptSnapshotSchema.parse({
      studio: {
        name: 'Studio Mitte',
        legalName: 'Mitte GmbH',
        address: 'Torstr. 1, Berlin',
        taxId: 'DE123456789',
      },
      member: { name: 'Lena Berg' },
      description: 'Monatsabo',
      lines: [{ description: 'Monatsabo', quantity: 1, net: '89.00', tax: '0.00', gross: '89.00' }],
      totals: { net: '89.00', tax: '0.00', gross: '89.00' },
      payment: { method: 'card', cardBrand: 'visa', cardLastFour: '4242' },
      refersTo: null,
      reason: null,
    });
    const pdf = await receiptPdf({
      kind: 'receipt',
      number: 7,
      issuedAt: new Date('2026-11-23T09:30:00Z'),
      format: { currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' },
      snapshot,
      compress: false,
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('(Receipt R-000007)');
    expect(text).toContain('(Mitte GmbH)');
  });

  it('writes a Japanese studio and member with an embedded font, a Latin one without', async () => {
    const snapshot = receiptSnapshotSchema.parse({
      studio: {
        name: 'ヨガ渋谷',
        legalName: '株式会社ヨガ渋谷',
        address: '東京都渋谷区1-1',
        taxId: 'T1234567890123',
      },
      member: { name: '田中 花子' },
      description: '月会費',
      lines: [{ description: '月会費', quantity: 1, net: '10000', tax: '1000', gross: '11000' }],
      totals: { net: '10000', tax: '1000', gross: '11000' },
      payment: { method: 'cash', cardBrand: null, cardLastFour: null },
      refersTo: null,
      reason: null,
    });
    const render = (snap: typeof snapshot) =>
      receiptPdf({
        kind: 'receipt',
        number: 8,
        issuedAt: new Date('2026-11-23T09:30:00Z'),
        format: { currency: 'JPY', locale: 'ja-JP', timeZone: 'Asia/Tokyo' },
        snapshot: snap,
        compress: false,
      }).then((pdf) => pdf.toString('latin1'));
    const japanese = await render(snapshot);
    expect(japanese).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP/);
    expect(japanese).not.toContain('/Helvetica');
    // The embedded subset maps its glyphs back to the characters written (copy, search, screen
    // readers): 田 U+7530, 花 U+82B1, 渋 U+6E0B and the fullwidth yen sign U+FFE5 of ￥11,000.
    for (const code of ['7530', '82b1', '6e0b', 'ffe5']) expect(japanese).toContain(`<${code}>`);
    const latin = await render({
      ...snapshot,
      studio: { name: 'Yoga Shibuya', legalName: null, address: null, taxId: null },
      member: { name: 'Hanako Tanaka' },
      description: 'Monthly',
      lines: [{ ...snapshot.lines[0]!, description: 'Monthly' }],
    });
    expect(latin).toContain('/BaseFont /Helvetica');
    expect(latin).not.toContain('NotoSansJP');
    // The standard font has no fullwidth yen sign: the yen sign (0xA5 in WinAnsi) stands in;
    // pdfkit writes the text as hex, "¥11,000".
    expect(latin).toContain(`<${Buffer.from('\u00a511,000', 'latin1').toString('hex')}>`);
  });
});

describe('receipt emails', () => {
  it('emails the PDF when the studio emails receipts, and not when it does not', async () => {
    const s = await studio();
    const db = t.deps.database.db;
    const { memberId } = await seedMember(db, s.org);
    const email = (await call(t.app, 'GET', `/api/members/${memberId}`, { cookie: s.cookie })).body
      .email as string;
    const sale = await pay(s.cookie, {
      memberId,
      amount: '25',
      description: 'Drop-in',
      method: 'cash',
    });
    expect((await receiptOf(s.org, sale.body.id))!.emailStatus).toBe('pending');
    expect(await sweepReceiptEmails(t.deps)).toBeGreaterThan(0);
    expect(await runner.drain('receipts.email')).toBeGreaterThan(0);
    const mail = smtp.inbox.find((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((to) =>
        to?.value.some((v) => v.address === email.toLowerCase()),
      ),
    );
    expect(mail?.subject).toMatch(/^Your receipt R-000001 — /);
    expect(mail?.text).toContain('$25.00');
    expect(mail?.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.filename).toBe('R-000001.pdf');
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await receiptOf(s.org, sale.body.id))!.emailStatus).toBe('sent');

    // A plan and its sign-up fee: two charges, two receipts, one email with both PDFs.
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: s.cookie,
      body: {
        name: 'Gold Monthly',
        kind: 'membership',
        price: '89.00',
        billingInterval: 'month',
        signupFee: '20.00',
      },
    });
    expect(plan.status, plan.text).toBe(201);
    const sold = await call(t.app, 'POST', `/api/members/${memberId}/memberships`, {
      cookie: s.cookie,
      body: { planId: plan.body.id, method: 'cash' },
    });
    expect(sold.status, sold.text).toBe(201);
    const before = smtp.inbox.length;
    expect(await sweepReceiptEmails(t.deps)).toBe(2);
    await runner.drain('receipts.email');
    const sent = smtp.inbox.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Your receipts R-00000[23], R-00000[23] — /);
    expect(sent[0]!.attachments.map((a) => a.filename).sort()).toEqual([
      'R-000002.pdf',
      'R-000003.pdf',
    ]);

    const off = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: s.cookie,
      body: { emailReceipts: false },
    });
    expect(off.status, off.text).toBe(200);
    const quiet = await pay(s.cookie, {
      memberId,
      amount: '5',
      description: 'Water',
      method: 'cash',
    });
    expect((await receiptOf(s.org, quiet.body.id))!.emailStatus).toBe('none');
  });
});

describe('receipt emails at commit', () => {
  it('leave within moments of the payment: the NOTIFY wakes the sweep and the worker', async () => {
    const emailer = await startReceiptEmailer(t.deps, runner);
    try {
      const s = await studio();
      const { memberId } = await seedMember(t.deps.database.db, s.org);
      const email = (
        (await call(t.app, 'GET', `/api/members/${memberId}`, { cookie: s.cookie })).body
          .email as string
      ).toLowerCase();
      const to = (m: ParsedMail) =>
        (Array.isArray(m.to) ? m.to : [m.to]).some((a) =>
          a?.value.some((v) => v.address === email),
        );
      const sale = await pay(s.cookie, {
        memberId,
        amount: '30',
        description: 'Drop-in',
        method: 'cash',
      });
      expect(sale.status, sale.text).toBe(201);
      // No sweep or drain by hand: the commit's NOTIFY does both (the cron is not running here).
      const started = Date.now();
      while (!smtp.inbox.some(to) && Date.now() - started < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(smtp.inbox.find(to)?.subject).toMatch(/^Your receipt R-000001 — /);
    } finally {
      await emailer.stop();
    }
  });
});
