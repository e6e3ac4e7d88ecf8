import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isSale } from '../../db/ledger-sale.ts';
import { firstRow, rows } from '../../db/rows.ts';
import { direction, instant, isoOf, MEMBER_NAME, memberJoin, moneySum } from './revenue.sql.ts';

/**
 * SQL of Payouts, Failed payments and Scheduled (docs/product/reports-and-analytics.md#revenue).
 * Sales and Transactions have their own files.
 */

type Sort = { key: string; dir: 'asc' | 'desc' };
type Span = { organizationId: string; start: Date; end: Date };

const order = (map: Record<string, string>, sort: Sort, fallback: string, tie: string) => {
  const dir = direction(sort.dir);
  return sql`order by ${sql.raw(map[sort.key] ?? fallback)} ${dir}, ${sql.raw(tie)} ${dir}`;
};

// ---------------------------------------------------------------------------------------------
// Payouts

/**
 * The demo provider's card money of the local days [from, to] per day: paid card charges and
 * card refunds, from the daily sales summary (drizzle/0028_sales_daily.sql; a day whose deltas
 * cancel out is no day); and the card money taken for gift cards and given back from them,
 * from the ledger (ADR 0040): not sales, so not in the summary, yet the processor took it and
 * pays it out. A gift card sale counts as a payment, its refund as a refund.
 */
const demoCardDays = (q: { organizationId: string; from: string; to: string }) => sql`
  select day, sum(charges)::int as payments, sum(amount - refunds) as charges,
    sum(refunds) as refunds, sum(amount) as amount
  from (
    select day, charges, amount, refunds
    from sales_daily
    where organization_id = ${q.organizationId} and provider = 'demo' and method = 'card'
      and day >= ${q.from}::date and day <= ${q.to}::date
    union all
    select (le.occurred_at at time zone o.timezone)::date, (le.kind = 'gift_card_sale')::int,
      le.amount, case when le.kind = 'gift_card_refund' then le.amount else 0 end
    from ledger_entries le join organizations o on o.id = le.organization_id
    where le.organization_id = ${q.organizationId}
      and le.kind in ('gift_card_sale', 'gift_card_refund') and le.status in ('paid', 'refunded')
      and le.provider = 'demo' and le.method = 'card'
      and le.occurred_at >= (${q.from}::date::timestamp at time zone o.timezone)
      and le.occurred_at < ((${q.to}::date + 1)::timestamp at time zone o.timezone)
  ) card_money
  group by day
  having sum(charges) <> 0 or sum(amount) <> 0 or sum(refunds) <> 0`;

type DaySpan = { organizationId: string; from: string; to: string };

const payoutRow = z.object({
  day: z.string(),
  arrives: z.string(),
  payments: z.number(),
  charges: z.string(),
  refunds: z.string(),
  amount: z.string(),
  total_rows: z.number(),
});
export type PayoutRow = z.output<typeof payoutRow>;

// Qualified: a bare name in ORDER BY would mean the output column (the text cast).
const PAYOUT_SORT: Record<string, string> = { day: 'd.day', arrives: 'd.day', amount: 'd.amount' };

/** One payout per local day with card money: the day's charges minus refunds, two days later. */
export async function payouts(
  db: Db | Tx,
  q: DaySpan & { sort: Sort; limit: number; offset: number },
): Promise<PayoutRow[]> {
  return rows(
    db,
    payoutRow,
    sql`select day::text as day, (day + 2)::text as arrives, payments,
      fitbase_amount_text(charges) as charges, fitbase_amount_text(refunds) as refunds,
      fitbase_amount_text(amount) as amount, (count(*) over ())::int as total_rows
    from (${demoCardDays(q)}) d
    ${order(PAYOUT_SORT, q.sort, 'd.day', 'd.day')}
    limit ${q.limit} offset ${q.offset}`,
  );
}

