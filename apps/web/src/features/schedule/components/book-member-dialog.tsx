import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { PickerField } from '@/components/form/picker-field';
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
import { failureMessage } from '@/lib/form-errors';
import { useBookMember } from '../api/book-member';
import { useMemberSearch } from '../api/search-members';
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

const SEARCH_DELAY_MS = 300;

interface BookMemberDialogProps {
  organizationId: string;
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
  organizationId,
  sessionId,
  excludedMemberIds,
  onDone,
}: Omit<BookMemberDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<BookForm, unknown, BookOutput>({
    resolver: zodResolver(bookSchema),
    defaultValues: { search: '', memberId: null },
  });
  const search = form.watch('search');
  const memberId = form.watch('memberId');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const members = useMemberSearch(organizationId, term);
  const book = useBookMember(organizationId, sessionId);

  const candidates = useMemo(
    () => (members.data ?? []).filter((member) => !excludedMemberIds.has(member.id)),
    [members.data, excludedMemberIds],
  );

  const onSubmit = async ({ memberId: id }: BookOutput) => {
    const member = candidates.find((candidate) => candidate.id === id);
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
      toast.error('Error', { description: failureMessage(error, 'Failed to book member') });
    }
  };

  const noMatches = members.isSuccess && candidates.length === 0;
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
      <TextField
        control={form.control}
        name="search"
        type="search"
        label="Search members"
        placeholder="Name or email"
        autoComplete="off"
        // A new search offers other members: the choice starts again.
        onValueChange={() => form.setValue('memberId', null)}
      />
      <PickerField
        control={form.control}
        name="memberId"
        label="Member"
        emptyOption="Choose a member"
        description={
          members.isError
            ? 'Failed to load members'
            : noMatches
              ? 'No members match this search'
              : undefined
        }
        options={candidates.map((member) => ({
          value: member.id,
          label: `${memberName(member)} · ${member.email}`,
        }))}
      />
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={book.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={book.isPending || !memberId}>
          {book.isPending ? 'Booking...' : 'Book'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
