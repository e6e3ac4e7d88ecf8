import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { householdMembers, households } from '../../db/schema/households.ts';
import { members } from '../../db/schema/members.ts';
import { demoProviderCharges, ledgerEntries } from '../../db/schema/money.ts';
import { receipts } from '../../db/schema/receipts.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { runBilling } from '../../use-cases/billing-run.ts';
import { sendPaymentEmail } from './billing.service.ts';
import { paymentEmailJob } from './payments.jobs.ts';
import { membershipRow, seedMember, seedMonthlyMembership } from './payments-fixtures.ts';

// docs/product/members.md#households: a household's payer is charged once per billing run for
// all its due memberships, each keeping its own ledger line (revenue stays with its member).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const at = (date: string) => new Date(`${date}T12:00:00Z`);

async function household(db: Db, organizationId: string, payerId: string, others: string[]) {
  const [row] = await db
    .insert(households)
    .values({ organizationId, name: 'The Parents', payerMemberId: payerId })
    .returning({ id: households.id });
  await db
    .insert(householdMembers)
    .values(
      [payerId, ...others].map((memberId) => ({ organizationId, memberId, householdId: row!.id })),
    );
}

async function providerCharges(db: Db, organizationId: string) {
  return db
    .select()
    .from(demoProviderCharges)
    .where(eq(demoProviderCharges.organizationId, organizationId));
}

async function ledger(db: Db, organizationId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId))
    .orderBy(sql`${ledgerEntries.amount}`);
}

/** A household: a payer with a card and two children without one. */
async function parentAndKids(db: Db, organizationId: string, payerCard: string) {
  const payer = await seedMember(db, organizationId, { lastFour: payerCard });
  const kids = [
    await seedMember(db, organizationId, null),
    await seedMember(db, organizationId, null),
  ];
  await household(
    db,
    organizationId,
    payer.memberId,
    kids.map((k) => k.memberId),
  );
  return { payer, kids };
}

/** A payer with a card and a membership, two children with none but memberships, one outsider. */
async function family(payerCard: string) {
  const owner = await createOwner(t.app, 'pro');
  const org = owner.organization.id;
  const db = t.deps.database.db;
  const { payer, kids } = await parentAndKids(db, org, payerCard);
  const outsider = await seedMember(db, org);
  const ids = {
    payer: await seedMonthlyMembership(db, org, payer.memberId, '2026-11-23', '49.00'),
    kid1: await seedMonthlyMembership(db, org, kids[0]!.memberId, '2026-11-23', '29.00'),
    kid2: await seedMonthlyMembership(db, org, kids[1]!.memberId, '2026-11-23', '19.50'),
    outsider: await seedMonthlyMembership(db, org, outsider.memberId, '2026-11-23', '10.00'),
  };
  return { org, cookie: owner.cookie, payer, kids, outsider, ids };
}

