import { zodResolver } from '@hookform/resolvers/zod';
import { planInputSchema, type Plan, type PlanInput } from '@fitbase/domain/contracts/plans';
import { BILLING_INTERVALS } from '@fitbase/domain/money-constants';
import { useForm, type Resolver } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { MoneyField, NumberField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreatePlan } from '../api/create-plan';
import { useUpdatePlan } from '../api/update-plan';
import { useTaxRates } from '../api/list-tax-rates';
import { KIND_OPTIONS } from '../lib/plan-format';
import {
  KIND_FIELDS,
  PLAN_FORM_FIELDS,
  planFormSchema,
  planToForm,
  type PlanFormOutput,
} from '../lib/plan-form';

export interface ServiceChoice {
  id: string;
  name: string;
}

interface PlanFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  services: ReadonlyArray<ServiceChoice>;
  /** The plan to edit; absent for Add Plan. */
  plan?: Plan;
  /** Add Plan from a service's card starts under that service. */
  serviceId?: string | null;
}

/** Add Plan and Edit Plan (docs/product/money-and-store.md#plans): the fields follow the kind. */
export function PlanFormDialog({ open, onOpenChange, plan, ...props }: PlanFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? 'Edit Plan' : 'Add Plan'}
      description="What members buy: a recurring membership, a class pack, a drop-in, a trial or an add-on."
      className="max-h-[90vh] overflow-y-auto"
    >
      {(close) => <PlanForm {...props} plan={plan} onDone={close} />}
    </EditorDialog>
  );
}

const INTERVAL_OPTIONS = BILLING_INTERVALS.map((interval) => ({
  value: interval,
  label: `Every ${interval}`,
}));

// The resolver validates the kind's own fields; its input type is the contract's.
const resolver: Resolver<PlanInput, unknown, PlanFormOutput> = zodResolver(planFormSchema);

export function PlanForm({
  services,
  plan,
  serviceId = null,
  onDone,
}: Omit<PlanFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<PlanInput, unknown, PlanFormOutput>({
    resolver,
    defaultValues: planToForm(plan, serviceId),
  });
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const pending = create.isPending || update.isPending;
  const kind = form.watch('kind');
  const taxRates = useTaxRates();
  // Active rates, and the plan's own even if archived since (it still charges it).
  const rateOptions = (taxRates.data?.rates ?? [])
    .filter((r) => r.isActive || r.id === plan?.taxRateId)
    .map((r) => ({
      value: r.id,
      label: `${r.name} (${Number(r.rate)}%${r.inclusive ? ', included' : ', added'})`,
    }));
  const shown = KIND_FIELDS[kind]?.shown ?? [];
  const has = (field: (typeof shown)[number]) => shown.includes(field);

  const onSubmit = async (values: PlanFormOutput) => {
    try {
      if (plan) await update.mutateAsync({ id: plan.id, changes: values });
      else await create.mutateAsync(values);
      formSuccess('Success', plan ? 'Plan updated' : 'Plan created');
      onDone();
    } catch (error) {
      reportError(error, {
        title: plan ? 'Failed to update plan' : 'Failed to create plan',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: PLAN_FORM_FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="plan"
      schema={planInputSchema}
      className="space-y-4"
      aria-label={plan ? 'Edit Plan' : 'Add Plan'}
    >
      <TextField
        control={form.control}
        name="name"
        label="Plan Name*"
        required
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="kind" label="Plan Type*" options={KIND_OPTIONS} />
        <SelectField
          control={form.control}
          name="serviceId"
          label="Service"
          placeholder="No service"
          options={services.map((service) => ({ value: service.id, label: service.name }))}
        />
        <MoneyField control={form.control} name="price" label="Price ($)*" required />
        {rateOptions.length > 0 ? (
          <SelectField
            control={form.control}
            name="taxRateId"
            label="Tax rate"
            placeholder="No tax"
            description="Charged on the price and the sign-up fee"
            options={rateOptions}
          />
        ) : null}
        {has('billingInterval') ? (
          <SelectField
            control={form.control}
            name="billingInterval"
            label="Billing Interval*"
            placeholder="Choose an interval"
            options={INTERVAL_OPTIONS}
          />
        ) : null}
        {has('signupFee') ? (
          <MoneyField control={form.control} name="signupFee" label="Sign-up Fee ($)" />
        ) : null}
        {has('minimumTermPeriods') ? (
          <NumberField
            control={form.control}
            name="minimumTermPeriods"
            label="Minimum Term (billing periods)"
            step={1}
          />
        ) : null}
        {has('weeklyClassLimit') ? (
          <NumberField
            control={form.control}
            name="weeklyClassLimit"
            label="Classes per Week"
            description="Empty: unlimited"
            step={1}
          />
        ) : null}
        {has('credits') ? (
          <NumberField
            control={form.control}
            name="credits"
            label={kind === 'class_pack' ? 'Credits*' : 'Credits'}
            description={kind === 'trial' ? 'Empty: unlimited classes' : undefined}
            step={1}
          />
        ) : null}
        {has('validityDays') ? (
          <NumberField
            control={form.control}
            name="validityDays"
            label={kind === 'drop_in' ? 'Valid for (days)' : 'Valid for (days)*'}
            description={kind === 'drop_in' ? 'Empty: 30 days' : undefined}
            step={1}
          />
        ) : null}
      </div>
      <TextareaField control={form.control} name="description" label="Description" rows={2} />
      <SwitchField
        control={form.control}
        name="soldOnline"
        label="Sold online"
        description="Members can buy it in their portal."
      />
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={plan ? 'Update Plan' : 'Create Plan'}
      />
    </Form>
  );
}
