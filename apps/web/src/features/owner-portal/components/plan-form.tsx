import type { Plan, PlanInput } from '@fitbase/domain/contracts/owner-portal';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSavePlan } from '../api/save-plan';

interface FormValues {
  name: string;
  isActive: boolean;
  description: string;
  priceMonthly: string;
  priceYearly: string;
  features: string;
}

const EMPTY: FormValues = {
  name: '',
  isActive: true,
  description: '',
  priceMonthly: '',
  priceYearly: '',
  features: '',
};

function valuesOf(plan: Plan | null): FormValues {
  if (!plan) return EMPTY;
  return {
    name: plan.name,
    isActive: plan.isActive,
    description: plan.description ?? '',
    priceMonthly: plan.priceMonthly,
    priceYearly: plan.priceYearly ?? '',
    features: Object.keys(plan.features).length > 0 ? JSON.stringify(plan.features, null, 2) : '',
  };
}

/** Features text → object; empty saves as {} (doc 1 §5). Null when it is not a JSON object. */
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

/** The add/edit plan form; `editing` switches it to edit mode (the parent keys it per plan). */
export function PlanForm({ editing, onDone }: { editing: Plan | null; onDone: () => void }) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(editing));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useSavePlan();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    const features = parseFeatures(values.features);
    if (!features) {
      // Invalid JSON: the spec's message, and the form keeps what was typed.
      setFieldErrors({ features: 'Features must be a valid JSON object' });
      toast.error('Error', { description: 'Failed to save plan' });
      return;
    }
    const plan: PlanInput = {
      name: values.name,
      description: values.description || null,
      priceMonthly: values.priceMonthly,
      priceYearly: values.priceYearly || null,
      features,
      isActive: values.isActive,
    };
    save.mutate(
      { id: editing?.id ?? null, plan },
      {
        onSuccess: () => {
          toast.success('Success', {
            description: editing ? 'Plan updated successfully' : 'Plan created successfully',
          });
          setValues(EMPTY);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
          toast.error('Error', { description: 'Failed to save plan' });
        },
      },
    );
  };

  const fieldError = (key: keyof FormValues) =>
    fieldErrors[key] ? <p className="text-sm text-destructive">{fieldErrors[key]}</p> : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? 'Edit Plan' : 'Add New Plan'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4 md:grid-cols-2" noValidate>
          <div className="space-y-2">
            <Label htmlFor="plan-name">Plan Name</Label>
            <Input
              id="plan-name"
              required
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
            />
            {fieldError('name')}
          </div>
          <div className="flex items-center gap-2 pt-6">
            <Switch
              id="plan-active"
              checked={values.isActive}
              onCheckedChange={(checked) => set('isActive', checked)}
            />
            <Label htmlFor="plan-active">Active</Label>
          </div>
          <div className="space-y-2 md:col-span-2">
            <Label htmlFor="plan-description">Description</Label>
            <Textarea
              id="plan-description"
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="plan-monthly">Monthly Price ($)</Label>
            <Input
              id="plan-monthly"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              required
              value={values.priceMonthly}
              onChange={(e) => set('priceMonthly', e.target.value)}
            />
            {fieldError('priceMonthly')}
          </div>
          <div className="space-y-2">
            <Label htmlFor="plan-yearly">Yearly Price ($)</Label>
            <Input
              id="plan-yearly"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              placeholder="Optional"
              value={values.priceYearly}
              onChange={(e) => set('priceYearly', e.target.value)}
            />
            {fieldError('priceYearly')}
          </div>
          <div className="space-y-2 md:col-span-2">
            <Label htmlFor="plan-features">Features (JSON)</Label>
            <Textarea
              id="plan-features"
              className="font-mono"
              rows={5}
              placeholder='{"max_members": 100, "custom_branding": true}'
              value={values.features}
              onChange={(e) => set('features', e.target.value)}
            />
            {fieldError('features')}
          </div>
          <div className="flex gap-2 md:col-span-2">
            <Button
              type="submit"
              disabled={save.isPending || !values.name.trim() || !values.priceMonthly.trim()}
            >
              {save.isPending ? 'Saving...' : editing ? 'Update Plan' : 'Create Plan'}
            </Button>
            {editing ? (
              <Button type="button" variant="outline" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
