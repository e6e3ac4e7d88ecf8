import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import type { EditScope } from '@fitbase/domain/schedule-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { ApiError } from '@/lib/api/api-error';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useUpdateSession } from '../api/update-session';
import {
  sessionChanges,
  sessionFormSchema,
  sessionToForm,
  type SessionFormOutput,
  type SessionFormValues,
} from '../lib/session-form';
import { EDIT_SCOPE_LABELS } from './edit-scope-dialog';
import { ConflictAlert, SessionTimeFields } from './session-fields';

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
    <EditorDialog
      open={scope !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Session"
      description={scope ? `Applies to: ${EDIT_SCOPE_LABELS[scope]}.` : null}
      className="max-h-[90vh] overflow-y-auto"
    >
      {(close) => (scope ? <SessionForm {...rest} scope={scope} onDone={close} /> : null)}
    </EditorDialog>
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
  const [conflict, setConflict] = useState<string | null>(null);

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
        <SessionTimeFields control={form.control} />
      </div>
      <ConflictAlert message={conflict} />
      <EditorDialogFooter onCancel={onDone} pending={update.isPending} submitLabel="Save Changes" />
    </Form>
  );
}
