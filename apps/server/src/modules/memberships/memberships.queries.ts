import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { ledgerEntries, membershipPauses, memberships, plans } from '../../db/schema/money.ts';
import { bookings } from '../../db/schema/schedule.ts';
// The ledger's one definition of an open due: a membership's amount due reconciles with the
// member's balance owed (payments.service balanceOwed).
import { openDueCondition } from '../../db/ledger-open-due.ts';
import { memberMailTo } from '../../db/member-mail-to.ts';

export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;
export type MembershipPatch = Partial<
  Omit<NewMembership, 'id' | 'organizationId' | 'memberId' | 'planId' | 'createdAt'>
>;

const planColumns = {
  id: plans.id,
  name: plans.name,
  kind: plans.kind,
  billingInterval: plans.billingInterval,
  weeklyClassLimit: plans.weeklyClassLimit,
  minimumTermPeriods: plans.minimumTermPeriods,
  price: plans.price,
  signupFee: plans.signupFee,
  credits: plans.credits,
  validityDays: plans.validityDays,
  isActive: plans.isActive,
};

/** What the member still owes on the membership: its open dues (the ledger's one definition). */
const amountDue = sql<string>`(
  select fitbase_amount_text(coalesce(sum(${ledgerEntries.amount}), 0)) from ${ledgerEntries}
  where ${ledgerEntries.organizationId} = ${memberships.organizationId}
    and ${ledgerEntries.membershipId} = ${memberships.id}
    and ${openDueCondition()})`;

export type MembershipWithPlan = {
  membership: MembershipRow;
  plan: {
    id: string;
    name: string;
    kind: (typeof plans.$inferSelect)['kind'];
    billingInterval: (typeof plans.$inferSelect)['billingInterval'];
    weeklyClassLimit: number | null;
    minimumTermPeriods: number | null;
    price: string;
    signupFee: string;
    credits: number | null;
    validityDays: number | null;
    isActive: boolean;
  };
};

function joined(db: Db | Tx) {
  return db
    .select({ membership: memberships, plan: planColumns })
    .from(memberships)
    .innerJoin(
      plans,
      and(eq(plans.organizationId, memberships.organizationId), eq(plans.id, memberships.planId)),
    );
}

/** The member's memberships: current ones first (by start, newest first), then the ended ones. */
export async function listMemberMemberships(db: Db | Tx, organizationId: string, memberId: string) {
  return db
    .select({ membership: memberships, plan: planColumns, amountDue })
    .from(memberships)
    .innerJoin(
      plans,
      and(eq(plans.organizationId, memberships.organizationId), eq(plans.id, memberships.planId)),
    )
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.memberId, memberId)))
    .orderBy(
      sql`case when ${memberships.status} in ('active', 'past_due', 'paused') then 0 else 1 end`,
      desc(memberships.startDate),
      desc(memberships.createdAt),
    );
}

export async function findMembership(
  db: Db | Tx,
  organizationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<MembershipWithPlan | null> {
  const query = joined(db)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: memberships }) : await query;
  return row ?? null;
}

export async function membershipAmountDue(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<string> {
  const [row] = await db
    .select({ amountDue })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)));
  return row?.amountDue ?? '0.00';
}

export async function insertMembership(tx: Db | Tx, values: NewMembership): Promise<MembershipRow> {
  const [row] = await tx.insert(memberships).values(values).returning();
  if (!row) throw new Error('insert memberships returned no row');
  return row;
}

export async function updateMembership(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  patch: MembershipPatch,
): Promise<MembershipRow> {
  const [row] = await tx
    .update(memberships)
    .set(patch)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)))
    .returning();
  if (!row) throw new Error('update memberships returned no row');
  return row;
}

/** A pause begins: kept after it ends, so reports know who was paused on a past day. */
export async function openPause(
  tx: Db | Tx,
  organizationId: string,
  membershipId: string,
  pausedOn: string,
): Promise<void> {
  await tx.insert(membershipPauses).values({ organizationId, membershipId, pausedOn });
}

/** The running pause ends: `resumedOn` is the first active day again. */
export async function closePause(
  tx: Db | Tx,
  organizationId: string,
  membershipId: string,
  resumedOn: string,
): Promise<void> {
  await tx
    .update(membershipPauses)
    .set({ resumedOn: sql`greatest(${membershipPauses.pausedOn}, ${resumedOn}::date)` })
    .where(
      and(
        eq(membershipPauses.organizationId, organizationId),
        eq(membershipPauses.membershipId, membershipId),
        sql`${membershipPauses.resumedOn} is null`,
      ),
    );
}

/** Only a sale whose payment was declined removes its membership (its failed charge stays). */
export async function deleteMembership(tx: Db | Tx, organizationId: string, id: string) {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)));
}

/** Everything the member-status rule reads, for one member. */
export async function membershipsForStatus(tx: Db | Tx, organizationId: string, memberId: string) {
  return tx
    .select({
      kind: plans.kind,
      planName: plans.name,
      status: memberships.status,
      startDate: memberships.startDate,
      endDate: memberships.endDate,
      cancelledAt: memberships.cancelledAt,
    })
    .from(memberships)
    .innerJoin(
      plans,
      and(eq(plans.organizationId, memberships.organizationId), eq(plans.id, memberships.planId)),
    )
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.memberId, memberId)));
}

