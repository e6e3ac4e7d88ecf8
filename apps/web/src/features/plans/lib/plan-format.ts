import type { Plan } from '@fitbase/domain/contracts/plans';
import { PLAN_KIND_LABELS, PLAN_KINDS, type PlanKind } from '@fitbase/domain/money-constants';
import { toMills } from '@fitbase/domain/amounts';
import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';

/**
 * "$89.00 / month" for a recurring membership, "$120.00" for anything sold once; `money` is the
 * studio's (useMoney(): "89,00 € / month").
 */
export function formatPlanPrice(
  plan: Pick<Plan, 'price' | 'billingInterval'>,
  money: (amount: string) => string,
): string {
  const price = money(plan.price);
  return plan.billingInterval ? `${price} / ${plan.billingInterval}` : price;
}

/**
 * The short facts under a plan's name: sign-up fee, credits and validity, weekly limit, term;
 * counts in the studio's digits ("1,000 credits", "1.000 credits").
 */
export function planDetails(
  plan: Plan,
  money: (amount: string) => string,
  locale: string = DEFAULT_LOCALE,
): string[] {
  const plural = (n: number, one: string, many: string) =>
    `${n.toLocaleString(locale)} ${n === 1 ? one : many}`;
  const details: string[] = [];
  // Compared in cents: "0.00" and "0" are both no fee, without reading the string as a float.
  if (toMills(plan.signupFee) > 0) details.push(`${money(plan.signupFee)} sign-up fee`);
  if (plan.credits !== null) details.push(plural(plan.credits, 'credit', 'credits'));
  if (plan.kind === 'trial' && plan.credits === null) details.push('Unlimited classes');
  if (plan.validityDays !== null)
    details.push(
      plan.kind === 'trial'
        ? plural(plan.validityDays, 'day', 'days')
        : `valid ${plural(plan.validityDays, 'day', 'days')}`,
    );
  if (plan.weeklyClassLimit !== null)
    details.push(`${plural(plan.weeklyClassLimit, 'class', 'classes')} per week`);
  if (plan.minimumTermPeriods !== null && plan.billingInterval)
    details.push(
      `minimum ${plural(plan.minimumTermPeriods, plan.billingInterval, `${plan.billingInterval}s`)}`,
    );
  return details;
}

export const KIND_OPTIONS = PLAN_KINDS.map((kind) => ({
  value: kind,
  label: PLAN_KIND_LABELS[kind],
}));

export function kindLabel(kind: PlanKind): string {
  return PLAN_KIND_LABELS[kind];
}

/** Plans in groups by kind, in the order of PLAN_KINDS, empty groups left out. */
export function groupByKind<T extends { kind: PlanKind }>(
  plans: ReadonlyArray<T>,
): Array<{ kind: PlanKind; label: string; plans: T[] }> {
  return PLAN_KINDS.map((kind) => ({
    kind,
    label: PLAN_KIND_LABELS[kind],
    plans: plans.filter((plan) => plan.kind === kind),
  })).filter((group) => group.plans.length > 0);
}