describe('the billing run with households', () => {
  it("charges the payer's card once for the household's dues, one ledger line each", async () => {
    const { org, cookie, payer, kids, ids } = await family('4242');
    const db = t.deps.database.db;
    // Batches of one: the household's other dues join the first one's claim wherever they fall.
    const stats = await runBilling(t.deps, at('2026-11-23'), {
      organizationId: org,
      batchSize: 1,
      lanes: 3,
    });
    expect(stats).toMatchObject({ paid: 4, failed: 0 });
    const rows = await ledger(db, org);
    expect(rows.map((r) => [r.amount, r.status, r.memberId, r.payerMemberId])).toEqual([
      ['10.00', 'paid', expect.any(String), null],
      ['19.50', 'paid', kids[1]!.memberId, payer.memberId],
      ['29.00', 'paid', kids[0]!.memberId, payer.memberId],
      ['49.00', 'paid', payer.memberId, null],
    ]);
    const group = rows[1]!.paymentGroup;
    expect(group).toMatch(/^household:billing:/);
    expect(rows.slice(1).every((r) => r.paymentGroup === group)).toBe(true);
    expect(rows[0]!.paymentGroup).toBeNull();
    // Every household line went to the payer's card, under one processor reference.
    expect(new Set(rows.slice(1).map((r) => r.paymentMethodId))).toEqual(new Set([payer.cardId]));
    expect(new Set(rows.slice(1).map((r) => r.providerReference)).size).toBe(1);
    const charges = await providerCharges(db, org);
    expect(charges.map((c) => c.amount).sort()).toEqual(['10.00', '97.50']);
    for (const id of [ids.payer, ids.kid1, ids.kid2, ids.outsider]) {
      expect((await membershipRow(db, id)).nextBillingDate).toBe('2026-12-23');
    }
    // One receipt for the household's charge, the payer's, one line per membership; the
    // outsider's own.
    const docs = await db
      .select()
      .from(receipts)
      .where(eq(receipts.organizationId, org))
      .orderBy(receipts.number);
    expect(docs).toHaveLength(2);
    const householdReceipt = docs.find((d) => d.memberId === payer.memberId)!;
    expect(householdReceipt.membershipId).toBeNull();
    const snapshot = householdReceipt.snapshot as {
      lines: Array<{ description: string; gross: string }>;
      totals: { gross: string };
    };
    expect(snapshot.totals.gross).toBe('97.50');
    expect(snapshot.lines.map((l) => l.gross).sort()).toEqual(['19.50', '29.00', '49.00']);
    expect(snapshot.lines.every((l) => l.description.includes('Unlimited Monthly'))).toBe(true);
    // The child's payments name the payer, with the household's receipt, which staff download
    // from the child's line too.
    const list = await call(t.app, 'GET', `/api/members/${kids[0]!.memberId}/payments`, {
      cookie,
    });
    expect(list.status, list.text).toBe(200);
    const number = `R-${String(householdReceipt.number).padStart(6, '0')}`;
    expect(list.body.entries[0]).toMatchObject({
      paidBy: { id: payer.memberId },
      receiptNumber: number,
    });
    const pdf = await call(t.app, 'GET', `/api/payments/${list.body.entries[0].id}/receipt`, {
      cookie,
    });
    expect(pdf.status).toBe(200);
    // Who paid and the payment group are facts of the sale: the ledger refuses to change them
    // (a deleted payer's id may only become null).
    for (const change of [
      { paymentGroup: 'household:other' },
      { payerMemberId: kids[1]!.memberId },
    ]) {
      const error = await db
        .update(ledgerEntries)
        .set(change)
        .where(eq(ledgerEntries.id, rows[1]!.id))
        .then(
          () => null,
          (e: unknown) => e as { message?: string; cause?: { message?: string } },
        );
      expect(`${error?.message ?? ''} ${error?.cause?.message ?? ''}`).toContain('append-only');
    }
    // A refund of one child's line credits the household's receipt.
    const kidLine = rows.find((r) => r.memberId === kids[0]!.memberId)!;
    await db.transaction(async (tx) => {
      await tx.insert(ledgerEntries).values({
        organizationId: org,
        kind: 'refund',
        purpose: 'plan',
        status: 'paid',
        amount: '-29.00',
        description: 'Refund: child',
        memberId: kidLine.memberId,
        membershipId: kidLine.membershipId,
        correctsId: kidLine.id,
        idempotencyKey: `refund:${kidLine.id}:1`,
        method: 'card',
        provider: 'demo',
      });
    });
    const [note] = await db
      .select()
      .from(receipts)
      .where(and(eq(receipts.organizationId, org), eq(receipts.kind, 'credit_note')));
    expect(note?.refersToReceiptId).toBe(householdReceipt.id);
    // Deleting the payer's record leaves the children's lines, with no payer.
    await db.delete(members).where(eq(members.id, payer.memberId));
    const after = await ledger(db, org);
    expect(after.filter((r) => r.kind === 'charge').every((r) => r.payerMemberId === null)).toBe(
      true,
    );
  });

  it('charges each household once while three lanes claim batches of one at the same time', async () => {
    const owner = await createOwner(t.app, 'pro');
    const org = owner.organization.id;
    const db = t.deps.database.db;
    const families = 24;
    for (let i = 0; i < families; i++) {
      const { payer, kids } = await parentAndKids(db, org, '4242');
      for (const member of [payer, ...kids])
        await seedMonthlyMembership(db, org, member.memberId, '2026-11-23', '20.00');
    }
    // Each lane takes its own payers' dues (docs/product/money-and-store.md#households): with
    // lanes claiming by membership id, two lanes could each hold part of a household and charge
    // the payer's card twice.
    const stats = await runBilling(t.deps, at('2026-11-23'), {
      organizationId: org,
      batchSize: 1,
      lanes: 3,
    });
    expect(stats).toMatchObject({ paid: families * 3, failed: 0 });
    const charges = await providerCharges(db, org);
    expect(charges).toHaveLength(families);
    expect(charges.every((c) => c.amount === '60.00')).toBe(true);
    const rows = await ledger(db, org);
    expect(new Set(rows.map((r) => r.paymentGroup)).size).toBe(families);
  });

  it('a declined payer card fails each covered membership, through its retries to past due', async () => {
    const { org, ids } = await family('0002');
    const db = t.deps.database.db;
    const run = (date: string) => runBilling(t.deps, at(date), { organizationId: org });
    expect(await run('2026-11-23')).toMatchObject({ paid: 1, failed: 3 });
    for (const id of [ids.payer, ids.kid1, ids.kid2]) {
      expect(await membershipRow(db, id)).toMatchObject({
        status: 'active',
        failedAttempts: 1,
        nextRetryDate: '2026-11-24',
      });
    }
    for (const day of ['2026-11-24', '2026-11-26', '2026-11-30']) {
      expect((await run(day)).failed).toBe(3);
    }
    for (const id of [ids.payer, ids.kid1, ids.kid2]) {
      expect(await membershipRow(db, id)).toMatchObject({ status: 'past_due', failedAttempts: 4 });
    }
    // One processor charge per run for the household (4 runs), one for the outsider.
    expect(await providerCharges(db, org)).toHaveLength(5);
  });
});

