import type { Discount } from '@fitbase/domain/contracts/discounts';
import type { PayRateKind } from '@fitbase/domain/money-constants';
import { DEFAULT_LOCALE, formatDay } from '@fitbase/domain/studio-format';

/** Today's date (YYYY-MM-DD) in the studio's time zone: codes are valid by the studio's calendar. */
export function studioToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/** "10%", "12.5%" or "$5.00" / "5,00 €" (`money` is the studio's, useMoney()). */
export function discountValueLabel(
  discount: Pick<Discount, 'kind' | 'value'>,
  money: (amount: string) => string,
): string {
  if (discount.kind === 'fixed') return money(discount.value);
  const value = discount.value.includes('.')
    ? discount.value.replace(/\.?0+$/, '')
    : discount.value;
  return `${value}%`;
}

/** "3 / 50 used", or "3 used" without a limit, counts in the studio's locale. */
export function usageLabel(
  discount: Pick<Discount, 'timesUsed' | 'usageLimit'>,
  locale: string = DEFAULT_LOCALE,
): string {
  const n = (value: number) => value.toLocaleString(locale);
  return discount.usageLimit === null
    ? `${n(discount.timesUsed)} used`
    : `${n(discount.timesUsed)} / ${n(discount.usageLimit)} used`;
}

/**
 * A calendar date (YYYY-MM-DD) in the studio's locale: "Mar 31, 2026", "31.03.2026"; dates
 * carry no time, so no zone shift.
 */
export function formatCalendarDate(date: string, locale: string = DEFAULT_LOCALE): string {
  return formatDay(date, { locale });
}

export function validityLabel(
  discount: Pick<Discount, 'startsOn' | 'endsOn'>,
  locale: string = DEFAULT_LOCALE,
): string {
  const { startsOn, endsOn } = discount;
  const day = (date: string) => formatCalendarDate(date, locale);
  if (startsOn && endsOn) return `${day(startsOn)} – ${day(endsOn)}`;
  if (startsOn) return `From ${day(startsOn)}`;
  if (endsOn) return `Until ${day(endsOn)}`;
  return 'No end date';
}

export function appliesToLabel(discount: Pick<Discount, 'appliesToPlans' | 'appliesToProducts'>) {
  if (discount.appliesToPlans && discount.appliesToProducts) return 'Plans and products';
  return discount.appliesToPlans ? 'Plans' : 'Products';
}

export type DiscountState = 'active' | 'inactive' | 'scheduled' | 'expired' | 'used_up';

export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  active: 'Active',
  inactive: 'Inactive',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
};

/** Whether a code can be used today, and if not why (the server checks again at the sale). */
export function discountState(discount: Discount, today: string): DiscountState {
  if (!discount.isActive) return 'inactive';
  if (discount.endsOn && discount.endsOn < today) return 'expired';
  if (discount.usageLimit !== null && discount.timesUsed >= discount.usageLimit) return 'used_up';
  if (discount.startsOn && discount.startsOn > today) return 'scheduled';
  return 'active';
}

export const PAY_RATE_KIND_LABELS: Record<PayRateKind, string> = {
  per_class: 'Per class taught',
  per_hour: 'Per hour of appointments',
  per_attendee: 'Per attendee',
};

/** "$45.00 per class", "60,00 € per hour" (`money` is the studio's, useMoney()). */
export function payRateLabel(
  rate: { kind: PayRateKind; amount: string },
  money: (amount: string) => string,
): string {
  const unit = { per_class: 'class', per_hour: 'hour', per_attendee: 'attendee' }[rate.kind];
  return `${money(rate.amount)} per ${unit}`;
}
