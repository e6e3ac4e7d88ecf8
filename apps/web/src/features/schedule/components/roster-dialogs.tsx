import type { RosterEntry } from '@fitbase/domain/contracts/bookings';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { memberName } from './roster-format';

/** Cancelling frees the place (and may count as a late cancel), so it asks first. */
export function CancelBookingDialog({
  entry,
  onOpenChange,
  onConfirm,
}: {
  entry: RosterEntry | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (entry: RosterEntry) => void;
}) {
  const waitlisted = entry?.status === 'waitlisted';
  const name = entry ? memberName(entry.member) : '';
  return (
    <ConfirmDialog
      open={Boolean(entry)}
      onOpenChange={onOpenChange}
      title="Cancel booking"
      description={
        waitlisted
          ? `Take ${name} off the waitlist?`
          : `Cancel ${name}'s booking? Their place goes to the first member on the waitlist. Inside the late-cancel window it counts as a late cancel.`
      }
      cancelLabel="Keep booking"
      confirmLabel="Cancel booking"
      destructive
      onConfirm={() => entry && onConfirm(entry)}
    />
  );
}

/** Closing is final: members still booked become no-shows and check-ins can no longer be undone. */
export function CloseAttendanceDialog({
  open,
  stillBooked,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  stillBooked: number;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Close attendance"
      description={
        <>
          {stillBooked === 1
            ? '1 member is booked but not checked in and will be marked no-show.'
            : `${stillBooked} members are booked but not checked in and will be marked no-show.`}{' '}
          Check-ins can no longer be undone afterwards.
        </>
      }
      cancelLabel="Keep open"
      confirmLabel="Close attendance"
      onConfirm={onConfirm}
    />
  );
}
