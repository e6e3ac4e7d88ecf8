import { z } from 'zod';
import { planInputSchema, type Plan, type PlanInput } from '@fitbase/domain/contracts/plans';
import type { PlanKind } from '@fitbase/domain/money-constants';

/** The plan fields a kind uses (docs/product/money-and-store.md#plans); the others are sent empty. */
export type PlanKindField =
  | 'billingInterval'
  | 'signupFee'
  | 'minimumTermPeriods'
  | 'weeklyClassLimit'
  | 'credits'
  | 'validityDays';

interface KindFields {
  shown: ReadonlyArray<PlanKindField>;
  required: ReadonlyArray<PlanKindField>;
}

export const KIND_FIELDS: Record<PlanKind, KindFields> = {
  membership: {
    shown: ['billingInterval', 'signupFee', 'minimumTermPeriods', 'weeklyClassLimit'],
    required: ['billingInterval'],
  },
  class_pack: { shown: ['credits', 'validityDays'], required: ['credits', 'validityDays'] },
  // A drop-in is one class; how long it stays usable is optional (30 days when empty).
  drop_in: { shown: ['validityDays'], required: [] },
  // A trial lasts N days; unlimited classes unless credits are set.
  trial: { shown: ['validityDays', 'credits'], required: ['validityDays'] },
  add_on: { shown: [], required: [] },
};

const REQUIRED_MESSAGES: Record<PlanKindField, string> = {
  billingInterval: 'Choose week, month or year',
  signupFee: 'Sign-up fee is required',
  minimumTermPeriods: 'Minimum term is required',
  weeklyClassLimit: 'Classes per week is required',
  credits: 'Credits are required',
  validityDays: 'Valid for (days) is required',
};

const EMPTY: Record<PlanKindField, null | '0.00'> = {
  billingInterval: null,
  signupFee: '0.00',
  minimumTermPeriods: null,
  weeklyClassLimit: null,
  credits: null,
  validityDays: null,
};

function clearUnused(value: PlanInput): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const plan: Record<string, unknown> = { ...value };
  // The selects' empty choices are '' in the form and null in the contract.
  if (plan.serviceId === '') plan.serviceId = null;
  if (plan.taxRateId === '' || plan.taxRateId === undefined) plan.taxRateId = null;
  if (plan.billingInterval === '') plan.billingInterval = null;
  const shown = KIND_FIELDS[plan.kind as PlanKind]?.shown;
  if (!shown) return plan;
  for (const field of Object.keys(EMPTY) as PlanKindField[]) {
    if (!shown.includes(field)) plan[field] = EMPTY[field];
  }
  return plan;
}

/**
 * The contract's schema plus the fields each kind needs. Fields a kind does not use are
 * hidden in the dialog and sent empty (before validation: a hidden field never blocks a save),
 * so an edit that changes the kind leaves nothing stale.
 */
export const planFormSchema = z
  .preprocess(clearUnused, planInputSchema)
  .superRefine((plan, ctx) => {
    for (const field of KIND_FIELDS[plan.kind].required) {
      if (plan[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED_MESSAGES[field] });
    }
  });
export type PlanFormOutput = z.output<typeof planInputSchema>;

/** Field names the server may key errors to, shown on the dialog's fields. */
export const PLAN_FORM_FIELDS = [
  'serviceId',
  'name',
  'description',
  'kind',
  'price',
  'billingInterval',
  'signupFee',
  'minimumTermPeriods',
  'weeklyClassLimit',
  'credits',
  'validityDays',
  'soldOnline',
  'taxRateId',
];

/** The dialog's starting values; a new plan may start under a service. */
export function planToForm(plan: Plan | undefined, serviceId: string | null): PlanInput {
  return {
    serviceId: plan ? plan.serviceId : serviceId,
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    kind: plan?.kind ?? 'membership',
    price: plan?.price ?? '',
    billingInterval: plan ? plan.billingInterval : 'month',
    signupFee: plan?.signupFee ?? '0.00',
    minimumTermPeriods: plan?.minimumTermPeriods ?? null,
    weeklyClassLimit: plan?.weeklyClassLimit ?? null,
    credits: plan?.credits ?? null,
    validityDays: plan?.validityDays ?? null,
    isActive: plan?.isActive ?? true,
    soldOnline: plan?.soldOnline ?? false,
    taxRateId: plan?.taxRateId ?? null,
  };
}
