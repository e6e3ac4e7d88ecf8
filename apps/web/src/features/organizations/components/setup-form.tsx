import { zodResolver } from '@hookform/resolvers/zod';
import { SETUP_PLANS, type SubscriptionTier } from '@fitbase/domain/constants';
import {
  createOrganizationSchema,
  type CreateOrganizationInput,
} from '@fitbase/domain/contracts/organizations';
import { slugify } from '@fitbase/domain/slug';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { SelectField } from '@/components/form/select-field';
import { Form } from '@/components/form/form';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/api-error';
import { formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCreateOrganization } from '../api/create-organization';
import { useCurrencyOptions, useLocaleOptions } from '@/lib/currency-options';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@fitbase/domain/studio-format';

type SetupOutput = z.output<typeof createOrganizationSchema>;
const FIELDS = [
  'name',
  'slug',
  'description',
  'subscriptionTier',
  'timezone',
  'currency',
  'locale',
];
const PLAN_OPTIONS = SETUP_PLANS.map((plan) => ({ value: plan.tier, label: plan.label }));

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function useTimeZoneOptions(current: string) {
  return useMemo(() => {
    const zones =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const all = zones.includes(current) ? zones : [current, ...zones];
    return all.map((zone) => ({ value: zone, label: zone }));
  }, [current]);
}

/** Setup Your Gym (docs/product/organizations.md): the slug follows the name until edited. */
export function SetupForm() {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const form = useForm<CreateOrganizationInput, unknown, SetupOutput>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: {
      name: '',
      slug: '',
      description: '',
      subscriptionTier: 'trial' satisfies SubscriptionTier,
      timezone: browserTimeZone(),
      currency: DEFAULT_CURRENCY,
      locale: DEFAULT_LOCALE,
    },
  });
  const [name, slug] = form.watch(['name', 'slug']);
  const timeZones = useTimeZoneOptions(form.getValues('timezone') ?? 'UTC');
  const currencies = useCurrencyOptions(DEFAULT_CURRENCY);
  const locales = useLocaleOptions(DEFAULT_LOCALE);

  const onSubmit = async (values: SetupOutput) => {
    try {
      await create.mutateAsync(values);
      formSuccess('Success', 'Your gym organization has been created successfully');
      const tier = values.subscriptionTier;
      navigate(tier === 'trial' ? '/dashboard' : `/dashboard/${tier}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthorized') {
        reportProblem('Error', 'Please sign in', { formToast: true });
        navigate('/auth', { replace: true });
        return;
      }
      reportError(error, {
        fallback: 'Failed to create organization',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="gym"
      schema={createOrganizationSchema}
      className="space-y-4"
    >
      <TextField
        control={form.control}
        name="name"
        label="Gym Name *"
        required
        placeholder="Iron Temple Gym"
        onValueChange={(value) => form.setValue('slug', slugify(value))}
      />
      <TextField
        control={form.control}
        name="slug"
        label="URL Slug *"
        required
        placeholder="iron-temple-gym"
        parse={slugify}
      />
      <TextareaField
        control={form.control}
        name="description"
        label="Description"
        placeholder="Tell us about your gym (optional)"
      />
      <SelectField
        control={form.control}
        name="subscriptionTier"
        label="Starting Plan"
        options={PLAN_OPTIONS}
      />
      <SelectField control={form.control} name="timezone" label="Time Zone" options={timeZones} />
      <SelectField
        control={form.control}
        name="currency"
        label="Currency"
        options={currencies}
        description="Every price, payment and report is in this currency. You can change it in Settings until the first sale."
      />
      <SelectField
        control={form.control}
        name="locale"
        label="Language and Region"
        options={locales}
        description="How dates, times and numbers are written."
      />
      <Button
        type="submit"
        className="w-full"
        disabled={create.isPending || !name.trim() || !slug.trim()}
      >
        {create.isPending ? 'Creating...' : 'Create Gym Organization'}
      </Button>
    </Form>
  );
}
