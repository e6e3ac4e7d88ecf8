import type { ChargeStatus, LedgerKind } from '@fitbase/domain/money-constants';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { named, type Statement } from '../../db/unit-of-work.ts';
import { users } from '../../db/schema/auth.ts';
import { memberPaymentMethods, members } from '../../db/schema/members.ts';
import { ledgerEntries } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { receipts } from '../../db/schema/receipts.ts';
import { openDueCondition } from '../../db/ledger-open-due.ts';
import { isSale } from '../../db/ledger-sale.ts';

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type LedgerValues = typeof ledgerEntries.$inferInsert;
export type CardRow = typeof memberPaymentMethods.$inferSelect;

/**
 * Whose cards pay for the member: their household's payer, else the member themselves
 * (docs/product/members.md#households). One key lookup inside the card's statement.
 */
export function payerOf(organizationId: string, memberId: string): SQL {
  return sql`coalesce((select h.payer_member_id from household_members hm
    join households h on h.organization_id = hm.organization_id and h.id = hm.household_id
    where hm.organization_id = ${organizationId} and hm.member_id = ${memberId}), ${memberId}::uuid)`;
}

/**
 * The card that pays for the member: the one named (the member's own or their household payer's),
 * else the payer's default active card. `memberId` on the row says whose card it is.
 */
export async function findCard(
  tx: Db | Tx,
  organizationId: string,
  memberId: string,
  paymentMethodId?: string,
): Promise<CardRow | null> {
  const payer = payerOf(organizationId, memberId);
  const [row] = await tx
    .select()
    .from(memberPaymentMethods)
    .where(
      and(
        eq(memberPaymentMethods.organizationId, organizationId),
        eq(memberPaymentMethods.isActive, true),
        paymentMethodId
          ? and(
              eq(memberPaymentMethods.id, paymentMethodId),
              sql`${memberPaymentMethods.memberId} in (${memberId}::uuid, ${payer})`,
            )
          : and(
              sql`${memberPaymentMethods.memberId} = ${payer}`,
              eq(memberPaymentMethods.isDefault, true),
            ),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findCardById(
  tx: Db | Tx,
  organizationId: string,
  id: string,
): Promise<CardRow | null> {
  const [row] = await tx
    .select()
    .from(memberPaymentMethods)
    .where(
      and(eq(memberPaymentMethods.organizationId, organizationId), eq(memberPaymentMethods.id, id)),
    );
  return row ?? null;
}

export async function findByKey(
  tx: Db | Tx,
  organizationId: string,
  idempotencyKey: string,
): Promise<LedgerRow | null> {
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

/** A ledger row, locked for the rest of the transaction when `lock` (refunds, write-offs, retries). */
export async function findEntry(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  lock = false,
): Promise<LedgerRow | null> {
  const query = tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.organizationId, organizationId), eq(ledgerEntries.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertEntry(tx: Db | Tx, values: LedgerValues): Promise<LedgerRow> {
  const [row] = await tx.insert(ledgerEntries).values(values).returning();
  if (!row) throw new Error('insert ledger_entries returned no row');
  return row;
}

/**
 * insertEntry's statement, not sent: the caller sends it (payments' prepareCharge). Prepared
 * where it travels in a message (db/unit-of-work.ts): one statement per set of columns given.
 */
export function insertEntrySql(tx: Db | Tx, values: LedgerValues & { id: string }): Statement {
  return named('ledger_insert', tx.insert(ledgerEntries).values(values).getSQL());
}

/** Inserts unless the key exists; null when another writer holds the key. */
export async function insertEntryOnce(
  tx: Db | Tx,
  values: LedgerValues,
): Promise<LedgerRow | null> {
  const [row] = await tx.insert(ledgerEntries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * pending → paid | failed (the trigger refuses anything else), stamped when it settled: the
 * database's clock, or `at` (a past day of the demo's history).
 */
export async function settleEntry(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  values: Pick<LedgerValues, 'status' | 'providerReference' | 'failureCode' | 'failureMessage'> &
    Partial<Pick<LedgerValues, 'method' | 'provider' | 'paymentMethodId' | 'recordedBy'>>,
  at?: Date,
): Promise<LedgerRow | null> {
  const [row] = await tx
    .update(ledgerEntries)
    .set({ ...values, occurredAt: at ?? sql`now()` })
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.id, id),
        eq(ledgerEntries.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markRefunded(tx: Db | Tx, organizationId: string, id: string) {
  await tx
    .update(ledgerEntries)
    .set({ status: 'refunded' })
    .where(and(eq(ledgerEntries.organizationId, organizationId), eq(ledgerEntries.id, id)));
}

/** Refunds of a charge so far (a positive decimal string) and how many there were. */
export async function refundedSoFar(tx: Db | Tx, organizationId: string, chargeId: string) {
  const [row] = await tx
    .select({
      amount: sql<string>`fitbase_amount_text(coalesce(-sum(${ledgerEntries.amount}), 0))`,
      n: count(),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.correctsId, chargeId),
        eq(ledgerEntries.kind, 'refund'),
      ),
    );
  return { amount: row?.amount ?? '0.00', count: row?.n ?? 0 };
}

export async function countAttempts(tx: Db | Tx, organizationId: string, dueKey: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${ledgerEntries.attempt}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.dueKey, dueKey),
        eq(ledgerEntries.kind, 'charge'),
      ),
    );
  return row?.n ?? 0;
}

export async function isOpenDue(tx: Db | Tx, organizationId: string, id: string) {
  const [row] = await tx
    .select({ open: openDueCondition() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.organizationId, organizationId), eq(ledgerEntries.id, id)));
  return row?.open === true;
}

/**
 * Revenue between two instants: charges that were paid (including later-refunded ones) plus
 * refunds (negative), as an exact decimal string; `rows` tells "no data" from zero.
 */
export async function revenueBetween(db: Db | Tx, organizationId: string, start: Date, end: Date) {
  const [row] = await db
    .select({
      total: sql<string>`fitbase_amount_text(coalesce(sum(${ledgerEntries.amount}), 0))`,
      rows: count(),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        isSale('ledger_entries'),
        gte(ledgerEntries.occurredAt, start),
        lt(ledgerEntries.occurredAt, end),
      ),
    );
  return { total: row?.total ?? '0.00', rows: row?.rows ?? 0 };
}

export async function balanceOwed(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ total: sql<string>`fitbase_amount_text(coalesce(sum(${ledgerEntries.amount}), 0))` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.memberId, memberId),
        openDueCondition(),
      ),
    );
  return row?.total ?? '0.00';
}

