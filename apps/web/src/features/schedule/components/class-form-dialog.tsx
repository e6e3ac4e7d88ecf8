import { zodResolver } from '@hookform/resolvers/zod';
import { WEEKDAY_CODES } from '@fitbase/domain/weekly-rule';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { PickerField } from '@/components/form/picker-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { ApiError } from '@/lib/api/api-error';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateClass } from '../api/create-class';
import { useServices } from '@/entities/services/api/list-services';
import {
  CLASS_COLORS,
  classFormSchema,
  classFormToInput,
  emptyClassForm,
  type ClassFormOutput,
  type ClassFormValues,
} from '../lib/class-form';
import { formatLocalDate } from '../lib/schedule-dates';
import { ConflictAlert, SessionTimeFields } from './session-fields';

interface ClassFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The date the form starts on (the day shown in the calendar, or today). */
  startsOn: string;
}

/** Add Class (docs/product/schedule.md#classes-and-sessions). */
export function ClassFormDialog({ open, onOpenChange, startsOn }: ClassFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Class"
      description={
        <>
          Sessions are created in the studio&apos;s time zone for the next 12 weeks and kept ahead
          as time passes.
        </>
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      {(close) => <ClassForm startsOn={startsOn} onDone={close} />}
    </EditorDialog>
  );
}

const FIELDS = [
  'name',
  'serviceId',
  'description',
  'startsOn',
  'startTime',
  'durationMinutes',
  'capacity',
  'trainerUserId',
  'facilityId',
  'color',
  'kind',
  'endsOn',
];

function ClassForm({ startsOn, onDone }: { startsOn: string; onDone: () => void }) {
  const form = useForm<ClassFormValues, unknown, ClassFormOutput>({
    resolver: zodResolver(classFormSchema),
    defaultValues: emptyClassForm(startsOn),
  });
  const create = useCreateClass();
  const services = useServices();
  const [conflict, setConflict] = useState<string | null>(null);
  const repeat = form.watch('repeat');
  const kind = form.watch('kind');
  const course = kind === 'course';
  const weekdaysError = form.formState.errors.weekdays?.message;

  // A service fills in its name and duration; a name typed by hand is kept.
  const serviceList = services.data;
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== 'serviceId') return;
      const service = serviceList?.find((s) => s.id === values.serviceId);
      if (!service) return;
      const previous = serviceList?.map((s) => s.name) ?? [];
      const typed = form.getValues('name').trim();
      if (typed === '' || previous.includes(typed)) form.setValue('name', service.name);
      if (service.durationMinutes) form.setValue('durationMinutes', service.durationMinutes);
    });
    return () => subscription.unsubscribe();
  }, [form, serviceList]);

  const onSubmit = async (values: ClassFormOutput) => {
    setConflict(null);
    try {
      await create.mutateAsync(classFormToInput(values));
      formSuccess('Success', `${course ? 'Course' : 'Class'} created successfully`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      reportError(error, {
        fallback: 'Failed to create class',
        form: { setError: form.setError, fields: FIELDS, afterFields: 'fallback' },
      });
    }
  };

  const weekdayLabel = (code: string, index: number) =>
    // 2024-01-01 was a Monday: its week names the days in the browser's language.
    formatLocalDate(`2024-01-0${index + 1}`, 'EEE') || code;

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !create.isPending}
      idPrefix="class"
      schema={classFormSchema}
      className="space-y-4"
      aria-label="Add Class"
    >
      <SelectField
        control={form.control}
        name="kind"
        label="Type"
        options={[
          { value: 'class', label: 'Class' },
          { value: 'course', label: 'Course' },
        ]}
        description={
          course
            ? 'A fixed series with an end date. Members enrol in every session of a course at once.'
            : 'Members book each session on its own.'
        }
      />
      <PickerField
        control={form.control}
        name="serviceId"
        label="Service"
        emptyOption="No service"
        description="Optional: fills in the name and duration."
        options={(services.data ?? [])
          .filter((s) => s.isActive)
          .map((s) => ({ value: s.id, label: s.name }))}
      />
      <TextField
        control={form.control}
        name="name"
        label="Class Name*"
        required
        autoComplete="off"
      />
      <TextareaField control={form.control} name="description" label="Description" rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField control={form.control} name="startsOn" label="Start Date*" required />
        <SessionTimeFields control={form.control} />
        <PickerField
          control={form.control}
          name="color"
          label="Colour"
          options={CLASS_COLORS.map((c) => ({ value: c.value, label: c.label }))}
        />
        <SelectField
          control={form.control}
          name="repeat"
          label="Repeat"
          options={[
            { value: 'none', label: 'Does not repeat' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
      </div>
      {repeat === 'weekly' ? (
        <div className="space-y-4">
          <fieldset
            className="space-y-2"
            aria-describedby={weekdaysError ? 'class-weekdays-error' : undefined}
          >
            <legend className="text-sm font-medium">Repeat on*</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {WEEKDAY_CODES.map((code, index) => (
                <SwitchField
                  key={code}
                  control={form.control}
                  name={`weekdays.${code}`}
                  label={weekdayLabel(code, index)}
                  variant="checkbox"
                />
              ))}
            </div>
            {weekdaysError ? (
              <p id="class-weekdays-error" className="text-sm text-destructive">
                {weekdaysError}
              </p>
            ) : null}
          </fieldset>
          <DateField
            control={form.control}
            name="endsOn"
            label={course ? 'End Date*' : 'End Date'}
            required={course}
            description={
              course
                ? 'The last day of the course.'
                : 'Optional: leave empty to repeat without end.'
            }
            min={form.getValues('startsOn') || undefined}
          />
        </div>
      ) : null}
      <ConflictAlert message={conflict} />
      <EditorDialogFooter onCancel={onDone} pending={create.isPending} submitLabel="Create Class" />
    </Form>
  );
}
