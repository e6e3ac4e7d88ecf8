import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';
import { members } from './members.ts';
import { ledgerEntries } from './money.ts';
import { organizationId } from './tenant-columns.ts';

// Numbered receipts, credit notes and invoices (docs/product/money-and-store.md#receipts,
// ADR 0039). Rows are written by the ledger's trigger (modules/receipts/sql/receipts.sql), never
// by the application, so every paid charge of every path gets one in its own transaction.

export const RECEIPT_KINDS = ['receipt', 'credit_note', 'invoice'] as const;
export const RECEIPT_EMAIL_STATUSES = ['none', 'pending', 'queued', 'sent'] as const;

/** The next number of each kind of document, per studio: one row locked per sale until commit. */
export const receiptSequences = pgTable(
  'receipt_sequences',
  {
    organizationId: organizationId(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    nextNumber: integer('next_number').notNull(),
  },
  (t) => [
    primaryKey({ name: 'receipt_sequences_pkey', columns: [t.organizationId, t.kind] }),
    check('receipt_sequences_kind_check', oneOf(t.kind, RECEIPT_KINDS)),
    check('receipt_sequences_next_check', sql`${t.nextNumber} >= 1`),
  ],
);

export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    number: integer('number').notNull(),
    /** The paid charge (receipt), the refund row (credit note); null for an invoice. */
    ledgerEntryId: uuid('ledger_entry_id'),
    /** A credit note: the receipt of the charge it credits. */
    refersToReceiptId: uuid('refers_to_receipt_id'),
    memberId: uuid('member_id'),
    membershipId: uuid('membership_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The studio's currency when issued (ISO 4217). */
    currency: text('currency').notNull(),
    /** What the document shows, frozen when issued (receipts.queries.ts ReceiptSnapshot). */
    snapshot: jsonb('snapshot').notNull(),
    /** The receipt email's outbox state: pending until the sweep queues its job. */
    emailStatus: text('email_status', { enum: RECEIPT_EMAIL_STATUSES }).notNull().default('none'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'receipts_pkey', columns: [t.organizationId, t.id] }),
    unique('receipts_number_key').on(t.organizationId, t.kind, t.number),
    unique('receipts_ledger_entry_key').on(t.organizationId, t.ledgerEntryId),
    foreignKey({
      name: 'receipts_ledger_entry_fk',
      columns: [t.organizationId, t.ledgerEntryId],
      foreignColumns: [ledgerEntries.organizationId, ledgerEntries.id],
    }),
    foreignKey({
      name: 'receipts_refers_to_fk',
      columns: [t.organizationId, t.refersToReceiptId],
      foreignColumns: [t.organizationId, t.id],
    }),
    foreignKey({
      name: 'receipts_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (member_id)' as 'set null'),
    index('receipts_org_member_idx').on(t.organizationId, t.memberId, t.issuedAt.desc()),
    index('receipts_email_pending_idx')
      .on(t.organizationId)
      .where(sql`${t.emailStatus} = 'pending'`),
    check('receipts_kind_check', oneOf(t.kind, RECEIPT_KINDS)),
    check('receipts_email_status_check', oneOf(t.emailStatus, RECEIPT_EMAIL_STATUSES)),
    check('receipts_number_check', sql`${t.number} >= 1`),
  ],
);
