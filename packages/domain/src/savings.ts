/**
 * Exact money arithmetic for plan prices (money is exact decimals, never
 * floating point: docs/decisions/0003-money-as-exact-decimals.md). Amounts travel as decimal
 * strings ("49.99") and are computed in integer cents.
 */

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** "49.9" → 4990. Throws on anything that is not a non-negative amount with at most two decimals. */
export function toCents(amount: string): number {
  const match = AMOUNT.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: "${amount}"`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount too large: "${amount}"`);
  return cents;
}

/** 19800 → "198.00"; -1000 → "-10.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Annual saving of paying yearly (docs/product/owner-portal.md#subscription-plans): 12 × monthly −
 * yearly, two decimals. Null when the plan has no yearly price. Negative when yearly costs more
 * than 12 months.
 */
export function annualSaving(priceMonthly: string, priceYearly: string | null): string | null {
  if (priceYearly === null || priceYearly.trim() === '') return null;
  return formatCents(12 * toCents(priceMonthly) - toCents(priceYearly));
}

/** "$1,234.50" for display; negative amounts as "-$10.00". */
export function formatDollars(amount: string): string {
  const cents = toSignedCents(amount);
  const sign = cents < 0 ? '-' : '';
  const [whole = '0', fraction = '00'] = formatCents(Math.abs(cents)).split('.');
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

function toSignedCents(amount: string): number {
  const trimmed = amount.trim();
  return trimmed.startsWith('-') ? -toCents(trimmed.slice(1)) : toCents(trimmed);
}
