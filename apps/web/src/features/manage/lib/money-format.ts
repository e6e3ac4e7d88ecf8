import type { Discount } from '@fitbase/domain/contracts/discounts';
import type { PayRateKind } from '@fitbase/domain/money-constants';
import { formatDollars } from '@fitbase/domain/savings';

/** Today's date (YYYY-MM-DD) in the studio's time zone: codes are valid by the studio's calendar. */
export function studioToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/** "10%", "12.5%" or "$5.00". */
export function discountValueLabel(
  discount: Pick<Discount, 'kind' | 'value'>,
  money: (amount: string) => string = formatDollars,
): string {
  if (discount.kind === 'fixed') return money(discount.value);
  const value = discount.value.includes('.')
    ? discount.value.replace(/\.?0+$/, '')
    : discount.value;
  return `${value}%`;
}

/** "3 / 50 used", or "3 used" without a limit. */
export function usageLabel(discount: Pick<Discount, 'timesUsed' | 'usageLimit'>): string {
  return discount.usageLimit === null
    ? `${discount.timesUsed.toLocaleString('en-US')} used`
    : `${discount.timesUsed.toLocaleString('en-US')} / ${discount.usageLimit.toLocaleString('en-US')} used`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (YYYY-MM-DD) as "Mar 31, 2026"; dates carry no time, so no zone shift. */
export function formatCalendarDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

export function validityLabel(discount: Pick<Discount, 'startsOn' | 'endsOn'>): string {
  const { startsOn, endsOn } = discount;
  if (startsOn && endsOn) return `${formatCalendarDate(startsOn)} – ${formatCalendarDate(endsOn)}`;
  if (startsOn) return `From ${formatCalendarDate(startsOn)}`;
  if (endsOn) return `Until ${formatCalendarDate(endsOn)}`;
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

/** "$45.00 per class", "$60.00 per hour", "$3.00 per attendee". */
export function payRateLabel(
  rate: { kind: PayRateKind; amount: string },
  money: (amount: string) => string = formatDollars,
): string {
  const unit = { per_class: 'class', per_hour: 'hour', per_attendee: 'attendee' }[rate.kind];
  return `${money(rate.amount)} per ${unit}`;
}
