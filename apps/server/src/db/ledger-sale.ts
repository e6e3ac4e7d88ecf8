import { sql, type SQL } from 'drizzle-orm';

// Shared by the payments module (revenue between two instants: the dashboard's and the
// analytics' cards) and the reports (Sales, Transactions, Failed payments), so every revenue
// figure counts the same rows as the daily sales summary's triggers.

/**
 * "Ledger row `entry` is a sale": a charge or a refund that was paid (a refunded charge was paid
 * first). The definition is the SQL function fitbase_is_sale (modules/reports/sql/sales-daily.sql,
 * migration 0044), which the sales summary's triggers call too; the planner inlines it, so the
 * ledger's indexes serve it as they served the spelled-out condition. `entry` is a table alias
 * (never user text); builder queries pass `ledger_entries`.
 */
export function isSale(entry: string): SQL {
  return sql.raw(`fitbase_is_sale(${entry}.kind, ${entry}.status)`);
}
