import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Form } from '@/components/form/form';
import { PickerField } from '@/components/form/picker-field';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import { MembershipConfirmDialog } from '@/components/membership-confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { ApiError } from '@/lib/api/api-error';
import { dismissFormFeedback, formSuccess } from '@/lib/form-feedback';
import { useCheckInMember } from '@/entities/members/api/check-in-member';
import { reportError } from '@/lib/report-error';
import { sessionTimeRange } from './home-format';

const checkInSchema = z.object({
  search: z.string().max(200),
  memberId: z.string({ error: 'Choose a member' }).min(1, 'Choose a member'),
  /** One of today's sessions; null for a plain visit. */
  sessionId: z.string().nullable(),
});
type CheckInValues = z.input<typeof checkInSchema>;
type CheckInOutput = z.output<typeof checkInSchema>;

/**
 * Member Check-in on the studio home (docs/product/dashboards.md#studio-home): a plain visit, or
 * a check-in to one of today's sessions (the server books the member first when needed).
 */
export function CheckInDialog({
  timeZone,
  todaySessions,
  open,
  onOpenChange,
}: {
  timeZone: string;
  todaySessions: SessionSummary[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Member Check-in</DialogTitle>
          <DialogDescription>
            Record a visit now, or check the member in to one of today&apos;s classes.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <CheckInForm
            timeZone={timeZone}
            todaySessions={todaySessions}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CheckInForm({
  timeZone,
  todaySessions,
  onDone,
}: {
  timeZone: string;
  todaySessions: SessionSummary[];
  onDone: () => void;
}) {
  const { locale } = useStudioFormat();
  const form = useForm<CheckInValues, unknown, CheckInOutput>({
    resolver: zodResolver(checkInSchema),
    defaultValues: { search: '', memberId: '', sessionId: null },
  });
  const checkIn = useCheckInMember();
  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  const memberId = form.watch('memberId');
  const sessionOptions = todaySessions
    .filter((session) => session.status === 'scheduled')
    .map((session) => ({
      value: session.id,
      label: `${sessionTimeRange(session.startsAt, session.endsAt, timeZone, locale)} · ${session.name}`,
    }));

  const submit = async (values: CheckInOutput, confirm: boolean) => {
    try {
      const result = await checkIn.mutateAsync({
        memberId: values.memberId,
        sessionId: values.sessionId,
        confirm,
      });
      formSuccess(
        result.duplicate ? 'Already checked in' : 'Checked in',
        result.duplicate
          ? 'This member checked in less than a minute ago: it counts as one visit.'
          : 'The visit is recorded.',
      );
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'membership_not_active' && !confirm) {
        dismissFormFeedback();
        setConfirmMessage(error.message);
        return;
      }
      reportError(error, {
        title: 'Check-in failed',
        fallback: 'Failed to check the member in',
        form: { setError: form.setError, fields: ['memberId', 'sessionId'] },
      });
    }
  };

  return (
    <>
      <Form
        form={form}
        onSubmit={(values) => submit(values, false)}
        canSubmit={() => !checkIn.isPending}
        idPrefix="check-in"
        schema={checkInSchema}
        className="space-y-4"
        aria-label="Member Check-in"
      >
        <MemberSearchFields
          control={form.control}
          searchName="search"
          memberName="memberId"
          label="Member*"
          disabled={checkIn.isPending}
        />
        <PickerField
          control={form.control}
          name="sessionId"
          label="Check in to"
          description={sessionOptions.length === 0 ? 'No classes today' : undefined}
          options={sessionOptions}
          emptyOption="Plain visit"
          disabled={checkIn.isPending}
        />
        <EditorDialogFooter
          onCancel={onDone}
          pending={checkIn.isPending}
          submitLabel={checkIn.isPending ? 'Checking in...' : 'Check In'}
          submitDisabled={!memberId}
        />
      </Form>
      <MembershipConfirmDialog
        message={confirmMessage}
        onClose={() => setConfirmMessage(null)}
        onConfirm={() => {
          setConfirmMessage(null);
          void submit(checkInSchema.parse(form.getValues()), true);
        }}
      />
    </>
  );
}