export async function payoutTotals(db: Db | Tx, q: DaySpan) {
  const row = await firstRow(
    db,
    z.object({
      days: z.number(),
      payments: z.number(),
      charges: z.string(),
      refunds: z.string(),
      amount: z.string(),
    }),
    sql`select count(*)::int as days, coalesce(sum(payments), 0)::int as payments,
      ${moneySum(sql`charges`)} as charges, ${moneySum(sql`refunds`)} as refunds,
      ${moneySum(sql`amount`)} as amount
    from (${demoCardDays(q)}) d`,
  );
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Failed payments

const failedRow = z.object({
  entryId: z.string(),
  membershipId: z.string().nullable(),
  occurredAt: z.string(),
  member: z.string(),
  item: z.string(),
  amount: z.string(),
  attempt: z.number(),
  failure: z.string().nullable(),
  state: z.string(),
  openEntryId: z.string().nullable(),
});
export type FailedRow = z.output<typeof failedRow>;

/** The Failed payments report's rows (alias `le`); the home's Failed Payments card counts them too. */
export const failedInPeriod = (q: Span) => sql`
  le.organization_id = ${q.organizationId} and le.kind = 'charge' and le.status = 'failed'
  and le.occurred_at >= ${instant(q.start)} and le.occurred_at < ${instant(q.end)}`;

const FAILED_SORT: Record<string, string> = {
  occurredAt: 'le.occurred_at',
  amount: 'le.amount',
  member: `lower(${MEMBER_NAME})`,
};

/**
 * Failed attempts of the period, each with where its due stands now: paid by a later attempt,
 * written off, a declined sale (nothing owed), a retry the billing run will make, or past due.
 * openEntryId is the due's latest attempt when it is still owed: what Retry and Write Off
 * (POST /api/payments/{id}/retry | write-off) take.
 */
export async function failedPayments(
  db: Db | Tx,
  q: Span & { sort: Sort; limit: number; offset: number },
): Promise<FailedRow[]> {
  // The page's ids first (index order, limit), so where each due stands is worked out for
  // these rows only, not for every failed attempt of the period.
  const ordered = order(FAILED_SORT, q.sort, 'le.occurred_at', 'le.id');
  return rows(
    db,
    failedRow,
    sql`with pg as (
      select le.id from ledger_entries le ${memberJoin('le')}
      where ${failedInPeriod(q)}
      ${ordered}
      limit ${q.limit} offset ${q.offset}
    )
    select le.id as "entryId", le.membership_id as "membershipId",
      ${isoOf(sql`le.occurred_at`)} as "occurredAt", ${sql.raw(MEMBER_NAME)} as member,
      le.description as item, le.amount as amount, le.attempt, le.failure_message as failure,
      st.state,
      case when st.state = 'Past due' or st.state like 'Retry scheduled%'
        then latest.id end as "openEntryId"
    from pg join ledger_entries le on le.organization_id = ${q.organizationId} and le.id = pg.id
    ${memberJoin('le')}
    left join memberships ms on ms.organization_id = le.organization_id and ms.id = le.membership_id
    left join lateral (
      select o.id from ledger_entries o
      where o.organization_id = le.organization_id and o.kind = 'charge'
        and o.due_key = le.due_key and o.status = 'failed'
      order by o.attempt desc, o.created_at desc, o.id desc limit 1
    ) latest on true
    cross join lateral (
      select case
        when le.due_key is not null and exists (
          select 1 from ledger_entries p
          where p.organization_id = le.organization_id and p.kind = 'charge'
            and p.due_key = le.due_key and ${isSale('p')})
          then 'Paid on a later attempt'
        when exists (
          select 1 from ledger_entries w
          where w.organization_id = le.organization_id and w.kind = 'write_off'
            and (w.corrects_id = le.id or w.due_key = le.due_key))
          then 'Written off'
        -- A declined sale (store order, first sale of a plan) leaves nothing owed.
        when le.due_key is null or le.purpose not in ('plan', 'fee') then 'Declined, not owed'
        when ms.next_retry_date is not null and ms.status = 'active'
          and le.due_key = 'membership:' || ms.id || ':' || ms.next_billing_date
          then 'Retry scheduled on ' || ms.next_retry_date::text
        else 'Past due'
      end as state
    ) st
    ${ordered}`,
  );
}

export async function failedCount(db: Db | Tx, q: Span) {
  const row = await firstRow(
    db,
    z.object({ count: z.number() }),
    sql`select count(*)::int as count from ledger_entries le where ${failedInPeriod(q)}`,
  );
  return row!.count;
}

/** Figures: attempts and their amount; each due among them once for recovered and written off. */
export async function failedTotals(db: Db | Tx, q: Span) {
  const row = await firstRow(
    db,
    z.object({
      count: z.number(),
      failed: z.string(),
      recovered: z.string(),
      written: z.string(),
    }),
    sql`with f as (select le.id, le.due_key, le.amount from ledger_entries le
      where ${failedInPeriod(q)}),
    dues as (select distinct due_key from f where due_key is not null)
    select (select count(*)::int from f) as count,
      (select ${moneySum(sql`amount`)} from f) as failed,
      (select ${moneySum(sql`p.amount`)} from ledger_entries p join dues d on d.due_key = p.due_key
        where p.organization_id = ${q.organizationId} and p.kind = 'charge' and ${isSale('p')})
        as recovered,
      (select ${moneySum(sql`w.amount`)} from ledger_entries w
        where w.organization_id = ${q.organizationId} and w.kind = 'write_off'
          and (w.due_key in (select due_key from dues) or w.corrects_id in (select id from f)))
        as written`,
  );
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Scheduled

const scheduledRow = z.object({
  membershipId: z.string(),
  date: z.string(),
  member: z.string(),
  item: z.string(),
  type: z.string(),
  amount: z.string(),
  total_rows: z.number(),
});
export type ScheduledRow = z.output<typeof scheduledRow>;

/**
 * The charges due from `from` to `to`: recurring memberships on their next billing date (a
 * membership in retries is listed on its retry date instead, not twice), and failed dues on
 * their retry date. A membership cancelled at period end has its end before that date and drops
 * out; a paused one's next billing date is already shifted by the pause.
 */
function scheduledRows(organizationId: string, from: string, to: string): SQL {
  return sql`
    select m.id as membership_id, m.next_billing_date as date,
      trim(mem.first_name || ' ' || mem.last_name) as member, p.name as item,
      'Billing' as type, m.price as amount
    from memberships m
    join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
    join members mem on mem.organization_id = m.organization_id and mem.id = m.member_id
    where m.organization_id = ${organizationId} and m.status in ('active', 'paused')
      and p.kind = 'membership' and m.failed_attempts = 0
      and m.next_billing_date >= ${from}::date and m.next_billing_date <= ${to}::date
      and not (m.end_date is not null and m.end_date < m.next_billing_date)
    union all
    select m.id, m.next_retry_date, trim(mem.first_name || ' ' || mem.last_name),
      'Retry: ' || p.name, 'Retry',
      coalesce((select o.amount from ledger_entries o
        where o.organization_id = m.organization_id and o.due_key = k.due_key
        order by o.attempt desc limit 1), m.price)
    from memberships m
    -- The due key as a column of its own (offset 0 keeps it from being inlined): compared with
    -- ledger_entries.due_key as an expression of casts, which are not leakproof, row-level
    -- security forbade the index and each retry scanned the whole ledger (5 s for 149 retries).
    cross join lateral (
      select 'membership:' || m.id || ':' || m.next_billing_date as due_key offset 0
    ) k
    join plans p on p.organization_id = m.organization_id and p.id = m.plan_id
    join members mem on mem.organization_id = m.organization_id and mem.id = m.member_id
    where m.organization_id = ${organizationId} and m.next_retry_date is not null
      and m.status in ('active', 'past_due')
      and m.next_retry_date >= ${from}::date and m.next_retry_date <= ${to}::date`;
}

const SCHEDULED_SORT: Record<string, string> = {
  date: 'x.date',
  amount: 'x.amount',
  member: 'lower(x.member)',
};

export async function scheduled(
  db: Db | Tx,
  q: {
    organizationId: string;
    from: string;
    to: string;
    sort: Sort;
    limit: number;
    offset: number;
  },
): Promise<ScheduledRow[]> {
  return rows(
    db,
    scheduledRow,
    sql`select membership_id as "membershipId", date::text as date, member, item, type,
      amount as amount, (count(*) over ())::int as total_rows
    from (${scheduledRows(q.organizationId, q.from, q.to)}) x
    ${order(SCHEDULED_SORT, q.sort, 'x.date', 'x.membership_id')}, x.type
    limit ${q.limit} offset ${q.offset}`,
  );
}

/** Total due per day of the window, every day (zero when nothing is due). */
export async function scheduledByDay(
  db: Db | Tx,
  q: { organizationId: string; from: string; to: string },
) {
  return rows(
    db,
    z.object({ date: z.string(), count: z.number(), amount: z.string() }),
    sql`with x as (${scheduledRows(q.organizationId, q.from, q.to)})
    select d::date::text as date, count(x.date)::int as count,
      ${moneySum(sql`x.amount`)} as amount
    from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
    left join x on x.date = d::date
    group by d order by d`,
  );
}

export async function scheduledTotals(
  db: Db | Tx,
  q: { organizationId: string; from: string; to: string },
) {
  const row = await firstRow(
    db,
    z.object({ count: z.number(), amount: z.string() }),
    sql`select count(*)::int as count, ${moneySum(sql`amount`)} as amount
    from (${scheduledRows(q.organizationId, q.from, q.to)}) x`,
  );
  return row!;
}