describe('the failed-payment email of a household', () => {
  let smtp: SmtpInbox | undefined;
  afterAll(async () => {
    await smtp?.close();
  });

  it('goes to the payer once per declined charge, listing each membership it covered', async () => {
    smtp = await startSmtpInbox();
    const { inbox, mailer } = smtp;
    const { org, payer, kids } = await family('0002');
    const db = t.deps.database.db;
    expect(await runBilling(t.deps, at('2026-11-23'), { organizationId: org })).toMatchObject({
      paid: 1,
      failed: 3,
    });
    const { rows: jobs } = await t.deps.database.executeSql(
      `select data from pgboss.job where name = 'payments.email' and data->>'organizationId' = $1`,
      [org],
    );
    // One declined processor charge, one email (not one per membership).
    expect(jobs).toHaveLength(1);
    for (const job of jobs as Array<{ data: unknown }>)
      await sendPaymentEmail({ ...t.deps, mailer }, paymentEmailJob.payload.parse(job.data));
    const people = await db
      .select({ id: members.id, email: members.email, last: members.lastName })
      .from(members)
      .where(eq(members.organizationId, org));
    const name = (id: string) => `Pat ${people.find((p) => p.id === id)!.last}`;
    const payerEmail = people.find((p) => p.id === payer.memberId)!.email!;
    const mails = inbox.filter((m) => JSON.stringify(m.to).includes(payerEmail));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text ?? '';
    expect(mails[0]!.subject).toMatch(/^Your payment to .+ failed$/);
    // 49.00 + 29.00 + 19.50 on the payer's card.
    expect(text).toContain('Your payment of $97.50');
    expect(text).toContain("household's 3 memberships failed. Your card ending 0002 was declined.");
    for (const [id, amount] of [
      [payer.memberId, '$49.00'],
      [kids[0]!.memberId, '$29.00'],
      [kids[1]!.memberId, '$19.50'],
    ] as const) {
      expect(text).toMatch(
        new RegExp(`- ${name(id)}: .+, \\${amount}: we will try again on Nov 24, 2026\\.`),
      );
    }
    // Nobody else of the household got one.
    const others = kids.map((k) => people.find((p) => p.id === k.memberId)!.email!);
    expect(inbox.filter((m) => others.some((e) => JSON.stringify(m.to).includes(e)))).toEqual([]);

    // The retry a day later is again one charge of the payer's card and one email for all three.
    expect(await runBilling(t.deps, at('2026-11-24'), { organizationId: org })).toMatchObject({
      failed: 3,
    });
    const { rows: retried } = await t.deps.database.executeSql(
      `select data from pgboss.job where name = 'payments.email' and data->>'organizationId' = $1`,
      [org],
    );
    expect(retried).toHaveLength(2);
    const sentBefore = inbox.length;
    const fresh = (retried as Array<{ data: unknown }>).filter(
      (job) =>
        !(jobs as Array<{ data: unknown }>).some(
          (old) => JSON.stringify(old.data) === JSON.stringify(job.data),
        ),
    );
    expect(fresh).toHaveLength(1);
    await sendPaymentEmail({ ...t.deps, mailer }, paymentEmailJob.payload.parse(fresh[0]!.data));
    const retryMails = inbox.slice(sentBefore);
    expect(retryMails).toHaveLength(1);
    expect(JSON.stringify(retryMails[0]!.to)).toContain(payerEmail);
    const retryText = retryMails[0]!.text ?? '';
    expect(retryText).toContain('Your payment of $97.50');
    expect(retryText.match(/we will try again on Nov 26, 2026\./g)).toHaveLength(3);
  });
});

