import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { PickerField } from '@/components/form/picker-field';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { ApiError } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import { useAppointmentSlots } from '../api/list-appointment-slots';
import { useBookAppointment } from '../api/book-appointment';
import { useServices } from '@/entities/services/api/list-services';
import { useTrainers } from '../api/list-trainers';
import { formatLocalDay, formatTimeRange, isLocalDate, todayIn } from '../lib/schedule-dates';
import { memberName } from './roster-format';

const chosen = (message: string) =>
  z
    .string()
    .nullable()
    .refine((value) => Boolean(value), message);

const appointmentFormSchema = z.object({
  trainerUserId: chosen('Choose a trainer'),
  serviceId: chosen('Choose a service'),
  date: z.string().refine(isLocalDate, 'Date must be a date'),
  startsAt: chosen('Choose a time'),
  search: z.string().max(100, 'Search is at most 100 characters'),
  memberId: chosen('Choose a member'),
});
type AppointmentForm = z.input<typeof appointmentFormSchema>;
type AppointmentOutput = z.output<typeof appointmentFormSchema>;

/** Answers that say the time is no longer free: shown in the form, with the server's words. */
const CONFLICT_CODES: ReadonlyArray<ApiError['code']> = [
  'schedule_clash',
  'booking_overlap',
  'outside_availability',
];
const FIELDS = ['trainerUserId', 'serviceId', 'memberId', 'startsAt'];

interface BookAppointmentDialogProps {
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Book Appointment (docs/product/schedule.md#appointments): a trainer's free time, one member. */
export function BookAppointmentDialog({
  timeZone,
  open,
  onOpenChange,
}: BookAppointmentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Book Appointment</DialogTitle>
          <DialogDescription>
            A one-to-one session in a trainer&apos;s free time, in the studio&apos;s time zone.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts again from today. */}
        {open ? (
          <BookAppointmentForm timeZone={timeZone} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function BookAppointmentForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const today = todayIn(timeZone);
  const { locale } = useStudioFormat();
  const form = useForm<AppointmentForm, unknown, AppointmentOutput>({
    resolver: zodResolver(appointmentFormSchema),
    defaultValues: {
      trainerUserId: null,
      serviceId: null,
      date: today,
      startsAt: null,
      search: '',
      memberId: null,
    },
  });
  const trainers = useTrainers();
  const services = useServices();
  const book = useBookAppointment();
  const [conflict, setConflict] = useState<string | null>(null);

  const [trainerUserId, serviceId, date, memberId] = form.watch([
    'trainerUserId',
    'serviceId',
    'date',
    'memberId',
  ]);
  const [member, setMember] = useState<MemberListItem>();
  const params =
    trainerUserId && serviceId && isLocalDate(date) ? { trainerUserId, serviceId, date } : null;
  const slots = useAppointmentSlots(params);

  // Another trainer, service or day offers other times: the choice starts again.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name === 'trainerUserId' || name === 'serviceId' || name === 'date') {
        form.setValue('startsAt', null);
        setConflict(null);
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // Trainers first (the usual choice), then every other member of staff.
  const trainerOptions = useMemo(() => {
    const list = trainers.data ?? [];
    return [
      ...list.filter((t) => t.role === 'trainer'),
      ...list.filter((t) => t.role !== 'trainer'),
    ].map((t) => ({ value: t.userId, label: t.name }));
  }, [trainers.data]);
  const serviceOptions = (services.data ?? [])
    .filter((s) => s.isActive && s.durationMinutes)
    .map((s) => ({ value: s.id, label: `${s.name} (${s.durationMinutes} min)` }));
  const slotOptions = (slots.data ?? []).map((slot) => ({
    value: slot.startsAt,
    label: formatTimeRange(slot.startsAt, slot.endsAt, timeZone, locale),
  }));
  const slotsNote = !params
    ? 'Choose a trainer, a service and a date first.'
    : slots.isPending
      ? 'Loading free times...'
      : slots.isError
        ? 'Failed to load free times'
        : slotOptions.length === 0
          ? 'No free times on this day'
          : undefined;

  const onSubmit = async (values: AppointmentOutput) => {
    setConflict(null);
    try {
      const session = await book.mutateAsync({
        trainerUserId: values.trainerUserId as string,
        serviceId: values.serviceId as string,
        memberId: values.memberId as string,
        startsAt: values.startsAt as string,
      });
      toast.success('Appointment booked', {
        description: [
          member ? memberName(member) : null,
          `${formatLocalDay(values.date, locale, { weekday: 'short', month: 'short', day: 'numeric' })} · ${formatTimeRange(session.startsAt, session.endsAt, timeZone, locale)}`,
        ]
          .filter(Boolean)
          .join(' · '),
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && CONFLICT_CODES.includes(error.code)) {
        setConflict(error.message);
        void slots.refetch();
        return;
      }
      reportError(error, {
        fallback: 'Failed to book appointment',
        form: { setError: form.setError, fields: FIELDS, afterFields: 'fallback' },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !book.isPending}
      idPrefix="appointment"
      schema={appointmentFormSchema}
      className="space-y-4"
      aria-label="Book Appointment"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <PickerField
          control={form.control}
          name="trainerUserId"
          label="Trainer*"
          emptyOption="Choose a trainer"
          description={trainers.isError ? 'Failed to load trainers' : undefined}
          options={trainerOptions}
        />
        <PickerField
          control={form.control}
          name="serviceId"
          label="Service*"
          emptyOption="Choose a service"
          description={
            services.isSuccess && serviceOptions.length === 0
              ? 'No active service has a duration yet.'
              : undefined
          }
          options={serviceOptions}
        />
        <DateField control={form.control} name="date" label="Date*" required min={today} />
        <PickerField
          control={form.control}
          name="startsAt"
          label="Time*"
          emptyOption="Choose a time"
          disabled={slotOptions.length === 0}
          description={slotsNote}
          options={slotOptions}
        />
      </div>
      <MemberSearchFields
        control={form.control}
        searchName="search"
        memberName="memberId"
        label="Member*"
        onChosenChange={setMember}
        disabled={book.isPending}
      />
      {conflict ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
        >
          {conflict}
        </p>
      ) : null}
      <EditorDialogFooter
        onCancel={onDone}
        pending={book.isPending}
        submitLabel={book.isPending ? 'Booking...' : 'Book Appointment'}
        submitDisabled={!memberId}
      />
    </Form>
  );
}