/**
 * The member's memberships that could pay for a class (not add-ons), locked so two bookings
 * at once cannot both spend the last credit or the last weekly place.
 */
export async function lockBookableMemberships(
  tx: Tx,
  organizationId: string,
  memberId: string,
): Promise<MembershipWithPlan[]> {
  return (
    joined(tx)
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          // The member's own, and packs shared with their household (docs/product/members.md#households).
          sql`(${memberships.memberId} = ${memberId} or (${memberships.sharedWithHousehold}
            and ${memberships.memberId} in (select hm2.member_id from household_members hm1
              join household_members hm2 on hm2.organization_id = hm1.organization_id
                and hm2.household_id = hm1.household_id
              where hm1.organization_id = ${organizationId} and hm1.member_id = ${memberId})))`,
          sql`${plans.kind} <> 'add_on'`,
        ),
      )
      .orderBy(asc(memberships.endDate), asc(memberships.startDate), asc(memberships.id))
      .for('update', { of: memberships })
      // Every booking runs it: parsed and planned once per connection (bench:schedule).
      .prepare('memberships_bookable_lock')
      .execute()
  );
}

/** Classes booked on the membership in [from, to): the weekly limit counts these. */
export async function countWeekBookings(
  tx: Db | Tx,
  organizationId: string,
  membershipId: string,
  window: { from: Date; to: Date },
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        eq(bookings.membershipId, membershipId),
        inArray(bookings.status, ['booked', 'attended', 'no_show']),
        gte(bookings.startsAt, window.from),
        lt(bookings.startsAt, window.to),
      ),
    );
  return row?.n ?? 0;
}

export async function memberName(tx: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await tx
    .select({ firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : 'This member';
}

/** Adds (or with a negative delta takes) credits; null credits (unlimited) stay null. */
export async function adjustCredits(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  delta: number,
): Promise<void> {
  await tx
    .update(memberships)
    .set({ creditsRemaining: sql`${memberships.creditsRemaining} + ${delta}` })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.id, id),
        sql`${memberships.creditsRemaining} is not null`,
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// The daily lifecycle (across organizations, then per organization)

/**
 * Organizations with a membership the lifecycle may have to change: a paused one whose resume
 * date has come, or a running one whose end date passed, judged against the latest date any
 * zone can have (`latestToday`); each organization then decides in its own time zone.
 */
export async function organizationsWithLifecycleWork(db: Db, latestToday: string) {
  const rows = await db
    .selectDistinct({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(
      or(
        and(eq(memberships.status, 'paused'), lte(memberships.resumesOn, latestToday)),
        and(
          inArray(memberships.status, ['active', 'past_due']),
          lt(memberships.endDate, latestToday),
        ),
        and(eq(memberships.status, 'active'), lte(memberships.pauseStartsOn, latestToday)),
      ),
    );
  return rows.map((r) => r.organizationId);
}

/** The memberships of one organization due a lifecycle change on `today`, locked. */
export async function lockLifecycleDue(tx: Tx, organizationId: string, today: string) {
  return tx
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        or(
          and(eq(memberships.status, 'paused'), lte(memberships.resumesOn, today)),
          and(inArray(memberships.status, ['active', 'past_due']), lt(memberships.endDate, today)),
          and(eq(memberships.status, 'active'), lte(memberships.pauseStartsOn, today)),
        ),
      ),
    )
    .for('update');
}

/** Whom a membership email goes to. */
/** Whom a membership message goes to: the member, or their household payer when they have no email. */
export async function memberContact(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({
      firstName: members.firstName,
      email: memberMailTo(),
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row ?? null;
}

/** Pauses of a membership that started (or were booked to start) in `year`. */
export async function pausesStartedIn(
  db: Db | Tx,
  organizationId: string,
  membershipId: string,
  year: number,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(membershipPauses)
    .where(
      and(
        eq(membershipPauses.organizationId, organizationId),
        eq(membershipPauses.membershipId, membershipId),
        sql`extract(year from ${membershipPauses.pausedOn}) = ${year}`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * The membership's most recent paid price charge (the sale's or a billing run's) and how much
 * of it is still unrefunded: what a plan change credits the unused days of. Locked, so two
 * changes at once cannot both credit it.
 */
export async function lastPlanCharge(
  tx: Tx,
  organizationId: string,
  membershipId: string,
  lock: boolean,
): Promise<{ id: string; amount: string; unrefunded: string } | null> {
  const query = tx
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      unrefunded: sql<string>`fitbase_amount_text((${ledgerEntries.amount} + coalesce((select sum(r.amount)
        from ledger_entries r where r.organization_id = ${ledgerEntries.organizationId}
          and r.corrects_id = ${ledgerEntries.id} and r.kind = 'refund'), 0)))`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.membershipId, membershipId),
        eq(ledgerEntries.kind, 'charge'),
        eq(ledgerEntries.purpose, 'plan'),
        inArray(ledgerEntries.status, ['paid', 'refunded']),
      ),
    )
    .orderBy(desc(ledgerEntries.occurredAt), desc(ledgerEntries.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: ledgerEntries }) : await query;
  return row ?? null;
}
