import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Form } from '@/components/form/form';
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
import { reportError } from '@/lib/report-error';
import { useBookClient } from '../api/book-client';
import { sessionTimeRange } from './home-format';

const bookClientSchema = z.object({
  search: z.string().max(200),
  memberId: z.string({ error: 'Choose a member' }).min(1, 'Choose a member'),
});
type BookClientValues = z.input<typeof bookClientSchema>;
type BookClientOutput = z.output<typeof bookClientSchema>;

/** Book Client on the studio home (docs/product/dashboards.md#studio-home). */
export function BookClientDialog({
  timeZone,
  session,
  onClose,
}: {
  timeZone: string;
  /** The session to book into; null keeps the dialog closed. */
  session: SessionSummary | null;
  onClose: () => void;
}) {
  const { locale } = useStudioFormat();
  return (
    <Dialog open={session !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Book Client</DialogTitle>
          {session ? (
            <DialogDescription>
              {session.name}, {sessionTimeRange(session.startsAt, session.endsAt, timeZone, locale)}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        {/* Mounted only while open, so each opening starts empty. */}
        {session ? <BookClientForm session={session} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BookClientForm({ session, onDone }: { session: SessionSummary; onDone: () => void }) {
  const form = useForm<BookClientValues, unknown, BookClientOutput>({
    resolver: zodResolver(bookClientSchema),
    defaultValues: { search: '', memberId: '' },
  });
  const book = useBookClient();
  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  const memberId = form.watch('memberId');

  const submit = async (chosenMemberId: string, confirm: boolean) => {
    try {
      const booking = await book.mutateAsync({
        sessionId: session.id,
        input: { memberId: chosenMemberId, confirm },
      });
      if (booking.status === 'waitlisted') {
        formSuccess(
          'Added to the waitlist',
          booking.waitlistPosition
            ? `${session.name} is full: number ${booking.waitlistPosition} on the waitlist`
            : `${session.name} is full: added to the waitlist`,
        );
      } else {
        formSuccess('Booked', `Booked into ${session.name}`);
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'membership_not_active' && !confirm) {
        dismissFormFeedback();
        setConfirmMessage(error.message);
        return;
      }
      reportError(error, {
        title: 'Booking failed',
        fallback: 'Failed to book the client',
        form: { setError: form.setError, fields: ['memberId'] },
      });
    }
  };

  return (
    <>
      <Form
        form={form}
        onSubmit={({ memberId: chosen }) => submit(chosen, false)}
        canSubmit={() => !book.isPending}
        idPrefix="book-client"
        schema={bookClientSchema}
        className="space-y-4"
        aria-label="Book Client"
      >
        <MemberSearchFields
          control={form.control}
          searchName="search"
          memberName="memberId"
          label="Member*"
          disabled={book.isPending}
        />
        <EditorDialogFooter
          onCancel={onDone}
          pending={book.isPending}
          submitLabel={book.isPending ? 'Booking...' : 'Book Client'}
          submitDisabled={!memberId}
        />
      </Form>
      <MembershipConfirmDialog
        message={confirmMessage}
        actionLabel="Book anyway"
        onClose={() => setConfirmMessage(null)}
        onConfirm={() => {
          setConfirmMessage(null);
          void submit(form.getValues('memberId'), true);
        }}
      />
    </>
  );
}
