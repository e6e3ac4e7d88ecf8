import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { ledgerEntries, memberships, plans } from '../../db/schema/money.ts';
import { receipts, receiptSequences } from '../../db/schema/receipts.ts';
import { memberMailTo } from '../../db/member-mail-to.ts';

export type ReceiptRow = typeof receipts.$inferSelect;

const text = z.string().nullable();
const line = z.object({
  description: z.string(),
  quantity: z.number(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
});

/**
 * What a document shows, frozen by the ledger trigger when it was issued
 * (sql/receipts.sql): later changes to the studio, the member or the card never alter it. The
 * tax is the payment's own, per rate as charged (docs/decisions/0041-tax-rounding.md).
 */
export const receiptSnapshotSchema = z.object({
  studio: z.object({ name: z.string(), legalName: text, address: text, taxId: text }),
  member: z.object({ name: z.string() }).nullable(),
  description: z.string(),
  lines: z.array(line),
  totals: z.object({ net: z.string(), tax: z.string(), gross: z.string() }),
  /** The tax per rate (positive on a credit note too); absent on documents issued before 0061. */
  taxes: z
    .array(
      z.object({
        name: z.string(),
        rate: z.string(),
        inclusive: z.boolean(),
        net: z.string(),
        tax: z.string(),
        gross: z.string(),
      }),
    )
    .optional(),
  payment: z.object({ method: z.string(), cardBrand: text, cardLastFour: text }),
  refersTo: z.object({ id: z.string(), number: z.number() }).nullable(),
  reason: text,
  /** An invoice: the company it is addressed to, on request. */
  billTo: z.object({ name: z.string(), taxId: text, address: text }).nullish(),
});
export type ReceiptSnapshot = z.infer<typeof receiptSnapshotSchema>;

/** The document of a ledger row: the receipt of a paid charge, the credit note of a refund. */
export async function findByLedgerEntry(
  db: Db | Tx,
  organizationId: string,
  ledgerEntryId: string,
): Promise<ReceiptRow | null> {
  // A household's payment group has one receipt, issued on the group's first row (receipts.sql).
  const documented = sql`coalesce((select g.id from ledger_entries c
    join ledger_entries g on g.organization_id = c.organization_id
      and g.payment_group = c.payment_group and g.kind = 'charge'
    where c.organization_id = ${organizationId} and c.id = ${ledgerEntryId}
    order by g.id limit 1), ${ledgerEntryId}::uuid)`;
  const [row] = await db
    .select()
    .from(receipts)
    .where(
      and(
        eq(receipts.organizationId, organizationId),
        sql`${receipts.ledgerEntryId} = ${documented}`,
      ),
    );
  return row ?? null;
}

/** One of a member's documents (null for another member's: the portal answers 404). */
export async function findMemberReceipt(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  id: string,
): Promise<ReceiptRow | null> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(
      and(
        eq(receipts.organizationId, organizationId),
        eq(receipts.memberId, memberId),
        eq(receipts.id, id),
      ),
    );
  return row ?? null;
}

export async function listMemberReceipts(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  limit: number,
): Promise<ReceiptRow[]> {
  return db
    .select()
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.memberId, memberId)))
    .orderBy(desc(receipts.issuedAt), desc(receipts.number))
    .limit(limit);
}

/** Studios with receipts waiting for their email (outside any studio: the sweep's owner role). */
export async function studiosWithPendingEmails(db: Db, limit: number) {
  return db
    .selectDistinct({ organizationId: receipts.organizationId })
    .from(receipts)
    .where(eq(receipts.emailStatus, 'pending'))
    .limit(limit);
}

/**
 * Claims a studio's pending receipt emails (pending → queued) in the statement that reads them;
 * SKIP LOCKED leaves rows another process is claiming to it, so each email is queued once.
 */
export async function claimPendingEmails(tx: Db | Tx, organizationId: string, limit: number) {
  const pending = tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.emailStatus, 'pending')))
    .orderBy(asc(receipts.kind), asc(receipts.number))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(receipts)
    .set({ emailStatus: 'queued' })
    .where(and(eq(receipts.organizationId, organizationId), sql`${receipts.id} in (${pending})`))
    .returning({ id: receipts.id, memberId: receipts.memberId, issuedAt: receipts.issuedAt });
}

export async function findReceipt(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<ReceiptRow | null> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, id)));
  return row ?? null;
}

export async function markEmailed(tx: Db | Tx, organizationId: string, id: string) {
  await tx
    .update(receipts)
    .set({ emailStatus: 'sent' })
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, id)));
}

/** Who a document is emailed to (null: the member was removed). */
/** The receipt's member and where it goes: their email, else their household payer's. */
export async function findRecipient(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({
      firstName: members.firstName,
      email: memberMailTo(),
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row ?? null;
}

/** Whether the studio emails each payment's numbered receipt (Settings → General). */
export async function studioEmailsReceipts(db: Db | Tx, organizationId: string) {
  const [row] = await db
    .select({ on: organizations.emailReceipts })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.on === true;
}

/** A membership with its member and plan, for its invoice (null: not this studio's). */
export async function findMembershipForInvoice(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select({
      id: memberships.id,
      memberId: memberships.memberId,
      planName: plans.name,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(memberships)
    .innerJoin(
      plans,
      and(eq(plans.organizationId, memberships.organizationId), eq(plans.id, memberships.planId)),
    )
    .innerJoin(
      members,
      and(
        eq(members.organizationId, memberships.organizationId),
        eq(members.id, memberships.memberId),
      ),
    )
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)));
  return row ?? null;
}

/** What was paid for a membership: its paid charges and their refunds, oldest first. */
export async function membershipPayments(
  db: Db | Tx,
  organizationId: string,
  membershipId: string,
) {
  return db
    .select({
      kind: ledgerEntries.kind,
      description: ledgerEntries.description,
      amount: ledgerEntries.amount,
      occurredAt: ledgerEntries.occurredAt,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.membershipId, membershipId),
        sql`(${ledgerEntries.kind} = 'charge' and ${ledgerEntries.status} in ('paid', 'refunded')
          or ${ledgerEntries.kind} = 'refund')`,
      ),
    )
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id));
}

/**
 * The next number of a kind, in the caller's transaction: the counter row stays locked until it
 * ends, and a rollback gives the number back (ADR 0039, the same statement as the trigger's).
 */
export async function takeNumber(tx: Db | Tx, organizationId: string, kind: 'invoice') {
  const [row] = await tx
    .insert(receiptSequences)
    .values({ organizationId, kind, nextNumber: 2 })
    .onConflictDoUpdate({
      target: [receiptSequences.organizationId, receiptSequences.kind],
      set: { nextNumber: sql`${receiptSequences.nextNumber} + 1` },
    })
    .returning({ number: sql<number>`${receiptSequences.nextNumber} - 1`.mapWith(Number) });
  if (!row) throw new Error('receipt_sequences returned no number');
  return row.number;
}

export async function insertInvoice(tx: Db | Tx, values: typeof receipts.$inferInsert) {
  const [row] = await tx.insert(receipts).values(values).returning();
  if (!row) throw new Error('insert receipts returned no row');
  return row;
}

/** The studio as a document shows it, and its currency. */
export async function studioBusiness(db: Db | Tx, organizationId: string) {
  const [row] = await db
    .select({
      name: organizations.name,
      legalName: organizations.legalName,
      address: organizations.postalAddress,
      taxId: organizations.taxId,
      currency: organizations.currency,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}
