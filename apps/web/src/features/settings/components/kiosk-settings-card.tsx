import { zodResolver } from '@hookform/resolvers/zod';
import { kioskSettingsSchema, type KioskSettings } from '@fitbase/domain/contracts/kiosk';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { NumberField } from '@/components/form/number-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useKioskSettings } from '../api/get-kiosk-settings';
import { useUpdateKioskSettings } from '../api/update-kiosk-settings';

const FIELDS = ['identifyBy', 'windowBeforeMinutes', 'windowAfterMinutes'];

const IDENTIFY_BY: ReadonlyArray<{ value: KioskSettings['identifyBy']; label: string }> = [
  { value: 'phone_and_pin', label: 'Last 4 digits of phone and a PIN' },
  { value: 'member_number', label: 'Member number' },
];

/**
 * The kiosk's rules (docs/product/kiosk.md#checking-in): how a member without their QR code is
 * known, and the window around a session's start in which a check-in counts for it.
 */
export function KioskSettingsCard() {
  const settings = useKioskSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Check-in at the kiosk</h2>
        </CardTitle>
        <CardDescription>
          Members show their QR code from the member portal, or identify themselves as chosen here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the kiosk settings
          </p>
        ) : (
          // A saved version starts the form again from the stored settings.
          <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: KioskSettings }) {
  const form = useForm<KioskSettings>({
    resolver: zodResolver(kioskSettingsSchema),
    defaultValues: settings,
  });
  const update = useUpdateKioskSettings();
  const legendId = useId();

  const onSubmit = async (values: KioskSettings) => {
    try {
      await update.mutateAsync(values);
      formSuccess('Kiosk settings saved');
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the kiosk settings',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !update.isPending}
      idPrefix="kiosk-settings"
      schema={kioskSettingsSchema}
      className="space-y-4"
      aria-label="Kiosk settings"
    >
      <fieldset className="space-y-2" aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium">
          Members check in without a QR code by
        </legend>
        {IDENTIFY_BY.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={option.value}
              className="size-4 accent-primary"
              {...form.register('identifyBy')}
            />
            {option.label}
          </label>
        ))}
        <p className="text-sm text-muted-foreground">
          {form.watch('identifyBy') === 'phone_and_pin'
            ? 'Members set their PIN in the member portal, under Profile.'
            : 'Members find their number in the member portal, under Profile.'}
        </p>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Check-in window</legend>
        <p className="text-sm text-muted-foreground">
          A check-in counts for the session the member booked from this many minutes before its
          start until this many minutes after.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            control={form.control}
            name="windowBeforeMinutes"
            label="Minutes before the start"
            step={1}
          />
          <NumberField
            control={form.control}
            name="windowAfterMinutes"
            label="Minutes after the start"
            step={1}
          />
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </Form>
  );
}
