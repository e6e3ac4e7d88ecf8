import { nextBillingDate } from '@fitbase/domain/membership-rules';
import { addDays, localDateOf } from '@fitbase/domain/recurrence';
import { formatDay, formatMoney } from '@fitbase/domain/studio-format';
import type { z } from 'zod';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Deps } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { notifyStaff } from '../notifications/notifications.service.ts';
import * as billing from './billing.queries.ts';
import { paymentEmailJob, type paymentEmailJobSchema } from './payments.jobs.ts';
import { paymentFailedMail } from './payments.mail.ts';
import { brandedStudio } from '../../lib/email-content.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { saleTax, taxedCharge } from '../tax/tax.service.ts';
import * as queries from './payments.queries.ts';
import { cardExpired, failureText, notifyMoney, providerCard } from './payments.service.ts';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import type { ProviderChargeResult } from './providers/payment-provider.ts';
import { providerForMethod } from './providers/provider-registry.ts';

/**
 * The billing run (docs/product/money-and-store.md#billing): charges every recurring membership
 * due on its studio's own date, exactly once, with a 3-phase charge so a crash between the
 * processor's answer and the ledger never charges twice:
 *   1. claim due memberships (FOR UPDATE SKIP LOCKED) and commit a 'pending' ledger row whose
 *      idempotency key names the membership, period and attempt;
 *   2. ask the processor with that key (its memory commits on its own, like a remote one);
 *   3. settle the row (paid | failed) and move the membership on, in one transaction.
 * A run first re-drives pending rows a previous run left: the processor answers the same key
 * with its first answer, so the re-run finishes the charge instead of repeating it.
 * What a charge does to the membership is the memberships module's rule: the billing run is a use
 * case (use-cases/billing-run.ts) that hands those rules in (`MembershipBilling`), since
 * memberships sits above payments (it sells through it).
 */

const BATCH = 200;

export interface BillingRunOptions {
  /** Only this studio (tests, the benchmark). */
  organizationId?: string;
  batchSize?: number;
  /** Concurrent batches (default: 3 on PostgreSQL, 1 on PGlite). */
  lanes?: number;
  /** Fault injection for the crash tests: called after the processor answered, before phase 3. */
  afterProviderAnswered?: () => void;
  /**
   * Record the charges at `now` instead of the database's clock when they settle: the demo's
   * history runs the billing of past days (src/demo).
   */
  recordAtNow?: boolean;
}

export interface BillingRunStats {
  paid: number;
  failed: number;
  redriven: number;
}

type Pending = queries.LedgerRow;

/** The memberships module's rules for a period's charge, in the charge's transaction. */
export interface MembershipBilling {
  /** A period was paid: the next billing date moves one interval on, retries reset. */
  advanceBillingPeriod(
    tx: Tx,
    unit: UnitOfWork,
    organizationId: string,
    membershipId: string,
  ): Promise<void>;
  /** A period's charge failed on `failedOn`: the retry schedule, or past due. */
  recordBillingFailure(
    tx: Tx,
    unit: UnitOfWork,
    organizationId: string,
    membershipId: string,
    failedOn: string,
  ): Promise<{ pastDue: boolean; nextRetryDate: string | null }>;
}

/** The crash test's fault point: FITBASE_BILLING_FAULT=kill-after-provider kills this process. */
function injectedFault(options: BillingRunOptions) {
  options.afterProviderAnswered?.();
  if (process.env.FITBASE_BILLING_FAULT === 'kill-after-provider') {
    process.kill(process.pid, 'SIGKILL');
  }
}

/** The billing run's charges, with `memberships`' rules (the use case's runBilling). */
export async function chargeDueMemberships(
  deps: Pick<Deps, 'database'>,
  now: Date,
  memberships: MembershipBilling,
  options: BillingRunOptions = {},
): Promise<BillingRunStats> {
  const db = deps.database.db;
  const stats: BillingRunStats = { paid: 0, failed: 0, redriven: 0 };
  const stranded = options.organizationId
    ? [options.organizationId]
    : await billing.organizationsWithPendingCharges(db);
  for (const organizationId of stranded) {
    await redrivePending(db, organizationId, now, memberships, stats, options);
  }
  const bound = addDays(localDateOf(now, 'UTC'), 1);
  const due = options.organizationId
    ? [options.organizationId]
    : await billing.organizationsWithDueMemberships(db, bound);
  for (const organizationId of due) {
    await billOrganization(deps.database, organizationId, now, memberships, stats, options);
  }
  return stats;
}

