/**
 * Small exact arithmetic for the analytics service: calendar months on local dates, one-decimal
 * percentages, and money as integer cents (never floats: docs/product/money-and-store.md).
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

const toCents = (amount: string): bigint => {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
};

const fromCents = (cents: bigint): string => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
};

/** amount ÷ count, rounded half away from zero to the cent; null when count is 0. */
export function divideMoney(amount: string, count: number): string | null {
  if (count === 0) return null;
  const cents = toCents(amount);
  const n = BigInt(count);
  const sign = cents < 0n ? -1n : 1n;
  const abs = cents * sign;
  return fromCents(sign * ((abs * 2n + n) / (2n * n)));
}

export function subtractMoney(a: string, b: string): string {
  return fromCents(toCents(a) - toCents(b));
}
