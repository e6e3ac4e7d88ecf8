import type {
  LedgerEntry,
  PaymentPage,
  paymentListQuery,
  paymentRecordSchema,
  RevenueSummary,
} from '@fitbase/domain/contracts/payments';
import type { PaymentMethodKind } from '@fitbase/domain/money-constants';
import { documentNumber } from '@fitbase/domain/receipts';
import { addDays, zonedInstant } from '@fitbase/domain/recurrence';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { getMember } from '../members/members.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import { settleMembershipDue, type MembershipBilling } from './billing.service.ts';
import * as queries from './payments.queries.ts';
import {
  cardLabel,
  chargeInTransaction,
  failureText,
  monthlyRevenue,
  notifyMoney,
  paymentFailedError,
  providerCard,
  refundCharge,
  resolveCard,
} from './payments.service.ts';
import { providerForMethod } from './providers/provider-registry.ts';

/** The routes' side of the ledger (docs/product/money-and-store.md#ledger). */

export function serializeEntry(row: queries.LedgerListRow): LedgerEntry {
  const e = row.entry;
  return {
    id: e.id,
    kind: e.kind,
    purpose: e.purpose,
    status: e.status,
    amount: e.amount,
    refundedAmount: row.refunded,
    description: e.description,
    member:
      e.memberId && row.memberFirstName !== null
        ? { id: e.memberId, name: `${row.memberFirstName} ${row.memberLastName ?? ''}`.trim() }
        : null,
    membershipId: e.membershipId,
    orderId: e.orderId,
    correctsId: e.correctsId,
    attempt: e.attempt,
    method: e.method,
    provider: e.provider,
    paymentMethodLabel:
      row.cardBrand && row.cardLastFour
        ? cardLabel({ cardBrand: row.cardBrand, cardLastFour: row.cardLastFour })
        : null,
    failureCode: e.failureCode,
    failureMessage: e.failureMessage,
    reason: e.reason,
    recordedByName: row.recordedByName,
    occurredAt: e.occurredAt.toISOString(),
    isOpenDue: row.isOpenDue,
    receiptNumber:
      row.receiptKind && row.receiptNumber !== null
        ? documentNumber(row.receiptKind, row.receiptNumber)
        : null,
    paidBy:
      e.payerMemberId && row.payerFirstName !== null
        ? { id: e.payerMemberId, name: `${row.payerFirstName} ${row.payerLastName ?? ''}`.trim() }
        : null,
  };
}

async function entryById(scope: StudioScope, id: string): Promise<LedgerEntry> {
  const { rows } = await queries.listEntries(
    scope.db,
    scope.organizationId,
    { id },
    { page: 1, pageSize: 1 },
  );
  if (!rows[0]) throw notFound('Payment');
  return serializeEntry(rows[0]);
}

type ListQuery = z.output<typeof paymentListQuery>;

/** The ledger, newest first; from/to are the studio's calendar days (inclusive). */
export async function listPayments(scope: StudioScope, query: ListQuery): Promise<PaymentPage> {
  if (query.from && query.to && query.to < query.from) {
    throw new AppError('validation_error', 'The end date must be on or after the start date', {
      to: 'The end date must be on or after the start date',
    });
  }
  const timeZone =
    query.from || query.to ? await getOrganizationTimeZone(scope.db, scope.organizationId) : 'UTC';
  const { rows, total } = await queries.listEntries(
    scope.db,
    scope.organizationId,
    {
      memberId: query.memberId,
      status: query.status,
      kind: query.kind,
      from: query.from ? zonedInstant(query.from, '00:00', timeZone) : undefined,
      to: query.to ? zonedInstant(addDays(query.to, 1), '00:00', timeZone) : undefined,
    },
    { page: query.page, pageSize: query.pageSize },
  );
  return {
    entries: rows.map(serializeEntry),
    pageInfo: { page: query.page, pageSize: query.pageSize, total },
  };
}

export async function listMemberPayments(
  scope: StudioScope,
  memberId: string,
  page: { page: number; pageSize: number },
): Promise<PaymentPage> {
  // Another studio's member answers exactly like a missing one.
  await getMember(scope, memberId);
  return listPayments(scope, { memberId, ...page });
}

type RecordInput = z.output<typeof paymentRecordSchema>;

/**
 * Staff take a payment: cash/other is recorded as paid; card charges the card on file. A
 * declined card is on record (the transaction commits) and answers with `error`.
 */
export async function recordPayment(
  scope: StudioScope,
  input: RecordInput,
): Promise<{ entry: LedgerEntry; error: AppError | null }> {
  await getMember(scope, input.memberId);
  const result = await chargeInTransaction(scope.db, scope, {
    memberId: input.memberId,
    amount: input.amount,
    purpose: 'fee',
    description: input.description,
    method: input.method,
    paymentMethodId: input.paymentMethodId,
  });
  const entry = await entryById(scope, result.entryId);
  return { entry, error: result.status === 'failed' ? paymentFailedError(result) : null };
}

