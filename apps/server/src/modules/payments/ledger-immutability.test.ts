import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/money.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedMember } from './payments-fixtures.ts';

// docs/product/money-and-store.md#ledger-and-payments: the ledger is append-only, enforced by the
// database itself (migration 0010's trigger), whatever code runs against it.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function cashPayment() {
  const owner = await createOwner(t.app, 'pro');
  const { memberId } = await seedMember(t.deps.database.db, owner.organization.id);
  const res = await call(t.app, 'POST', '/api/payments', {
    cookie: owner.cookie,
    body: { memberId, amount: '20.00', description: 'Drop-in', method: 'cash' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const refusal = async (statement: Promise<unknown>) => {
  const error = await statement.then(
    () => null,
    (e: unknown) => e as { message?: string; cause?: { message?: string } },
  );
  expect(error, 'the database accepted a change of the ledger').not.toBeNull();
  return `${error?.message ?? ''} ${error?.cause?.message ?? ''}`;
};

describe('the ledger is append-only in the database', () => {
  it('refuses to change what a row says happened, to move a status backwards, or to delete it', async () => {
    const id = await cashPayment();
    const db = t.deps.database.db;
    const where = eq(ledgerEntries.id, id);
    expect(await refusal(db.update(ledgerEntries).set({ amount: '2.00' }).where(where))).toContain(
      'append-only',
    );
    expect(
      await refusal(db.update(ledgerEntries).set({ kind: 'write_off' }).where(where)),
    ).toContain('append-only');
    expect(
      await refusal(db.update(ledgerEntries).set({ status: 'pending' }).where(where)),
    ).toContain('cannot become');
    expect(await refusal(db.delete(ledgerEntries).where(where))).toContain('append-only');
    const [row] = await db.select().from(ledgerEntries).where(where);
    expect(row).toMatchObject({ amount: '20.00', kind: 'charge', status: 'paid' });
  });

  it('lets a paid charge become refunded (its refunds are separate rows)', async () => {
    const id = await cashPayment();
    const db = t.deps.database.db;
    await db.update(ledgerEntries).set({ status: 'refunded' }).where(eq(ledgerEntries.id, id));
    const [row] = await db
      .select({ status: ledgerEntries.status, amount: sql<string>`${ledgerEntries.amount}` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, id));
    expect(row).toEqual({ status: 'refunded', amount: '20.00' });
  });
});
