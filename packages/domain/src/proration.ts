import { addBillingPeriods, daysBetween } from './membership-rules.ts';
import type { BillingInterval } from './money-constants.ts';
import { formatMills, millsPerMinorUnit, toMills } from './amounts.ts';
import { currencyMinorUnits } from './studio-format.ts';

/**
 * Changing a member's plan mid-cycle (docs/product/money-and-store.md#changing-plan): what the
 * unused part of the period already paid is worth, exact to the currency's minor unit. Pure, so
 * the preview the staff member confirms and the change itself compute the same figures.
 */

export interface UnusedPeriod {
  /** First day of the period being paid for (on or after the membership's start). */
  periodStart: string;
  /** The next billing date: the first day the payment does not cover. */
  periodEnd: string;
  periodDays: number;
  /** Days from today (included) to the next billing date (excluded). */
  unusedDays: number;
}

/**
 * The current period of a recurring membership billed next on `nextBillingDate`: one interval
 * back from it (a pause that moved the billing date makes the period longer by its days, which
 * the member did not use either) and never before the start.
 */
export function unusedPeriod(
  m: { startDate: string; nextBillingDate: string },
  interval: BillingInterval,
  today: string,
): UnusedPeriod {
  const back = addBillingPeriods(m.nextBillingDate, interval, -1);
  const periodStart = back < m.startDate ? m.startDate : back;
  const periodDays = Math.max(1, daysBetween(periodStart, m.nextBillingDate));
  const unusedDays = Math.min(periodDays, Math.max(0, daysBetween(today, m.nextBillingDate)));
  return { periodStart, periodEnd: m.nextBillingDate, periodDays, unusedDays };
}

/**
 * `paid` × unusedDays / periodDays, rounded half up to the currency's minor unit (cents for
 * USD and EUR, whole yen for JPY, fils for BHD). Integer arithmetic on thousandths: no float ever
 * sees the amount.
 */
export function prorate(
  paid: string,
  unusedDays: number,
  periodDays: number,
  currency: string,
): string {
  if (unusedDays <= 0 || periodDays <= 0) return '0.00';
  const mills = toMills(paid);
  const step = millsPerMinorUnit(currencyMinorUnits(currency));
  const numerator = mills * unusedDays;
  const denominator = periodDays * step;
  const units = Math.floor((2 * numerator + denominator) / (2 * denominator));
  return formatMills(Math.min(mills, units * step));
}
