import { sql, type SQL } from 'drizzle-orm';
import { numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** timestamptz with a default of now(). */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `column IN (...)` for CHECK constraints: enumerations are checked text, not PG enums. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
}

/**
 * A studio's amount: exact decimal with three decimals, the most any currency a studio can
 * choose has (BHD's fils; docs/decisions/0043-three-decimal-currencies.md). Read back in the
 * shortest writing with two decimals at least ("25.00", "25.125"): db/numeric-text.ts.
 */
export const amount = (name: string) => numeric(name, { precision: 11, scale: 3 });
