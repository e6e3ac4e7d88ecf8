import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { reportError } from '@/lib/report-error';
import { useBookMember } from '../api/book-member';
import { memberName } from './roster-format';

const bookSchema = z.object({
  search: z.string().max(100, 'Search is at most 100 characters'),
  memberId: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), 'Choose a member'),
});
type BookForm = z.input<typeof bookSchema>;
type BookOutput = z.output<typeof bookSchema>;

interface BookMemberDialogProps {
  sessionId: string;
  /** Members who already hold a booking or waitlist place in the session. */
  excludedMemberIds: ReadonlySet<string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Book member: search by name or email, pick one, book (or waitlist when full). */
export function BookMemberDialog({ open, onOpenChange, ...props }: BookMemberDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Book member</DialogTitle>
          <DialogDescription>
            When the session is full, the member joins the waitlist.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts with an empty search. */}
        <BookMemberForm {...props} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function BookMemberForm({
  sessionId,
  excludedMemberIds,
  onDone,
}: Omit<BookMemberDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<BookForm, unknown, BookOutput>({
    resolver: zodResolver(bookSchema),
    defaultValues: { search: '', memberId: null },
  });
  const memberId = form.watch('memberId');
  const [member, setMember] = useState<MemberListItem>();
  const book = useBookMember(sessionId);

  const onSubmit = async ({ memberId: id }: BookOutput) => {
    try {
      const booking = await book.mutateAsync({ memberId: id as string });
      const name = member ? memberName(member) : undefined;
      if (booking.status === 'waitlisted')
        toast.success(`Added to the waitlist (position ${booking.waitlistPosition ?? '?'})`, {
          description: name,
        });
      else toast.success('Booked', { description: name });
      onDone();
    } catch (error) {
      reportError(error, { fallback: 'Failed to book member' });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !book.isPending}
      idPrefix="book-member"
      schema={bookSchema}
      className="space-y-4"
      aria-label="Book member"
    >
      <MemberSearchFields
        control={form.control}
        searchName="search"
        memberName="memberId"
        excludedMemberIds={excludedMemberIds}
        onChosenChange={setMember}
        disabled={book.isPending}
      />
      <EditorDialogFooter
        onCancel={onDone}
        pending={book.isPending}
        submitLabel={book.isPending ? 'Booking...' : 'Book'}
        submitDisabled={!memberId}
      />
    </Form>
  );
}
