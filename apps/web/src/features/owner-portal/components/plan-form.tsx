import { zodResolver } from '@hookform/resolvers/zod';
import { planInputSchema, type Plan } from '@fitbase/domain/contracts/owner-portal';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SwitchField } from '@/components/form/switch-field';
import { Form } from '@/components/form/form';
import { MoneyField } from '@/components/form/number-fields';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useSavePlan } from '../api/save-plan';

/**
 * Features text → object; empty saves as {} (docs/product/owner-portal.md#subscription-plans). Null
 * when it is not a JSON object.
 */
export function parseFeatures(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The API's plan, with the features typed as JSON text; invalid JSON keeps what was typed. */
const planFormSchema = planInputSchema.extend({
  features: z.string().transform((text, ctx) => {
    const features = parseFeatures(text);
    if (features) return features;
    ctx.addIssue({ code: 'custom', message: 'Features must be a valid JSON object' });
    return z.NEVER;
  }),
});
type PlanFormValues = z.input<typeof planFormSchema>;
type PlanFormOutput = z.output<typeof planFormSchema>;
const FIELDS = ['name', 'description', 'priceMonthly', 'priceYearly', 'features', 'isActive'];

const EMPTY: PlanFormValues = {
  name: '',
  isActive: true,
  description: '',
  priceMonthly: '',
  priceYearly: null,
  features: '',
};

function valuesOf(plan: Plan | null): PlanFormValues {
  if (!plan) return EMPTY;
  return {
    name: plan.name,
    isActive: plan.isActive,
    description: plan.description ?? '',
    priceMonthly: plan.priceMonthly,
    priceYearly: plan.priceYearly,
    features: Object.keys(plan.features).length > 0 ? JSON.stringify(plan.features, null, 2) : '',
  };
}

/** The add/edit plan form; `editing` switches it to edit mode (the parent keys it per plan). */
export function PlanForm({ editing, onDone }: { editing: Plan | null; onDone: () => void }) {
  const save = useSavePlan();
  const form = useForm<PlanFormValues, unknown, PlanFormOutput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: valuesOf(editing),
  });
  const [name, priceMonthly] = form.watch(['name', 'priceMonthly']);

  const onSubmit = async (plan: PlanFormOutput) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, plan });
      formSuccess('Success', editing ? 'Plan updated successfully' : 'Plan created successfully');
      form.reset(EMPTY);
      onDone();
    } catch (error) {
      reportError(error, {
        message: 'Failed to save plan',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? 'Edit Plan' : 'Add New Plan'}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={onSubmit}
          onInvalid={() => reportProblem('Error', 'Failed to save plan', { formToast: true })}
          idPrefix="plan"
          schema={planInputSchema}
          // FitBase's own plans are priced in US dollars, whatever the owner's studio uses.
          currency="USD"
          className="grid gap-4 md:grid-cols-2"
        >
          <TextField control={form.control} name="name" label="Plan Name" required />
          <SwitchField
            control={form.control}
            name="isActive"
            id="plan-active"
            label="Active"
            className="pt-6"
          />
          <TextareaField
            control={form.control}
            name="description"
            label="Description"
            className="md:col-span-2"
          />
          <MoneyField
            control={form.control}
            name="priceMonthly"
            id="plan-monthly"
            label="Monthly Price ($)"
            required
          />
          <MoneyField
            control={form.control}
            name="priceYearly"
            id="plan-yearly"
            label="Yearly Price ($)"
            placeholder="Optional"
          />
          <TextareaField
            control={form.control}
            name="features"
            label="Features (JSON)"
            className="md:col-span-2"
            inputClassName="font-mono"
            rows={5}
            placeholder='{"max_members": 100, "custom_branding": true}'
          />
          <div className="flex gap-2 md:col-span-2">
            <Button
              type="submit"
              disabled={save.isPending || !name.trim() || !priceMonthly?.trim()}
            >
              {save.isPending ? 'Saving...' : editing ? 'Update Plan' : 'Create Plan'}
            </Button>
            {editing ? (
              <Button type="button" variant="outline" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
