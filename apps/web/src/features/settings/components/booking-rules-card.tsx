import { zodResolver } from '@hookform/resolvers/zod';
import {
  scheduleSettingsSchema,
  type ScheduleSettings,
  type ScheduleSettingsInput,
} from '@fitbase/domain/contracts/bookings';
import { can } from '@fitbase/domain/permissions';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { NumberField } from '@/components/form/number-fields';
import { SwitchField } from '@/components/form/switch-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formSuccess } from '@/lib/form-feedback';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useScheduleSettings, useUpdateScheduleSettings } from '../api/booking-rules';
import { PenaltyField } from './booking-penalty-field';

const FIELDS = [
  'lateCancelHours',
  'waitlistCutoffHours',
  'bookingClosesMinutes',
  'autoNoShow',
  'noShowAfterMinutes',
  'lateCancelPenalty',
  'lateCancelPenalty.amount',
  'noShowPenalty',
  'noShowPenalty.amount',
];

/**
 * The studio's booking rules (docs/product/schedule.md): late-cancel window, waitlist cut-off,
 * when booking closes and automatic no-shows. Owners and admins save; others read. Shown in
 * Settings → General, the one place of the studio's rules (the schedule links here).
 */
export function BookingRulesCard() {
  const { role } = useCurrentOrganization();
  const settings = useScheduleSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Booking rules</h2>
        </CardTitle>
        <CardDescription>
          How booking, cancelling and the waitlist work in this studio
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the booking rules
          </p>
        ) : (
          <SettingsForm
            // A saved or live-updated version starts the form again from the stored rules.
            key={JSON.stringify(settings.data)}
            settings={settings.data}
            canEdit={can(role, 'schedule.manage')}
          />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings, canEdit }: { settings: ScheduleSettings; canEdit: boolean }) {
  const form = useForm<ScheduleSettingsInput, unknown, ScheduleSettings>({
    resolver: zodResolver(scheduleSettingsSchema),
    defaultValues: settings,
  });
  const update = useUpdateScheduleSettings();
  const autoNoShow = form.watch('autoNoShow');
  const readOnly = !canEdit;

  const onSubmit = async (values: ScheduleSettings) => {
    try {
      await update.mutateAsync(values);
      formSuccess('Success', 'Booking rules saved');
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save booking rules',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => canEdit && !update.isPending}
      idPrefix="schedule-settings"
      schema={scheduleSettingsSchema}
      className="space-y-5"
      aria-label="Booking rules"
    >
      {readOnly ? (
        <p className="text-sm text-muted-foreground">
          Only owners and admins can change the booking rules.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          control={form.control}
          name="lateCancelHours"
          label="Late-cancel window (hours)"
          description="A cancel this close to the start counts as a late cancel."
          step={1}
          readOnly={readOnly}
        />
        <NumberField
          control={form.control}
          name="waitlistCutoffHours"
          label="Waitlist promotion cut-off (hours)"
          description="The waitlist stops moving members up this close to the start."
          step={1}
          readOnly={readOnly}
        />
        <NumberField
          control={form.control}
          name="bookingClosesMinutes"
          label="Booking closes (minutes before start)"
          description="0 keeps booking open until the start; a negative number keeps it open after the start."
          step={1}
          readOnly={readOnly}
        />
      </div>
      <SwitchField
        control={form.control}
        name="autoNoShow"
        label="Mark no-shows automatically"
        description="Members still booked become no-shows when attendance closes by itself."
        disabled={readOnly}
      />
      <NumberField
        control={form.control}
        name="noShowAfterMinutes"
        label="Mark no-shows after (minutes after the end)"
        step={1}
        readOnly={readOnly || !autoNoShow}
        className="sm:max-w-[calc(50%-0.5rem)]"
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Penalties</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <PenaltyField
            control={form.control}
            name="lateCancelPenalty"
            label="Late-cancel penalty"
            readOnly={readOnly}
          />
          <PenaltyField
            control={form.control}
            name="noShowPenalty"
            label="No-show penalty"
            readOnly={readOnly}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          Keep the credit: a class-pack credit is not given back. A fee is charged to the card on
          file, or recorded as owed when there is none.
        </p>
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save booking rules'}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
