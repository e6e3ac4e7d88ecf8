import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import type { EditScope } from '@fitbase/domain/schedule-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { NumberField } from '@/components/form/number-fields';
import { PickerField } from '@/components/form/picker-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api/api-error';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useFacilities } from '../api/list-facilities';
import { useTrainers } from '../api/list-trainers';
import { useUpdateSession } from '../api/update-session';
import { timeOptions } from '../lib/class-form';
import {
  sessionChanges,
  sessionFormSchema,
  sessionToForm,
  type SessionFormOutput,
  type SessionFormValues,
} from '../lib/session-form';
import { EDIT_SCOPE_LABELS } from './edit-scope-dialog';

interface SessionEditDialogProps {
  timeZone: string;
  session: SessionSummary;
  /** Which sessions the change applies to; null keeps the dialog closed. */
  scope: EditScope | null;
  onClose: () => void;
}

/** Edit Session: the session's own fields, applied to the chosen scope. */
export function SessionEditDialog({ scope, onClose, ...rest }: SessionEditDialogProps) {
  return (
    <Dialog open={scope !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit Session</DialogTitle>
          <DialogDescription>
            {scope ? `Applies to: ${EDIT_SCOPE_LABELS[scope]}.` : null}
          </DialogDescription>
        </DialogHeader>
        {scope ? <SessionForm {...rest} scope={scope} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const FIELDS = ['name', 'startTime', 'durationMinutes', 'capacity', 'trainerUserId', 'facilityId'];

function SessionForm({
  timeZone,
  session,
  scope,
  onDone,
}: Omit<SessionEditDialogProps, 'onClose' | 'scope'> & { scope: EditScope; onDone: () => void }) {
  const [initial] = useState(() => sessionToForm(session, timeZone));
  const form = useForm<SessionFormValues, unknown, SessionFormOutput>({
    resolver: zodResolver(sessionFormSchema),
    defaultValues: initial,
  });
  const update = useUpdateSession();
  const trainers = useTrainers();
  const facilities = useFacilities();
  const [conflict, setConflict] = useState<string | null>(null);
  const startTime = form.watch('startTime');

  const onSubmit = async (values: SessionFormOutput) => {
    setConflict(null);
    const changes = sessionChanges(scope, initial, values);
    if (!changes) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync({ id: session.id, changes });
      formSuccess('Success', 'Session updated successfully');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      reportError(error, {
        fallback: 'Failed to update session',
        form: { setError: form.setError, fields: FIELDS, afterFields: 'fallback' },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !update.isPending}
      idPrefix="session"
      schema={sessionFormSchema}
      className="space-y-4"
      aria-label="Edit Session"
    >
      <TextField control={form.control} name="name" label="Name*" required autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="startTime"
          label="Start Time*"
          required
          options={timeOptions(startTime)}
        />
        <NumberField
          control={form.control}
          name="durationMinutes"
          label="Duration (minutes)*"
          required
          step={1}
        />
        <NumberField control={form.control} name="capacity" label="Capacity*" required step={1} />
        <PickerField
          control={form.control}
          name="trainerUserId"
          label="Trainer"
          emptyOption="No trainer"
          options={(trainers.data ?? []).map((t) => ({ value: t.userId, label: t.name }))}
        />
        <PickerField
          control={form.control}
          name="facilityId"
          label="Facility"
          emptyOption="No facility"
          options={(facilities.data ?? []).map((f) => ({
            value: f.id,
            label: `${f.name} (${f.capacity})`,
          }))}
        />
      </div>
      {conflict ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
        >
          {conflict}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save Changes
        </Button>
      </DialogFooter>
    </Form>
  );
}
