import type { Availability } from '@fitbase/domain/contracts/appointments';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { can } from '@fitbase/domain/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { failureMessage } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useAvailability } from '../api/get-availability';
import { useTrainers } from '../api/list-trainers';
import { useUpdateAvailability } from '../api/update-availability';
import {
  availabilityFormSchema,
  availabilityToForm,
  groupByWeekday,
  weekdayName,
  WEEKDAYS_MONDAY_FIRST,
  type AvailabilityFormOutput,
  type AvailabilityFormValues,
} from '../lib/availability-form';
import { timeOptions } from '../lib/class-form';
import { formatWallTimeRange } from '../lib/schedule-dates';

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';

interface AvailabilityTabProps {
  role: OrganizationRole | null;
  /** The signed-in person (null while loading). */
  userId: string | null;
}

/**
 * Trainers' weekly availability (docs/product/schedule.md#appointments): everyone sees it;
 * owners and admins edit anyone's, a trainer only their own, staff only read.
 */
export function AvailabilityTab({ role, userId }: AvailabilityTabProps) {
  const trainers = useTrainers();
  const editsAnyone = can(role, 'schedule.manage');
  const ownOnly = role === 'trainer';
  const selectId = useId();
  // Trainers first (the usual choice), then every other member of staff.
  const people = useMemo(() => {
    const list = trainers.data ?? [];
    return [
      ...list.filter((t) => t.role === 'trainer'),
      ...list.filter((t) => t.role !== 'trainer'),
    ];
  }, [trainers.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const fallback = people.find((t) => t.role === 'trainer')?.userId ?? userId;
  const trainerId = ownOnly ? userId : (picked ?? fallback ?? null);
  const trainer = people.find((t) => t.userId === trainerId);
  const canEdit = trainerId !== null && (editsAnyone || (ownOnly && trainerId === userId));
  const availability = useAvailability(trainerId);

  return (
    <div className="space-y-4">
      {ownOnly ? null : (
        <div className="max-w-xs space-y-2">
          <Label htmlFor={selectId}>Trainer</Label>
          <select
            id={selectId}
            className={selectClass}
            value={trainerId ?? ''}
            onChange={(event) => setPicked(event.target.value || null)}
          >
            {trainerId === null ? <option value="">Choose a trainer</option> : null}
            {people.map((t) => (
              <option key={t.userId} value={t.userId}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">
              {trainer ? `Weekly availability of ${trainer.name}` : 'Weekly availability'}
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          {trainerId === null || availability.isPending ? (
            <p className="text-muted-foreground" role="status">
              Loading availability...
            </p>
          ) : availability.isError ? (
            <p role="alert" className="text-destructive">
              {failureMessage(availability.error, 'Failed to load availability')}
            </p>
          ) : (
            <>
              <WeeklySummary availability={availability.data} />
              {canEdit ? (
                <AvailabilityEditor
                  key={trainerId}
                  userId={trainerId}
                  availability={availability.data}
                />
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function WeeklySummary({ availability }: { availability: Availability }) {
  const { locale } = useStudioFormat();
  const groups = groupByWeekday(availability);
  if (groups.length === 0)
    return (
      <p className="text-muted-foreground" role="status">
        No availability set: appointments cannot be booked with this trainer yet.
      </p>
    );
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Weekly hours">
      {groups.map((group) => (
        <div key={group.weekday} className="contents">
          <dt className="font-medium">{weekdayName(group.weekday)}</dt>
          <dd className="tabular-nums">
            {group.slots.map((s) => formatWallTimeRange(s.startTime, s.endTime, locale)).join(', ')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const WEEKDAY_OPTIONS = WEEKDAYS_MONDAY_FIRST.map((weekday) => ({
  value: String(weekday),
  label: weekdayName(weekday),
}));

function AvailabilityEditor({
  userId,
  availability,
}: {
  userId: string;
  availability: Availability;
}) {
  const { locale } = useStudioFormat();
  const form = useForm<AvailabilityFormValues, unknown, AvailabilityFormOutput>({
    resolver: zodResolver(availabilityFormSchema),
    defaultValues: availabilityToForm(availability),
  });
  const rows = useFieldArray({ control: form.control, name: 'slots' });
  const save = useUpdateAvailability(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const values = form.watch('slots');

  // A change saved elsewhere (another tab, a live event) shows here while nothing is edited.
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset(availabilityToForm(availability));
  }, [availability, isDirty, form]);

  const onSubmit = async (input: AvailabilityFormOutput) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(input);
      form.reset(availabilityToForm(saved));
      formSuccess('Success', 'Availability saved');
    } catch (error) {
      const known = input.slots.flatMap((_, i) =>
        ['weekday', 'startTime', 'endTime'].map((field) => `slots.${i}.${field}`),
      );
      const applied = reportError(error, {
        message: 'Failed to save availability',
        form: { setError: form.setError, fields: known },
      });
      if (applied.length === 0) setProblem(failureMessage(error, 'Failed to save availability'));
    }
  };

  const rowError =
    form.formState.errors.slots?.root?.message ?? form.formState.errors.slots?.message;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !save.isPending}
      idPrefix="availability"
      className="space-y-4"
      aria-label="Edit availability"
    >
      <h3 className="text-base font-semibold">Edit availability</h3>
      {rows.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No times yet: add the hours this trainer takes appointments.
        </p>
      ) : (
        <ul className="space-y-3">
          {rows.fields.map((row, index) => (
            <li key={row.id}>
              <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start">
                <legend className="sr-only">Time {index + 1}</legend>
                <SelectField
                  control={form.control}
                  name={`slots.${index}.weekday`}
                  label="Weekday"
                  options={WEEKDAY_OPTIONS}
                />
                <SelectField
                  control={form.control}
                  name={`slots.${index}.startTime`}
                  label="Start time"
                  options={timeOptions(values[index]?.startTime, locale)}
                />
                <SelectField
                  control={form.control}
                  name={`slots.${index}.endTime`}
                  label="End time"
                  options={timeOptions(values[index]?.endTime, locale)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="sm:mt-7"
                  aria-label={`Remove time ${index + 1}`}
                  onClick={() => rows.remove(index)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      {rowError ? <p className="text-sm text-destructive">{rowError}</p> : null}
      {problem ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
        >
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            // The day after the last row's: adding rows fills the week, Monday first.
            const last = values[values.length - 1];
            const at = last
              ? (WEEKDAYS_MONDAY_FIRST as readonly number[]).indexOf(Number(last.weekday))
              : -1;
            rows.append({
              weekday: String(WEEKDAYS_MONDAY_FIRST[(at + 1) % 7]),
              startTime: '09:00',
              endTime: '17:00',
            });
          }}
        >
          <Plus aria-hidden />
          Add time
        </Button>
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {save.isPending ? 'Saving...' : 'Save Availability'}
        </Button>
      </div>
    </Form>
  );
}
