import { formatMills, millsPerMinorUnit, toSignedMills } from '@fitbase/domain/amounts';
import { currencyMinorUnits } from '@fitbase/domain/studio-format';
/**
 * Small exact arithmetic for the analytics service: calendar months on local dates, one-decimal
 * percentages, and money as integer thousandths (never floats: docs/product/money-and-store.md).
 */

/** The same day `months` calendar months later (clamped to the month's end: Jan 31 + 1 → Feb 28). */
export function addMonthsTo(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/** part ÷ whole as a percentage with one decimal; null when whole is 0. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/**
 * amount ÷ count, rounded half away from zero to the currency's minor unit (a cent, a whole yen,
 * a fils); null when count is 0. In thousandths (packages/domain/src/amounts.ts): an average
 * never shows a fraction of a cent.
 */
export function divideMoney(amount: string, count: number, currency: string): string | null {
  if (count === 0) return null;
  const mills = BigInt(toSignedMills(amount));
  const step = BigInt(millsPerMinorUnit(currencyMinorUnits(currency)));
  const d = BigInt(count) * step;
  const sign = mills < 0n ? -1n : 1n;
  const abs = mills * sign;
  return formatMills(Number(sign * ((abs * 2n + d) / (2n * d)) * step));
}

export function subtractMoney(a: string, b: string): string {
  return formatMills(toSignedMills(a) - toSignedMills(b));
}
