import type { Plan } from '@fitbase/domain/contracts/plans';
import { PLAN_KINDS, PLAN_KIND_LABELS } from '@fitbase/domain/money-constants';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { useEffect } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { describedBy, FieldShell, useFieldId } from '@/components/form/field-shell';
import { SelectField } from '@/components/form/select-field';
import { cn } from '@/lib/utils';
import type { WizardOutput, WizardValues } from './wizard-form';
import { useMoney } from '@/hooks/use-studio-format';

type WizardForm = UseFormReturn<WizardValues, unknown, WizardOutput>;

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50';

/** A new member has no card on file yet: the first payment is cash or other. */
const METHOD_OPTIONS = [
  { value: 'cash', label: 'Cash' },
  { value: 'other', label: 'Other' },
];

export function planPrice(
  plan: Pick<Plan, 'price' | 'billingInterval'>,
  money: (amount: string) => string,
): string {
  return plan.billingInterval
    ? `${money(plan.price)} / ${plan.billingInterval}`
    : money(plan.price);
}

/** Active plans grouped by kind (in the product's kind order), each group by name. */
export function groupPlans(plans: Plan[]): Array<{ kind: Plan['kind']; plans: Plan[] }> {
  return PLAN_KINDS.map((kind) => ({
    kind,
    plans: plans.filter((p) => p.kind === kind).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((group) => group.plans.length > 0);
}

function PlanSelect({
  form,
  plans,
  loading,
}: {
  form: WizardForm;
  plans: Plan[];
  loading: boolean;
}) {
  const money = useMoney();
  const { field, fieldState } = useController({ control: form.control, name: 'plan.planId' });
  const id = useFieldId('plan.planId');
  const error = fieldState.error?.message;
  const description = 'Optional: the member gets this membership and pays the first charge now.';
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <FieldShell id={id} label="Plan" description={description} error={error}>
      <select
        id={id}
        name={field.name}
        ref={field.ref}
        value={value}
        onBlur={field.onBlur}
        onChange={(event) => {
          field.onChange(event.target.value);
          // The plan names the membership type (set by the server from the plan).
          if (event.target.value) form.setValue('membershipType', '');
        }}
        className={cn(selectClass, value === '' && 'text-muted-foreground')}
        {...describedBy(id, error, description)}
      >
        <option value="">
          {loading ? 'Loading...' : plans.length ? 'No plan for now' : 'No active plans'}
        </option>
        {groupPlans(plans).map((group) => (
          <optgroup key={group.kind} label={PLAN_KIND_LABELS[group.kind]}>
            {group.plans.map((plan) => (
              <option key={plan.id} value={plan.id} className="text-foreground">
                {plan.name} · {planPrice(plan, money)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * The wizard's optional plan sale (docs/product/money-and-store.md#plans-and-memberships): a plan
 * and how the first charge is paid. With no plan the free membership type is kept (legacy).
 */
export function PlanPickFields({
  form,
  plans,
  loading,
}: {
  form: WizardForm;
  plans: Plan[];
  loading: boolean;
}) {
  const money = useMoney();
  const planId = form.watch('plan.planId');
  const plan = planId ? plans.find((p) => p.id === planId) : undefined;
  // A restored draft may name a plan deactivated since: it is no longer offered.
  const stale = Boolean(planId) && !loading && !plan;
  useEffect(() => {
    if (stale) form.setValue('plan.planId', '');
  }, [stale, form]);
  // Totals in integer cents: never a float of dollars.
  const feeMills = plan ? toMills(plan.signupFee) : 0;
  const dueMills = plan ? toMills(plan.price) + feeMills : 0;
  return (
    <>
      <PlanSelect form={form} plans={plans} loading={loading} />
      {plan ? (
        <div className="space-y-2">
          <SelectField
            control={form.control}
            name="plan.method"
            label="Payment*"
            options={METHOD_OPTIONS}
            description="A card can be added on the member's Payment Methods tab afterwards."
          />
          <p className="text-sm" aria-label="Due today">
            Due today: <strong>{money(formatMills(dueMills))}</strong>
            {feeMills > 0 ? (
              <span className="text-muted-foreground">
                {' '}
                (includes a {money(plan.signupFee)} sign-up fee)
              </span>
            ) : null}
          </p>
          {plan.billingInterval ? (
            <p className="text-xs text-muted-foreground">
              Later charges bill the member&apos;s card on file every {plan.billingInterval}.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