async function studioToday(db: Db, organizationId: string, now: Date) {
  const org = await runInStudio(db, organizationId, (tx) =>
    billing.organizationForBilling(tx, organizationId),
  );
  return org ? localDateOf(now, org.timezone) : null;
}

async function redrivePending(
  db: Db,
  organizationId: string,
  now: Date,
  memberships: MembershipBilling,
  stats: BillingRunStats,
  options: BillingRunOptions,
) {
  const today = await studioToday(db, organizationId, now);
  if (!today) return;
  const size = options.batchSize ?? BATCH;
  for (;;) {
    const rows = await runInStudio(db, organizationId, (tx) =>
      billing.pendingBillingCharges(tx, organizationId, size),
    );
    if (rows.length === 0) return;
    const settled = await driveCharges(
      db,
      organizationId,
      today,
      rows,
      memberships,
      stats,
      options,
      now,
    );
    stats.redriven += rows.length;
    // Another runner holds the rest: they are its to finish.
    if (settled === 0 || rows.length < size) return;
  }
}

async function billOrganization(
  database: Pick<Deps['database'], 'db' | 'kind'>,
  organizationId: string,
  now: Date,
  memberships: MembershipBilling,
  stats: BillingRunStats,
  options: BillingRunOptions,
) {
  const db = database.db;
  const today = await studioToday(db, organizationId, now);
  if (!today) return;
  // PostgreSQL: a few lanes on their own connections hide round trips; each lane claims its own
  // payers' dues (a household stays in one lane), and SKIP LOCKED and the pending-key check keep
  // claims disjoint from another runner's. PGlite is one connection: one lane.
  const lanes = options.lanes ?? (database.kind === 'postgres' ? 3 : 1);
  const lane = async (_: unknown, index: number) => {
    let cursor: string | null = null;
    for (;;) {
      const claimed: { pending: Pending[]; last: string | null } = await runInStudio(
        db,
        organizationId,
        (tx, unit) =>
          claimBatch(
            tx,
            unit,
            organizationId,
            today,
            cursor,
            options.batchSize ?? BATCH,
            { index, count: lanes },
            memberships,
            stats,
            options.recordAtNow ? now : undefined,
          ),
      );
      if (claimed.last === null) return;
      cursor = claimed.last;
      if (claimed.pending.length > 0) {
        await driveCharges(
          db,
          organizationId,
          today,
          claimed.pending,
          memberships,
          stats,
          options,
          now,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** Phase 1: the pending rows, committed before any processor is asked. */
async function claimBatch(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  today: string,
  cursor: string | null,
  limit: number,
  lane: billing.Lane,
  memberships: MembershipBilling,
  stats: BillingRunStats,
  occurredAt: Date | undefined,
): Promise<{ pending: Pending[]; last: string | null }> {
  const { rows: due, last } = await billing.claimDueMemberships(
    tx,
    organizationId,
    today,
    cursor,
    limit,
    lane,
  );
  if (last === null) return { pending: [], last: null };
  // Each period is taxed at its plan's rate as it is now (docs/product/money-and-store.md#tax):
  // one read per batch, none for a studio whose plans are untaxed.
  const rateIds = [...new Set(due.map((m) => m.taxRateId).filter((id) => id !== null))];
  const tax = rateIds.length > 0 ? await saleTax(tx, organizationId, rateIds) : null;
  const values: queries.LedgerValues[] = [];
  for (const m of due) {
    const period = m.nextBillingDate!;
    const attempt = m.failedAttempts + 1;
    const card = m.card;
    const unusable = !card ? 'no_payment_method' : cardExpired(card) ? 'card_expired' : null;
    values.push({
      organizationId,
      kind: 'charge',
      purpose: 'plan',
      status: unusable ? 'failed' : 'pending',
      ...(tax ? taxedCharge(tax, m.price, m.taxRateId) : { amount: m.price }),
      description: `${m.planName}, period from ${period}`,
      memberId: m.memberId,
      membershipId: m.id,
      dueKey: `membership:${m.id}:${period}`,
      attempt,
      idempotencyKey: `billing:${m.id}:${period}:${attempt}`,
      method: 'card',
      provider: 'demo',
      paymentMethodId: card?.id ?? null,
      failureCode: unusable,
      failureMessage:
        unusable === 'no_payment_method'
          ? 'No card on file. Add a card on the member profile, or take cash and retry.'
          : unusable === 'card_expired'
            ? `The card ending ${card!.cardLastFour} has expired. Ask the member to update their card.`
            : null,
      occurredAt,
    });
  }
  groupByPayer(due, values);
  const inserted = await billing.insertCharges(tx, values);
  // A key already there belongs to another runner (it drives it) or to a crashed run (the
  // re-drive at the start of the next run finishes it): either way not this batch's.
  const pending = inserted.filter((r) => r.status === 'pending');
  const failedNow = inserted.filter((r) => r.status === 'failed');
  for (const row of failedNow)
    await settleFailure(tx, unit, organizationId, today, row, memberships);
  stats.failed += failedNow.length;
  notifyMoney(
    unit,
    organizationId,
    failedNow.map((r) => r.id),
  );
  return { pending, last };
}

/**
 * Households (docs/product/members.md#households): each row names the payer whose card it goes
 * to, and a payer's chargeable rows of one claim (their own and their household's) form one
 * payment group, charged once on that card; each row stays its membership's own ledger line.
 */
function groupByPayer(due: billing.DueMembership[], values: queries.LedgerValues[]) {
  const byPayer = new Map<string, queries.LedgerValues[]>();
  due.forEach((m, index) => {
    const row = values[index]!;
    row.payerMemberId = m.payerMemberId;
    if (!m.householdPayerId || row.status !== 'pending') return;
    byPayer.set(m.householdPayerId, [...(byPayer.get(m.householdPayerId) ?? []), row]);
  });
  for (const rows of byPayer.values()) {
    if (rows.length < 2) continue;
    // Unique as its first row's key is; the processor sees it as the group's one charge key.
    const group = `household:${rows[0]!.idempotencyKey}`;
    for (const row of rows) row.paymentGroup = group;
  }
}

/** What one processor charge asks for: a row alone, or a payment group's rows together. */
function chargeOf(rows: Pending[], row: Pending) {
  if (!row.paymentGroup) return { key: row.idempotencyKey, amount: row.amount, rows: [row] };
  const group = rows.filter((r) => r.paymentGroup === row.paymentGroup);
  const mills = group.reduce((sum, r) => sum + toMills(r.amount), 0);
  return { key: row.paymentGroup, amount: formatMills(mills), rows: group };
}

/** Phases 2 and 3 for committed pending rows; answers how many this runner settled. */
async function driveCharges(
  db: Db,
  organizationId: string,
  today: string,
  rows: Pending[],
  memberships: MembershipBilling,
  stats: BillingRunStats,
  options: BillingRunOptions,
  now: Date,
): Promise<number> {
  const provider = providerForMethod('card');
  const answers = await runInStudio(db, organizationId, async (tx) => {
    const cards = new Map(
      (
        await billing.cardsByIds(
          tx,
          organizationId,
          rows.flatMap((r) => (r.paymentMethodId ? [r.paymentMethodId] : [])),
        )
      ).map((c) => [c.id, c]),
    );
    const out: ProviderChargeResult[] = [];
    // A payment group's rows share one answer: the processor is asked once, for their sum.
    const asked = new Map<string, ProviderChargeResult>();
    for (const row of rows) {
      const card = row.paymentMethodId ? cards.get(row.paymentMethodId) : undefined;
      const charge = chargeOf(rows, row);
      const answer =
        asked.get(charge.key) ??
        (await provider.charge(tx, {
          idempotencyKey: charge.key,
          amount: charge.amount,
          card: card ? providerCard(card) : null,
          description:
            charge.rows.length > 1
              ? `Household: ${charge.rows.map((r) => r.description).join('; ')}`
              : row.description,
          organizationId,
        }));
      asked.set(charge.key, answer);
      out.push(answer);
    }
    return { out, cards };
  });
  injectedFault(options);
  return runInStudio(db, organizationId, async (tx, unit) => {
    const outcomes = rows.map((row, index) => {
      const answer = answers.out[index]!;
      const failureCode = answer.approved ? null : (answer.failureCode ?? 'card_declined');
      const lastFour = row.paymentMethodId
        ? (answers.cards.get(row.paymentMethodId)?.cardLastFour ?? null)
        : null;
      return {
        id: row.id,
        status: failureCode ? ('failed' as const) : ('paid' as const),
        providerReference: answer.reference,
        failureCode,
        failureMessage: failureCode ? failureText(failureCode, lastFour) : null,
      };
    });
    // Only rows still pending settle: one a concurrent runner settled first is its work.
    const settled = await billing.settleCharges(
      tx,
      organizationId,
      outcomes,
      options.recordAtNow ? now : undefined,
    );
    const locked = await billing.lockMembershipsForDues(
      tx,
      organizationId,
      settled.flatMap((r) => (r.membershipId ? [r.membershipId] : [])),
    );
    const moves: Array<{ id: string; nextBillingDate: string }> = [];
    const failures: Failure[] = [];
    for (const row of settled) {
      if (row.status === 'failed') {
        stats.failed += 1;
        const outcome = await settleFailure(tx, unit, organizationId, today, row, memberships);
        if (outcome) failures.push({ row, ...outcome });
        continue;
      }
      stats.paid += 1;
      const m = row.membershipId ? locked.get(row.membershipId) : undefined;
      if (!m || !dueIsCurrent(row, m)) continue;
      if (
        m.status === 'active' &&
        m.failedAttempts === 0 &&
        m.billingInterval &&
        m.nextBillingDate
      ) {
        // The common renewal: only the next billing date moves (the one date rule of
        // membership-rules); the member's derived status, plan and dates do not depend on it,
        // so the rows of a batch move in one statement.
        moves.push({
          id: m.id,
          nextBillingDate: nextBillingDate(m.nextBillingDate, m.billingInterval, m.startDate),
        });
      } else {
        // Back from retries or past due: the memberships module's full rule (status, member).
        await memberships.advanceBillingPeriod(tx, unit, organizationId, m.id);
      }
    }
    await billing.moveBillingDates(tx, organizationId, moves);
    await queueFailureEmails(unit, organizationId, failures);
    notifyMoney(unit, organizationId, [...settled.map((r) => r.id), ...moves.map((m) => m.id)]);
    return settled.length;
  });
}

type Failure = { row: Pending; pastDue: boolean; nextRetryDate: string | null };

/**
 * One failed-payment email per declined processor charge: a member's own, or a household's one
 * charge on its payer's card, listing each membership it covered (ADR 0042), not one per line.
 */
async function queueFailureEmails(unit: UnitOfWork, organizationId: string, failures: Failure[]) {
  const charges = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = f.row.paymentGroup ?? f.row.id;
    charges.set(key, [...(charges.get(key) ?? []), f]);
  }
  for (const group of charges.values()) {
    const first = group[0]!;
    await enqueueJob(unit, paymentEmailJob, {
      organizationId,
      entryId: first.row.id,
      pastDue: first.pastDue,
      nextRetryDate: first.nextRetryDate,
      ...(group.length > 1
        ? {
            group: group.map((f) => ({
              entryId: f.row.id,
              pastDue: f.pastDue,
              nextRetryDate: f.nextRetryDate,
            })),
          }
        : {}),
    });
  }
}

/** The period's attempt failed: the retry schedule (or past due); staff hear of it here. */
async function settleFailure(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  today: string,
  row: Pending,
  memberships: MembershipBilling,
) {
  if (!row.membershipId) return null;
  const outcome = await memberships.recordBillingFailure(
    tx,
    unit,
    organizationId,
    row.membershipId,
    today,
  );
  // Staff hear of it too (notifications): owners and admins, by bell and/or email.
  const member = row.memberId
    ? await billing.memberForMail(tx, organizationId, row.memberId)
    : null;
  // The amount and the retry day as the studio writes them (ADR 0038): "89,00 €", "05.12.2026".
  const format = await studioFormat(tx, organizationId);
  const next = outcome.pastDue
    ? 'The membership is now past due.'
    : outcome.nextRetryDate
      ? `Next try on ${formatDay(outcome.nextRetryDate, format)}.`
      : '';
  await notifyStaff(tx, unit, {
    organizationId,
    event: 'payment_failed',
    title: `Payment failed: ${member ? `${member.firstName} ${member.lastName}` : 'a member'}`,
    body: `${formatMoney(row.amount, format)} for ${row.description}. ${next}`.trim(),
    link: row.memberId ? `/member/${row.memberId}/payment` : null,
  });
  return { pastDue: outcome.pastDue, nextRetryDate: outcome.nextRetryDate };
}

/**
 * A membership period's due was paid or written off (billing, Retry, Write Off): the membership
 * moves to its next period (memberships' rule, handed in), unless it already moved on (an older
 * period's due).
 */
export async function settleMembershipDue(
  tx: Db | Tx,
  unit: UnitOfWork,
  organizationId: string,
  due: Pick<Pending, 'membershipId' | 'dueKey'>,
  memberships: Pick<MembershipBilling, 'advanceBillingPeriod'>,
) {
  if (!due.membershipId) return;
  const membership = await billing.findMembershipForDue(tx, organizationId, due.membershipId);
  if (membership && dueIsCurrent(due, membership)) {
    await memberships.advanceBillingPeriod(tx as Tx, unit, organizationId, due.membershipId);
  }
}

/** The due is the membership's current period (not an older one it already moved past). */
function dueIsCurrent(
  due: Pick<Pending, 'dueKey'>,
  membership: { status: string; nextBillingDate: string | null; id: string },
) {
  if (!due.dueKey?.startsWith(`membership:${membership.id}:`)) return false;
  if (membership.status !== 'active' && membership.status !== 'past_due') return false;
  return due.dueKey.split(':')[2] === membership.nextBillingDate;
}

/**
 * The `payments.email` job: tells the member their payment failed and what happens next; for a
 * household's charge, its payer, once, with each membership it covered.
 */
export async function sendPaymentEmail(
  deps: Deps,
  job: z.output<typeof paymentEmailJobSchema>,
): Promise<void> {
  const log = deps.logger.child({ job: 'payments.email', entryId: job.entryId });
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const entry = await queries.findEntry(tx, job.organizationId, job.entryId);
    const org = await billing.organizationForBilling(tx, job.organizationId);
    if (!entry?.memberId || !org) return null;
    // A household's charge failed on its payer's card: the payer hears of it.
    const member = await billing.memberForMail(
      tx,
      job.organizationId,
      entry.payerMemberId ?? entry.memberId,
    );
    if (!member?.email?.trim()) return undefined;
    const card = entry.paymentMethodId
      ? (await billing.cardsByIds(tx, job.organizationId, [entry.paymentMethodId]))[0]
      : undefined;
    const covered = [];
    for (const line of job.group ?? []) {
      const row = await queries.findEntry(tx, job.organizationId, line.entryId);
      if (!row) continue;
      const whose = row.memberId
        ? await billing.memberForMail(tx, job.organizationId, row.memberId)
        : null;
      covered.push({
        member: whose ? `${whose.firstName} ${whose.lastName}` : null,
        amount: row.amount,
        description: row.description,
        pastDue: line.pastDue,
        nextRetryDate: line.nextRetryDate,
      });
    }
    return paymentFailedMail({
      to: member.email,
      firstName: member.firstName,
      studio: brandedStudio(await studioSender(tx, job.organizationId), deps.config.appUrl),
      amount: entry.amount,
      description: entry.description,
      failureCode: entry.failureCode,
      cardLastFour: card?.cardLastFour ?? null,
      nextRetryDate: job.nextRetryDate,
      pastDue: job.pastDue,
      covered: covered.length > 1 ? covered : undefined,
    });
  });
  if (message === null) return void log.info('Payment email skipped: the payment is gone');
  if (message === undefined) return void log.info('Payment email skipped: member has no email');
  await deps.mailer.send(message);
}
