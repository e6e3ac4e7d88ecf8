import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { receipts } from '../../db/schema/receipts.ts';
import { seedMember, seedMonthlyMembership } from '../payments/payments-fixtures.ts';
import { receiptSnapshotSchema } from './receipts.queries.ts';

// Issue 33 point 3: an invoice for a membership to a company name and tax ID, on request, from
// its own gap-free sequence (ADR 0039).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function studio() {
  const owner = await createOwner(t.app, 'pro');
  return { cookie: owner.cookie, org: owner.organization.id };
}

async function post(path: string, cookie: string, body: unknown) {
  const res = await t.app.request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), bytes };
}

async function sellPack(s: { cookie: string }, memberId: string) {
  const plan = await call(t.app, 'POST', '/api/plans', {
    cookie: s.cookie,
    body: {
      name: '10 Class Pack',
      kind: 'class_pack',
      price: '150.00',
      credits: 10,
      validityDays: 90,
    },
  });
  const sold = await call(t.app, 'POST', `/api/members/${memberId}/memberships`, {
    cookie: s.cookie,
    body: { planId: plan.body.id, method: 'cash' },
  });
  expect(sold.status, sold.text).toBe(201);
  return sold.body.id as string;
}

describe('POST /api/memberships/{id}/invoice', () => {
  it('issues invoice 1, then 2, to the company, listing what was paid', async () => {
    const s = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const membershipId = await sellPack(s, memberId);
    const body = {
      companyName: 'Acme Ltd',
      companyTaxId: 'GB123456789',
      companyAddress: '1 High St',
    };
    const first = await post(`/api/memberships/${membershipId}/invoice`, s.cookie, body);
    expect(first.status, first.bytes.toString()).toBe(201);
    expect(first.type).toBe('application/pdf');
    expect(first.bytes.toString('latin1')).toContain('(Invoice INV-000001)');
    const second = await post(`/api/memberships/${membershipId}/invoice`, s.cookie, body);
    expect(second.bytes.toString('latin1')).toContain('(Invoice INV-000002)');
    const rows = await t.deps.database.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.organizationId, s.org), eq(receipts.kind, 'invoice')));
    expect(rows.map((r) => r.number).sort()).toEqual([1, 2]);
    expect(receiptSnapshotSchema.parse(rows[0]!.snapshot)).toMatchObject({
      billTo: { name: 'Acme Ltd', taxId: 'GB123456789', address: '1 High St' },
      totals: { gross: '150.00' },
      lines: [{ gross: '150.00' }],
    });
    // The sale's own receipt kept its sequence: receipts and invoices count apart.
    const receiptsOfStudio = await t.deps.database.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.organizationId, s.org), eq(receipts.kind, 'receipt')));
    expect(receiptsOfStudio.map((r) => r.number)).toEqual([1]);
  });

  it('refuses a membership with nothing paid yet, taking no number', async () => {
    const s = await studio();
    const db = t.deps.database.db;
    const { memberId } = await seedMember(db, s.org);
    const membershipId = await seedMonthlyMembership(db, s.org, memberId, '2026-12-01');
    const res = await call(t.app, 'POST', `/api/memberships/${membershipId}/invoice`, {
      cookie: s.cookie,
      body: { companyName: 'Acme Ltd' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'This membership has no payments to invoice yet. Take its first payment, then issue the invoice.',
    );
    const rows = await db.select().from(receipts).where(eq(receipts.organizationId, s.org));
    expect(rows).toEqual([]);
  });

  it('refuses a company without a name, and another studio gets 404', async () => {
    const s = await studio();
    const other = await studio();
    const { memberId } = await seedMember(t.deps.database.db, s.org);
    const membershipId = await sellPack(s, memberId);
    const bad = await post(`/api/memberships/${membershipId}/invoice`, s.cookie, {
      companyName: ' ',
    });
    expect(bad.status).toBe(400);
    const foreign = await post(`/api/memberships/${membershipId}/invoice`, other.cookie, {
      companyName: 'Acme Ltd',
    });
    expect(foreign.status).toBe(404);
    // A refused request takes no number.
    const ok = await post(`/api/memberships/${membershipId}/invoice`, s.cookie, {
      companyName: 'Acme Ltd',
    });
    expect(ok.bytes.toString('latin1')).toContain('(Invoice INV-000001)');
  });
});