async function openDue(scope: StudioScope, id: string) {
  const due = await queries.findEntry(scope.db, scope.organizationId, id, true);
  if (!due) throw notFound('Payment');
  if (!(await queries.isOpenDue(scope.db, scope.organizationId, id))) {
    throw new AppError(
      'conflict',
      'This payment is not owed any more: it was paid, retried or written off. Refresh to see it.',
    );
  }
  return due;
}

/**
 * Collect an open due now: a failed attempt gets a new attempt (the member's card unless staff
 * took cash); a due recorded for later is settled in place. A membership period collected this
 * way moves the membership on like the billing run would (`memberships`' rule: the use case
 * use-cases/payment-dues.ts hands it in).
 */
export async function retryPayment(
  scope: StudioScope,
  id: string,
  input: { method?: PaymentMethodKind; paymentMethodId?: string },
  memberships: Pick<MembershipBilling, 'advanceBillingPeriod'>,
  /** When it is collected; default the database's clock (the demo's history passes past ones). */
  now?: Date,
): Promise<{ entry: LedgerEntry; error: AppError | null }> {
  const due = await openDue(scope, id);
  const method = input.method ?? 'card';
  let entryId: string;
  let failed: AppError | null = null;
  if (due.status === 'pending') {
    const card =
      method === 'card'
        ? await resolveCard(scope.db, scope.organizationId, due.memberId, input.paymentMethodId)
        : null;
    const provider = providerForMethod(method);
    const answer = await provider.charge(scope.db, {
      idempotencyKey: due.idempotencyKey,
      amount: due.amount,
      card: card ? providerCard(card) : null,
      description: due.description,
      organizationId: scope.organizationId,
    });
    const failureCode = answer.approved ? null : (answer.failureCode ?? 'card_declined');
    const failureMessage = failureCode
      ? failureText(failureCode, card?.cardLastFour ?? null)
      : null;
    const settled = await queries.settleEntry(
      scope.db,
      scope.organizationId,
      due.id,
      {
        status: failureCode ? 'failed' : 'paid',
        method,
        provider: provider.name,
        paymentMethodId: card?.id ?? null,
        providerReference: answer.reference,
        failureCode,
        failureMessage,
        recordedBy: scope.userId,
      },
      now,
    );
    if (!settled) throw new Error('An open due was settled twice under its lock');
    entryId = settled.id;
    if (failureCode) failed = new AppError(failureCode, failureMessage ?? '');
    notifyMoney(scope.work, scope.organizationId, [due.id]);
  } else {
    const result = await chargeInTransaction(scope.db, scope, {
      memberId: due.memberId,
      amount: due.amount,
      // The due's own tax lines: it is the same sale, taken again.
      taxLines: due.taxLines,
      purpose: due.purpose,
      description: due.description,
      method,
      paymentMethodId: input.paymentMethodId,
      membershipId: due.membershipId ?? undefined,
      orderId: due.orderId ?? undefined,
      bookingId: due.bookingId ?? undefined,
      dueKey: due.dueKey ?? undefined,
      occurredAt: now,
    });
    entryId = result.entryId;
    if (result.status === 'failed') failed = paymentFailedError(result);
  }
  if (!failed)
    await settleMembershipDue(scope.db, scope.work, scope.organizationId, due, memberships);
  return { entry: await entryById(scope, entryId), error: failed };
}

/** Forgive an open due: a write-off row; a membership period written off counts as settled. */
export async function writeOffPayment(
  scope: StudioScope,
  id: string,
  reason: string,
  memberships: Pick<MembershipBilling, 'advanceBillingPeriod'>,
  /** When it is written off; default the database's clock. */
  now?: Date,
): Promise<LedgerEntry> {
  const due = await openDue(scope, id);
  const row = await queries.insertEntry(scope.db, {
    organizationId: scope.organizationId,
    kind: 'write_off',
    purpose: due.purpose,
    status: 'paid',
    amount: due.amount,
    description: `Written off: ${due.description}`,
    memberId: due.memberId,
    membershipId: due.membershipId,
    orderId: due.orderId,
    bookingId: due.bookingId,
    correctsId: due.id,
    dueKey: due.dueKey,
    idempotencyKey: `write-off:${due.id}`,
    method: 'other',
    provider: 'manual',
    recordedBy: scope.userId,
    reason,
    occurredAt: now,
  });
  await settleMembershipDue(scope.db, scope.work, scope.organizationId, due, memberships);
  notifyMoney(scope.work, scope.organizationId, [row.id, due.id]);
  return entryById(scope, row.id);
}

/** Refund (part of) a paid charge; answers the new refund row. */
export async function refundPayment(
  scope: StudioScope,
  chargeId: string,
  input: { amount?: string; reason: string },
): Promise<LedgerEntry> {
  const charge = await queries.findEntry(scope.db, scope.organizationId, chargeId);
  if (charge?.orderId) {
    throw new AppError(
      'conflict',
      'Refund this payment from its order, so the order and its stock stay right.',
    );
  }
  const { entryId } = await refundCharge(scope.db, scope, { chargeId, ...input });
  return entryById(scope, entryId);
}

export async function revenueSummary(scope: StudioScope): Promise<RevenueSummary> {
  return monthlyRevenue(scope.db, scope.organizationId);
}
