import { type Control, useWatch } from 'react-hook-form';
import { NumberField } from '@/components/form/number-fields';
import { PickerField } from '@/components/form/picker-field';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { SelectField } from '@/components/form/select-field';
import { useFacilities } from '../api/list-facilities';
import { useTrainers } from '../api/list-trainers';
import { timeOptions } from '../lib/class-form';
import type { SessionFormValues } from '../lib/session-form';

type SessionTimeValues = Omit<SessionFormValues, 'name'>;

/**
 * A session's time, size and people, the same in Add Class and Edit Session: Start Time,
 * Duration, Capacity, Trainer and Facility, laid out by the form's own grid.
 */
export function SessionTimeFields<T extends SessionTimeValues>({
  control: formControl,
}: {
  control: Control<T>;
}) {
  // Both forms hold these fields under the same names; the cast only forgets the others.
  const control = formControl as unknown as Control<SessionTimeValues>;
  const trainers = useTrainers();
  const facilities = useFacilities();
  const startTime = useWatch({ control, name: 'startTime' });
  const { locale } = useStudioFormat();
  return (
    <>
      <SelectField
        control={control}
        name="startTime"
        label="Start Time*"
        required
        options={timeOptions(startTime, locale)}
      />
      <NumberField
        control={control}
        name="durationMinutes"
        label="Duration (minutes)*"
        required
        step={1}
      />
      <NumberField control={control} name="capacity" label="Capacity*" required step={1} />
      <PickerField
        control={control}
        name="trainerUserId"
        label="Trainer"
        emptyOption="No trainer"
        options={(trainers.data ?? []).map((t) => ({ value: t.userId, label: t.name }))}
      />
      <PickerField
        control={control}
        name="facilityId"
        label="Facility"
        emptyOption="No facility"
        options={(facilities.data ?? []).map((f) => ({
          value: f.id,
          label: `${f.name} (${f.capacity})`,
        }))}
      />
    </>
  );
}

/** A schedule conflict the server named (a trainer or facility already booked then). */
export function ConflictAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
