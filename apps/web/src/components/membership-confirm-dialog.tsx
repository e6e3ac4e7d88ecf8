import { ConfirmDialog } from '@/components/ui/confirm-dialog';

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
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Membership not active"
      description={message}
      confirmLabel={actionLabel}
      onConfirm={onConfirm}
    />
  );
}
