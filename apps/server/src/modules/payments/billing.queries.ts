import { and, asc, eq, gt, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { householdMembers, households } from '../../db/schema/households.ts';
import { memberPaymentMethods, members } from '../../db/schema/members.ts';
import { ledgerEntries, memberships, plans } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { z } from 'zod';
import { rows } from '../../db/rows.ts';
import { memberMailTo } from '../../db/member-mail-to.ts';

/**
 * The billing run's reads of memberships (docs/product/money-and-store.md#billing). Claims lock
 * the rows they return (FOR UPDATE SKIP LOCKED): two runners split the due memberships between
 * them instead of charging one twice; the ledger's unique idempotency key is the second guard.
 */

/**
 * Not already in flight: no ledger row yet for this attempt's key (another runner's pending row,
 * or a crashed run's that the re-drive finishes).
 */
const notInFlight = sql`not exists (select 1 from ledger_entries le
  where le.organization_id = ${memberships.organizationId}
    and le.idempotency_key = 'billing:' || ${memberships.id} || ':' || ${memberships.nextBillingDate}
      || ':' || (${memberships.failedAttempts} + 1))`;

// The claim leaves `notInFlight` to the second statement: in the claim it was evaluated for every
// due row before the sort and limit (1 s a batch at 5,000 members, growing with the studio).
const dueWhere = (organizationId: string, today: string) =>
  and(
    eq(memberships.organizationId, organizationId),
    eq(memberships.status, 'active'),
    eq(memberships.cancelAtPeriodEnd, false),
    sql`${memberships.nextBillingDate} is not null`,
    sql`(${memberships.endDate} is null or ${memberships.nextBillingDate} <= ${memberships.endDate})`,
    or(
      and(eq(memberships.failedAttempts, 0), lte(memberships.nextBillingDate, today)),
      and(gt(memberships.failedAttempts, 0), lte(memberships.nextRetryDate, today)),
    ),
  );

/** Studios with a membership that may be due by `bound` (every zone's today is ≤ UTC's + 1 day). */
export async function organizationsWithDueMemberships(db: Db, bound: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: memberships.organizationId })
    .from(memberships)
    .where(
      and(
        eq(memberships.status, 'active'),
        eq(memberships.cancelAtPeriodEnd, false),
        or(
          and(eq(memberships.failedAttempts, 0), lte(memberships.nextBillingDate, bound)),
          and(gt(memberships.failedAttempts, 0), lte(memberships.nextRetryDate, bound)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** Studios with a billing charge left pending by a run that stopped midway. */
export async function organizationsWithPendingCharges(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: ledgerEntries.organizationId })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.status, 'pending'),
        eq(ledgerEntries.provider, 'demo'),
        sql`${ledgerEntries.idempotencyKey} like 'billing:%'`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function organizationForBilling(db: Db | Tx, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}

/** One of a run's concurrent lanes: `index` of `count`. */
export interface Lane {
  index: number;
  count: number;
}

/**
 * A lane's share of the due memberships: those whose payer (the household's, else the member
 * themself) hashes to it. A household's dues all fall to one lane, so concurrent lanes never
 * split a payer's one charge in two (docs/product/money-and-store.md#households).
 */
function laneWhere({ index, count }: Lane) {
  if (count <= 1) return undefined;
  const payer = sql`(select h.payer_member_id from household_members hm
    join households h on h.organization_id = hm.organization_id and h.id = hm.household_id
    where hm.organization_id = ${memberships.organizationId} and hm.member_id = ${memberships.memberId})`;
  return sql`(hashtext(coalesce(${payer}, ${memberships.memberId})::text) & 2147483647) % ${count} = ${index}`;
}

/**
 * The next due memberships after `afterId`, locked (two steps: the lock takes only the
 * memberships' own rows, found by their index; the details of those few follow).
 */
export async function claimDueMemberships(
  tx: Tx,
  organizationId: string,
  today: string,
  afterId: string | null,
  limit: number,
  lane: Lane = { index: 0, count: 1 },
) {
  const claimed = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        dueWhere(organizationId, today),
        afterId ? gt(memberships.id, afterId) : undefined,
        laneWhere(lane),
      ),
    )
    .orderBy(asc(memberships.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (claimed.length === 0) return { rows: [], last: null };
  const rows = await dueDetails(
    tx,
    organizationId,
    claimed.map((c) => c.id),
  );
  // A household's payer is charged once for all its due memberships (docs/product/members.md#households):
  // the payer's other dues join this batch wherever their ids fall, unless another runner holds them.
  const payers = [
    ...new Set(rows.flatMap((r) => (r.householdPayerId ? [r.householdPayerId] : []))),
  ];
  if (payers.length > 0) {
    const more = await claimHouseholdDues(tx, organizationId, today, payers, claimed);
    if (more.length > 0) rows.push(...(await dueDetails(tx, organizationId, more)));
  }
  return { rows, last: claimed[claimed.length - 1]!.id };
}

/** The other due memberships of these payers' households, locked (SKIP LOCKED like the claim). */
async function claimHouseholdDues(
  tx: Tx,
  organizationId: string,
  today: string,
  payers: string[],
  taken: Array<{ id: string }>,
) {
  const rows = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(
      householdMembers,
      and(
        eq(householdMembers.organizationId, memberships.organizationId),
        eq(householdMembers.memberId, memberships.memberId),
      ),
    )
    .innerJoin(
      households,
      and(
        eq(households.organizationId, householdMembers.organizationId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .where(
      and(
        dueWhere(organizationId, today),
        inArray(households.payerMemberId, payers),
        notInArray(
          memberships.id,
          taken.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(memberships.id))
    .for('update', { of: memberships, skipLocked: true });
  return rows.map((r) => r.id);
}

/**
 * The claimed memberships' details, with the card that pays: the household payer's default card,
 * else the member's. A fresh statement (a new snapshot) sees what another runner committed while
 * this one waited for its locks: a membership that runner already has in flight is left to it.
 */
async function dueDetails(tx: Tx, organizationId: string, ids: string[]) {
  return tx
    .select({
      id: memberships.id,
      memberId: memberships.memberId,
      price: memberships.price,
      nextBillingDate: memberships.nextBillingDate,
      failedAttempts: memberships.failedAttempts,
      planName: plans.name,
      /** The household payer when it is someone else (their card pays), else null. */
      payerMemberId: sql<
        string | null
      >`nullif(${households.payerMemberId}, ${memberships.memberId})`,
      /** The member's household payer, themselves included: whose one charge this due joins. */
      householdPayerId: households.payerMemberId,
      taxRateId: plans.taxRateId,
      card: {
        id: memberPaymentMethods.id,
        cardLastFour: memberPaymentMethods.cardLastFour,
        cardBrand: memberPaymentMethods.cardBrand,
        cardExpMonth: memberPaymentMethods.cardExpMonth,
        cardExpYear: memberPaymentMethods.cardExpYear,
        stripePaymentMethodId: memberPaymentMethods.stripePaymentMethodId,
      },
    })
    .from(memberships)
    .innerJoin(
      plans,
      and(eq(plans.organizationId, memberships.organizationId), eq(plans.id, memberships.planId)),
    )
    .leftJoin(
      householdMembers,
      and(
        eq(householdMembers.organizationId, memberships.organizationId),
        eq(householdMembers.memberId, memberships.memberId),
      ),
    )
    .leftJoin(
      households,
      and(
        eq(households.organizationId, householdMembers.organizationId),
        eq(households.id, householdMembers.householdId),
      ),
    )
    .leftJoin(
      memberPaymentMethods,
      and(
        eq(memberPaymentMethods.organizationId, memberships.organizationId),
        eq(
          memberPaymentMethods.memberId,
          sql`coalesce(${households.payerMemberId}, ${memberships.memberId})`,
        ),
        eq(memberPaymentMethods.isDefault, true),
        eq(memberPaymentMethods.isActive, true),
      ),
    )
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.id, ids),
        notInFlight,
      ),
    )
    .orderBy(asc(memberships.id));
}
export type DueMembership = Awaited<ReturnType<typeof claimDueMemberships>>['rows'][number];

/**
 * Billing charges left pending (a crashed or concurrent run), oldest first, with every pending row
 * of their payment groups: a household's one processor charge is re-driven whole.
 */
export async function pendingBillingCharges(tx: Db | Tx, organizationId: string, limit: number) {
  const rows = await pendingPage(tx, organizationId, limit);
  const groups = [...new Set(rows.flatMap((r) => (r.paymentGroup ? [r.paymentGroup] : [])))];
  if (groups.length === 0) return rows;
  const have = new Set(rows.map((r) => r.id));
  const rest = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        inArray(ledgerEntries.paymentGroup, groups),
        eq(ledgerEntries.status, 'pending'),
      ),
    );
  return [...rows, ...rest.filter((r) => !have.has(r.id))];
}

async function pendingPage(tx: Db | Tx, organizationId: string, limit: number) {
  return tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.status, 'pending'),
        eq(ledgerEntries.provider, 'demo'),
        sql`${ledgerEntries.idempotencyKey} like 'billing:%'`,
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    .limit(limit);
}

export async function cardsByIds(tx: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(memberPaymentMethods)
    .where(
      and(
        eq(memberPaymentMethods.organizationId, organizationId),
        inArray(memberPaymentMethods.id, ids),
      ),
    );
}

export async function findMembershipForDue(tx: Db | Tx, organizationId: string, id: string) {
  const [row] = await tx
    .select({
      id: memberships.id,
      status: memberships.status,
      nextBillingDate: memberships.nextBillingDate,
    })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)))
    .for('update');
  return row ?? null;
}

