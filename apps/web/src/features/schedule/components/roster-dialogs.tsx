import type { RosterEntry } from '@fitbase/domain/contracts/bookings';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
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
    <AlertDialog open={Boolean(entry)} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel booking</AlertDialogTitle>
          <AlertDialogDescription>
            {waitlisted
              ? `Take ${name} off the waitlist?`
              : `Cancel ${name}'s booking? Their place goes to the first member on the waitlist. Inside the late-cancel window it counts as a late cancel.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep booking</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => entry && onConfirm(entry)}
          >
            Cancel booking
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Close attendance</AlertDialogTitle>
          <AlertDialogDescription>
            {stillBooked === 1
              ? '1 member is booked but not checked in and will be marked no-show.'
              : `${stillBooked} members are booked but not checked in and will be marked no-show.`}{' '}
            Check-ins can no longer be undone afterwards.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep open</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Close attendance</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