export interface LedgerFilter {
  id?: string;
  memberId?: string;
  status?: ChargeStatus;
  kind?: LedgerKind;
  /** Instants (the studio's local midnights). */
  from?: Date;
  to?: Date;
}

const recorder = alias(users, 'recorder');

/** Households: who paid a line when it was someone else (alias of members). */
const payer = alias(members, 'payer');

/**
 * The row whose receipt documents this line: its own, or for a household's payment group the
 * group's first row, which issued the one receipt of the group (sql/receipts.sql).
 */
const receiptEntryOf = sql`coalesce((select g.id from ledger_entries g
  where g.organization_id = ${ledgerEntries.organizationId}
    and g.payment_group = ${ledgerEntries.paymentGroup} and g.kind = 'charge'
  order by g.id limit 1), ${ledgerEntries.id})`;

/** The ledger, newest first, with what the list shows beside each row. */
export async function listEntries(
  db: Db | Tx,
  organizationId: string,
  filter: LedgerFilter,
  page: { page: number; pageSize: number },
) {
  const where = and(
    eq(ledgerEntries.organizationId, organizationId),
    filter.id ? eq(ledgerEntries.id, filter.id) : undefined,
    filter.memberId ? eq(ledgerEntries.memberId, filter.memberId) : undefined,
    filter.status ? eq(ledgerEntries.status, filter.status) : undefined,
    filter.kind ? eq(ledgerEntries.kind, filter.kind) : undefined,
    filter.from ? gte(ledgerEntries.occurredAt, filter.from) : undefined,
    filter.to ? lt(ledgerEntries.occurredAt, filter.to) : undefined,
  );
  const rows = await db
    .select({
      entry: ledgerEntries,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      cardBrand: memberPaymentMethods.cardBrand,
      cardLastFour: memberPaymentMethods.cardLastFour,
      recordedByName: recorder.name,
      refunded: sql<string>`case when ledger_entries.kind = 'charge' then (
          select fitbase_amount_text(coalesce(-sum(r.amount), 0)) from ledger_entries r
          where r.organization_id = ledger_entries.organization_id
            and r.corrects_id = ledger_entries.id and r.kind = 'refund') else '0.00' end`,
      isOpenDue: openDueCondition().mapWith(Boolean),
      receiptKind: receipts.kind,
      receiptNumber: receipts.number,
      payerFirstName: payer.firstName,
      payerLastName: payer.lastName,
    })
    .from(ledgerEntries)
    .leftJoin(
      members,
      and(
        eq(members.organizationId, ledgerEntries.organizationId),
        eq(members.id, ledgerEntries.memberId),
      ),
    )
    .leftJoin(memberPaymentMethods, eq(memberPaymentMethods.id, ledgerEntries.paymentMethodId))
    .leftJoin(recorder, eq(recorder.id, ledgerEntries.recordedBy))
    .leftJoin(
      payer,
      and(
        eq(payer.organizationId, ledgerEntries.organizationId),
        eq(payer.id, ledgerEntries.payerMemberId),
      ),
    )
    .leftJoin(
      receipts,
      and(
        eq(receipts.organizationId, ledgerEntries.organizationId),
        eq(receipts.ledgerEntryId, receiptEntryOf),
      ),
    )
    .where(where)
    .orderBy(desc(ledgerEntries.occurredAt), desc(ledgerEntries.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(where);
  return { rows, total: total?.n ?? 0 };
}
export type LedgerListRow = Awaited<ReturnType<typeof listEntries>>['rows'][number];

/**
 * The revenue spans in the studio's zone, computed like the dashboards' comparison spans
 * (dashboard.queries.ts findOrganizationPlan): the calendar month around `now`, and the previous
 * month from its 1st for as long as this month has run (wall-clock), never past its end.
 */
export async function revenueSpans(db: Db | Tx, organizationId: string, now: Date) {
  const tz = organizations.timezone;
  const nowLocal = sql`(${now.toISOString()}::timestamptz at time zone ${tz})`;
  const month = sql`date_trunc('month', ${nowLocal})`;
  const previous = sql`(${month} - interval '1 month')`;
  const instant = (local: SQL) =>
    sql<Date>`(${local}) at time zone ${tz}`.mapWith(organizations.createdAt);
  const [row] = await db
    .select({
      timeZone: organizations.timezone,
      createdAt: organizations.createdAt,
      month: sql<string>`to_char(${nowLocal}, 'YYYY-MM')`,
      currentStart: instant(month),
      currentEnd: instant(sql`${month} + interval '1 month'`),
      previousStart: instant(previous),
      previousEnd: instant(sql`least(${previous} + (${nowLocal} - ${month}), ${month})`),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}