describe('sales to a household member', () => {
  it("charge the payer's default card and name the payer on the ledger line", async () => {
    const owner = await createOwner(t.app, 'pro');
    const parent = await addMember(t, owner.cookie);
    const child = await addMember(t, owner.cookie);
    const card = await call(t.app, 'POST', `/api/members/${parent.id}/payment-methods`, {
      cookie: owner.cookie,
      body: validCard({ cardLastFour: '4242' }),
    });
    expect(card.status, card.text).toBe(201);
    const before = await call(t.app, 'POST', '/api/payments', {
      cookie: owner.cookie,
      body: { memberId: child.id, amount: '12.00', description: 'Drop-in', method: 'card' },
    });
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('no_payment_method');
    const made = await call(t.app, 'POST', '/api/households', {
      cookie: owner.cookie,
      body: { name: 'Family', payerMemberId: parent.id, memberIds: [child.id] },
    });
    expect(made.status, made.text).toBe(201);
    const paid = await call(t.app, 'POST', '/api/payments', {
      cookie: owner.cookie,
      body: { memberId: child.id, amount: '12.00', description: 'Drop-in', method: 'card' },
    });
    expect(paid.status, paid.text).toBe(201);
    const [row] = await t.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, paid.body.id));
    expect(row).toMatchObject({
      status: 'paid',
      memberId: child.id,
      payerMemberId: parent.id,
      paymentMethodId: card.body.id,
    });
    // A class pack sold to the child at the desk and a store order for the child: the same card.
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: {
        name: '10 Class Pack',
        kind: 'class_pack',
        price: '150.00',
        credits: 10,
        validityDays: 90,
      },
    });
    const pack = await call(t.app, 'POST', `/api/members/${child.id}/memberships`, {
      cookie: owner.cookie,
      body: { planId: plan.body.id, method: 'card' },
    });
    expect(pack.status, pack.text).toBe(201);
    const product = await call(t.app, 'POST', '/api/products', {
      cookie: owner.cookie,
      body: { name: 'Water', sku: 'W-1', price: '2.50', initialStock: 5 },
    });
    const order = await call(t.app, 'POST', '/api/orders', {
      cookie: owner.cookie,
      body: {
        memberId: child.id,
        method: 'card',
        lines: [{ productId: product.body.id, quantity: 1 }],
      },
    });
    expect(order.status, order.text).toBe(201);
    const childLines = await t.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.memberId, child.id));
    expect(
      childLines.map((l) => [l.purpose, l.amount, l.payerMemberId, l.paymentMethodId]).sort(),
    ).toEqual(
      [
        ['order', '2.50', parent.id, card.body.id],
        ['fee', '12.00', parent.id, card.body.id],
        ['plan', '150.00', parent.id, card.body.id],
      ].sort(),
    );
    // The payer's own purchase names no other payer.
    const own = await call(t.app, 'POST', '/api/payments', {
      cookie: owner.cookie,
      body: { memberId: parent.id, amount: '5.00', description: 'Towel', method: 'card' },
    });
    const [ownRow] = await t.deps.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, own.body.id));
    expect(ownRow).toMatchObject({ memberId: parent.id, payerMemberId: null });
  });
});