/** Who a failed-payment email goes to: the member, else their household payer (no email). */
export async function memberForMail(tx: Db | Tx, organizationId: string, id: string) {
  const [row] = await tx
    .select({
      email: memberMailTo(),
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, id)));
  return row ?? null;
}

/** Phase 1's rows, skipping keys another runner committed first. */
export async function insertCharges(tx: Tx, values: (typeof ledgerEntries.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(ledgerEntries).values(values).onConflictDoNothing().returning();
}

/**
 * Phase 3: pending rows → paid | failed in one statement; answers the rows it settled. Stamped
 * when they settle: the database's clock, or `at` (a run of a past day: the demo's history).
 */
export async function settleCharges(
  tx: Tx,
  organizationId: string,
  outcomes: Array<{
    id: string;
    status: 'paid' | 'failed';
    providerReference: string | null;
    failureCode: string | null;
    failureMessage: string | null;
  }>,
  at?: Date,
) {
  if (outcomes.length === 0) return [];
  // Locked in id order first: two runners settling overlapping rows (a re-drive beside the
  // live run) then wait for each other in one order and never deadlock.
  const locked = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        inArray(
          ledgerEntries.id,
          outcomes.map((o) => o.id),
        ),
        eq(ledgerEntries.status, 'pending'),
      ),
    )
    .orderBy(asc(ledgerEntries.id))
    .for('update');
  const stillPending = new Set(locked.map((r) => r.id));
  outcomes = outcomes.filter((o) => stillPending.has(o.id));
  if (outcomes.length === 0) return [];
  const column = <T>(get: (o: (typeof outcomes)[number]) => T) => sql.param(outcomes.map(get));
  const updated = await rows(
    tx,
    z.object({ id: z.string() }),
    sql`
    update ledger_entries le set status = v.status, provider_reference = v.reference,
      failure_code = v.failure_code, failure_message = v.failure_message,
      occurred_at = ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`}
    from unnest(${column((o) => o.id)}::uuid[], ${column((o) => o.status)}::text[],
      ${column((o) => o.providerReference)}::text[], ${column((o) => o.failureCode)}::text[],
      ${column((o) => o.failureMessage)}::text[]) as v(id, status, reference, failure_code, failure_message)
    where le.organization_id = ${organizationId} and le.id = v.id and le.status = 'pending'
    returning le.id`,
  );
  const ids = updated.map((r) => r.id);
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.organizationId, organizationId), inArray(ledgerEntries.id, ids)));
}

export interface DueMembershipState {
  id: string;
  status: string;
  nextBillingDate: string | null;
  startDate: string;
  failedAttempts: number;
  billingInterval: 'week' | 'month' | 'year' | null;
}

/** The memberships of settled dues, locked for their update. */
export async function lockMembershipsForDues(tx: Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, DueMembershipState>();
  const rows: DueMembershipState[] = await tx
    .select({
      id: memberships.id,
      status: memberships.status,
      nextBillingDate: memberships.nextBillingDate,
      startDate: memberships.startDate,
      failedAttempts: memberships.failedAttempts,
      billingInterval: plans.billingInterval,
    })
    .from(memberships)
    .innerJoin(
      plans,
      and(eq(plans.organizationId, memberships.organizationId), eq(plans.id, memberships.planId)),
    )
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.id, ids)))
    .orderBy(asc(memberships.id))
    .for('update', { of: memberships });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Paid periods of active memberships in good standing: the next billing dates, in one statement. */
export async function moveBillingDates(
  tx: Tx,
  organizationId: string,
  moves: Array<{ id: string; nextBillingDate: string }>,
) {
  if (moves.length === 0) return;
  await tx.execute(sql`
    update memberships m set next_billing_date = v.next, failed_attempts = 0,
      next_retry_date = null, updated_at = now()
    from unnest(${sql.param(moves.map((x) => x.id))}::uuid[],
      ${sql.param(moves.map((x) => x.nextBillingDate))}::date[]) as v(id, next)
    where m.organization_id = ${organizationId} and m.id = v.id`);
}
