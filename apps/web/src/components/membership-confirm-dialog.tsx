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

/**
 * The server refused because the member's membership is not active (409
 * 'membership_not_active'); its message says whose and asks whether to go on anyway.
 */
export function MembershipConfirmDialog({
  message,
  actionLabel = 'Check in anyway',
  onConfirm,
  onClose,
}: {
  /** The server's message; null keeps the dialog closed. */
  message: string | null;
  actionLabel?: string;
  onConfirm: () => void;
  /** The dialog closed: cancelled, dismissed, or after `onConfirm`. */
  onClose: () => void;
}) {
  return (
    <AlertDialog open={message !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Membership not active</AlertDialogTitle>
          <AlertDialogDescription>{message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{actionLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
