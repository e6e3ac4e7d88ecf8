import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { ApiError } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import { useEnrolInCourse } from '../api/enrol-in-course';
import { memberName } from './roster-format';

const enrolSchema = z.object({
  search: z.string().max(100, 'Search is at most 100 characters'),
  memberId: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), 'Choose a member'),
});
type EnrolForm = z.input<typeof enrolSchema>;
type EnrolOutput = z.output<typeof enrolSchema>;

/** Answers that refuse the enrolment as a whole: shown in the form, with the server's words. */
const REFUSALS: ReadonlyArray<ApiError['code']> = ['course_full', 'already_booked'];

interface EnrolCourseDialogProps {
  classId: string;
  courseName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Enrol member in course (docs/product/schedule.md#courses): every upcoming session at once. */
export function EnrolCourseDialog({ open, onOpenChange, ...props }: EnrolCourseDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Enrol member in course"
      description={
        <>
          The member is booked into every upcoming session of {props.courseName}, or none when one
          is full.
        </>
      }
    >
      {(close) => <EnrolForm {...props} onDone={close} />}
    </EditorDialog>
  );
}

function EnrolForm({
  classId,
  onDone,
}: Omit<EnrolCourseDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<EnrolForm, unknown, EnrolOutput>({
    resolver: zodResolver(enrolSchema),
    defaultValues: { search: '', memberId: null },
  });
  const memberId = form.watch('memberId');
  const [member, setMember] = useState<MemberListItem>();
  const enrol = useEnrolInCourse(classId);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async ({ memberId: id }: EnrolOutput) => {
    setRefusal(null);
    try {
      const { bookings } = await enrol.mutateAsync({ memberId: id as string });
      toast.success(`Enrolled in ${bookings} ${bookings === 1 ? 'session' : 'sessions'}`, {
        description: member ? memberName(member) : undefined,
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && REFUSALS.includes(error.code)) {
        setRefusal(error.message);
        return;
      }
      reportError(error, { fallback: 'Failed to enrol member' });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !enrol.isPending}
      idPrefix="enrol-course"
      schema={enrolSchema}
      className="space-y-4"
      aria-label="Enrol member in course"
    >
      <MemberSearchFields
        control={form.control}
        searchName="search"
        memberName="memberId"
        onChosenChange={setMember}
        disabled={enrol.isPending}
      />
      {refusal ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
        >
          {refusal}
        </p>
      ) : null}
      <EditorDialogFooter
        onCancel={onDone}
        pending={enrol.isPending}
        submitLabel={enrol.isPending ? 'Enrolling...' : 'Enrol'}
        submitDisabled={!memberId}
      />
    </Form>
  );
}
