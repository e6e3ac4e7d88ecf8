import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL shared by the revenue reports (docs/product/reports-and-analytics.md#revenue). What a sale
 * is (the dashboard's "paid minus refunded", payments.queries revenueBetween) is defined once,
 * as fitbase_is_sale (sql/sales-daily.sql), which TypeScript reads through db/ledger-sale.ts
 * `isSale`; a sale's category is decided once by the ledger's trigger there: each sale row keeps
 * its category, and the daily summary the Sales report reads adds them up.
 */

export const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A money sum as an exact decimal string ("0.00" when nothing). */
export const moneySum = (expr: SQL) => sql`fitbase_amount_text(coalesce(sum(${expr}), 0))`;

/** An instant as an ISO string in UTC with milliseconds (the contract's datetime cells). */
export const isoOf = (expr: SQL) =>
  sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The member's name, else the walk-in's name on the order (joins of `memberJoin`). */
export const MEMBER_NAME = `coalesce(nullif(trim(mem.first_name || ' ' || mem.last_name), ''),
    ord.customer_name, case when ord.id is null then 'Unknown member' else 'Walk-in' end)`;
export const memberNameOf = () => sql.raw(MEMBER_NAME);

/** The joins that `memberNameOf` reads (aliases mem and ord); `entry` is a fixed alias. */
export const memberJoin = (entry: 'le') =>
  sql.raw(`left join members mem on mem.organization_id = ${entry}.organization_id
      and mem.id = ${entry}.member_id
    left join orders ord on ord.organization_id = ${entry}.organization_id
      and ord.id = ${entry}.order_id`);

export const METHOD_LABELS_SQL = sql.raw(
  `case le.method when 'card' then 'Card' when 'cash' then 'Cash' else 'Other' end`,
);

/** Keyset position: the sort value as text (full precision) and the row id. */
export function encodeCursor(value: string, id: string): string {
  return JSON.stringify([value, id]);
}

export function decodeCursor(cursor: string | number | null): [string, string] | null {
  if (typeof cursor !== 'string') return null;
  const parsed = JSON.parse(cursor) as unknown;
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === 'string' &&
    typeof parsed[1] === 'string'
  )
    return [parsed[0], parsed[1]];
  return null;
}

/**
 * A sort direction with the null placement of the ledger's index (occurred_at DESC NULLS LAST,
 * id DESC NULLS LAST): Postgres's default for DESC is NULLS FIRST, which the index cannot
 * serve, so a page would sort the whole period instead of reading 25 index entries.
 */
export const direction = (dir: 'asc' | 'desc') =>
  sql.raw(dir === 'asc' ? 'asc nulls first' : 'desc nulls last');
