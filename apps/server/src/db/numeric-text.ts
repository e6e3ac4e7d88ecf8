import pg from 'pg';

/**
 * How every numeric value reads back from the database: amounts are numeric(11,3)
 * (docs/decisions/0043-three-decimal-currencies.md) so a BHD studio keeps its fils, and a value of
 * scale 3 whose third decimal is 0 is written with two ("25.000" → "25.00", "25.125" stays), the
 * shortest writing with two decimals at least that formatMills (packages/domain/src/amounts.ts)
 * gives too. The API therefore answers a two-decimal currency's amounts exactly as before the
 * columns widened. Other scales (a tax rate's 4, an average's many) are left as they are.
 */
export function numericText(value: string): string {
  return SCALE_3_ROUND.test(value) ? value.slice(0, -1) : value;
}

const SCALE_3_ROUND = /^-?\d+\.\d\d0$/;

/** numeric's type OID. */
export const NUMERIC_OID = 1700;

/**
 * node-postgres's parsers are process-wide; Drizzle's node-postgres session falls back to them
 * for every type it does not parse itself, numeric included. Called once when a pool opens.
 */
export function installNumericText(): void {
  pg.types.setTypeParser(NUMERIC_OID, numericText);
}
