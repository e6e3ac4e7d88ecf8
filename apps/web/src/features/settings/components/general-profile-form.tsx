import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_GRAPHIC_CONTRAST, MIN_TEXT_CONTRAST } from '@fitbase/domain/colour-contrast';
import {
  generalSettingsUpdateSchema,
  type GeneralSettings,
  type GeneralSettingsUpdate,
} from '@fitbase/domain/contracts/settings';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrencyOptions, useLocaleOptions } from '@/lib/currency-options';
import { reportError } from '@/lib/report-error';
import { useUpdateGeneralSettings } from '../api/general-settings';
import { BrandingColourField } from './branding-colour-field';

type Output = z.output<typeof generalSettingsUpdateSchema>;
const FIELDS = [
  'name',
  'slug',
  'description',
  'timezone',
  'currency',
  'locale',
  'contactEmail',
  'contactPhone',
  'postalAddress',
  'primaryColor',
  'secondaryColor',
  'legalName',
  'taxId',
  'emailReceipts',
];
// The app's own colours, shown while a studio has none.
const DEFAULT_PRIMARY = '#1d4ed8';
const DEFAULT_SECONDARY = '#1d4ed8';

function useTimeZones(current: string) {
  return useMemo(() => {
    const zones =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const all = zones.includes(current) ? zones : [current, ...zones];
    return all.map((zone) => ({ value: zone, label: zone }));
  }, [current]);
}

/** Why the currency field is disabled once the studio has sold something. */
export const CURRENCY_LOCKED_REASON =
  'The currency cannot change after the first sale: past amounts were recorded in it.';

/** The studio profile and brand colours (owners and admins edit; everyone else reads). */
export function GeneralProfileForm({
  settings,
  canEdit,
}: {
  settings: GeneralSettings;
  canEdit: boolean;
}) {
  const update = useUpdateGeneralSettings();
  const form = useForm<GeneralSettingsUpdate, unknown, Output>({
    resolver: zodResolver(generalSettingsUpdateSchema),
    values: {
      name: settings.name,
      slug: settings.slug,
      description: settings.description ?? '',
      timezone: settings.timezone,
      currency: settings.currency,
      locale: settings.locale,
      contactEmail: settings.contactEmail ?? '',
      contactPhone: settings.contactPhone ?? '',
      postalAddress: settings.postalAddress ?? '',
      primaryColor: settings.primaryColor ?? '',
      secondaryColor: settings.secondaryColor ?? '',
      legalName: settings.legalName ?? '',
      taxId: settings.taxId ?? '',
      emailReceipts: settings.emailReceipts,
    },
  });
  const timeZones = useTimeZones(settings.timezone);
  const currencies = useCurrencyOptions(settings.currency);
  const locales = useLocaleOptions(settings.locale);

  const onSubmit = async (values: Output) => {
    try {
      await update.mutateAsync(values);
      toast.success('Settings saved');
    } catch (error) {
      reportError(error, {
        title: 'Failed to save settings',
        fallback: 'Failed to save settings',
        form: {
          setError: form.setError,
          fields: FIELDS,
          codeFields: { conflict: 'slug', currency_locked: 'currency' },
        },
        formToast: false,
      });
    }
  };

  const readOnly = !canEdit;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="general"
      schema={generalSettingsUpdateSchema}
      className="space-y-6"
      aria-label="Studio profile"
    >
      <Card>
        <CardHeader>
          <CardTitle>Studio profile</CardTitle>
          <CardDescription>
            {canEdit
              ? 'How your studio appears to members, on public pages and in email.'
              : 'Only owners and admins can change the studio profile.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <TextField control={form.control} name="name" label="Studio name*" readOnly={readOnly} />
          <TextField
            control={form.control}
            name="slug"
            label="URL slug*"
            readOnly={readOnly}
            description="Your public pages live at /join/your-slug. Old links keep working after a change."
          />
          <TextareaField
            control={form.control}
            name="description"
            label="Description"
            readOnly={readOnly}
            className="md:col-span-2"
          />
          <SelectField
            control={form.control}
            name="timezone"
            label="Time zone"
            options={timeZones}
            disabled={readOnly}
          />
          <SelectField
            control={form.control}
            name="currency"
            label="Currency"
            options={currencies}
            disabled={readOnly || settings.currencyLocked}
            description={
              settings.currencyLocked
                ? CURRENCY_LOCKED_REASON
                : 'Every price, payment and report of the studio is in this currency. It is fixed after the first sale.'
            }
          />
          <SelectField
            control={form.control}
            name="locale"
            label="Language and region"
            options={locales}
            disabled={readOnly}
            description="How dates, times and numbers are written, and the first day of the week."
          />
          <TextField
            control={form.control}
            name="contactEmail"
            type="email"
            label="Contact email"
            readOnly={readOnly}
          />
          <TextField
            control={form.control}
            name="contactPhone"
            type="tel"
            label="Contact phone"
            readOnly={readOnly}
          />
          <TextareaField
            control={form.control}
            name="postalAddress"
            label="Postal address"
            readOnly={readOnly}
            description="Printed in the footer of every marketing email (required before sending one)."
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Receipts</CardTitle>
          <CardDescription>
            Every payment gets a numbered receipt and every refund a credit note. They show these
            business details with your postal address.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <TextField
            control={form.control}
            name="legalName"
            label="Legal business name"
            readOnly={readOnly}
            description="As registered, if it differs from the studio name."
          />
          <TextField
            control={form.control}
            name="taxId"
            label="Tax ID"
            readOnly={readOnly}
            description="Your VAT, GST or tax registration number, if you have one."
          />
          <SwitchField
            control={form.control}
            name="emailReceipts"
            label="Email a receipt after each payment"
            disabled={readOnly}
            description="Members get the receipt or credit note as a PDF. They can also download it in the member portal."
            className="md:col-span-2"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Branding</CardTitle>
          <CardDescription>
            Your colours are used for buttons and links in FitBase and in your studio&apos;s email.
            The primary colour carries white text, so it needs a contrast of at least{' '}
            {MIN_TEXT_CONTRAST}:1 with white.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <BrandingColourField
            control={form.control}
            name="primaryColor"
            label="Primary colour"
            minimum={MIN_TEXT_CONTRAST}
            fallback={DEFAULT_PRIMARY}
            disabled={readOnly}
          />
          <BrandingColourField
            control={form.control}
            name="secondaryColor"
            label="Secondary colour"
            minimum={MIN_GRAPHIC_CONTRAST}
            fallback={DEFAULT_SECONDARY}
            disabled={readOnly}
          />
        </CardContent>
      </Card>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
