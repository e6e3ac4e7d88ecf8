/**
 * Exact arithmetic on a studio's amounts (docs/decisions/0003-money-as-exact-decimals.md,
 * docs/decisions/0043-three-decimal-currencies.md). Amounts travel as decimal strings and are
 * stored with three decimals, the most any currency a studio can choose has (BHD, KWD, OMR, JOD,
 * TND, IQD, LYD: a fils is a thousandth). Arithmetic runs on integer thousandths ("mills"),
 * so one code path is exact for yen, cents and fils alike; no float ever touches an amount.
 */

/** Decimals every amount is stored with (numeric(11,3)). */
export const STORED_DECIMALS = 3;
/** Thousandths in one whole unit of a currency. */
export const MILLS_PER_UNIT = 10 ** STORED_DECIMALS;

const AMOUNT = /^(\d+)(?:\.(\d{1,3}))?$/;

/** "49.9" → 49900. Throws on anything that is not a non-negative amount with at most 3 decimals. */
export function toMills(amount: string): number {
  const match = AMOUNT.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: "${amount}"`);
  const mills = Number(match[1]) * MILLS_PER_UNIT + Number((match[2] ?? '').padEnd(3, '0'));
  if (!Number.isSafeInteger(mills)) throw new Error(`Amount too large: "${amount}"`);
  return mills;
}

/** toMills for a signed amount ("-10.00" → -10000): refunds and credits are negative. */
export function toSignedMills(amount: string): number {
  const trimmed = amount.trim();
  return trimmed.startsWith('-') ? -toMills(trimmed.slice(1)) : toMills(trimmed);
}

/**
 * 19800 → "19.80", 25125 → "25.125", -1000 → "-1.00". The shortest writing with at least two
 * decimals: what the API has always answered for two-decimal currencies (the database's numeric
 * values are read back the same way, db/numeric-text.ts), and the fils of a three-decimal one.
 */
export function formatMills(mills: number): string {
  const sign = mills < 0 ? '-' : '';
  const abs = Math.abs(mills);
  const fraction = String(abs % MILLS_PER_UNIT).padStart(3, '0');
  const shown = fraction.endsWith('0') ? fraction.slice(0, 2) : fraction;
  return `${sign}${Math.floor(abs / MILLS_PER_UNIT)}.${shown}`;
}

/** An amount written in that shortest form ("25" → "25.00", "1.500" → "1.50"). */
export function normalizeAmount(amount: string): string {
  return formatMills(toSignedMills(amount));
}

/**
 * Thousandths per minor unit of a currency with `minorUnits` decimals: 10 for cents (USD, EUR),
 * 1000 for whole yen (JPY), 1 for fils (BHD).
 */
export function millsPerMinorUnit(minorUnits: number): number {
  return 10 ** (STORED_DECIMALS - Math.min(STORED_DECIMALS, minorUnits));
}
