import type { StaffMember } from '@fitbase/domain/contracts/staff';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportError } from '@/lib/report-error';
import { useRemoveStaff } from '../api/remove-staff';
import { displayName } from './staff-format';

/** The confirmation before Remove Staff Member deletes the membership. */
export function RemoveStaffDialog({
  member,
  onClose,
}: {
  member: StaffMember;
  onClose: () => void;
}) {
  const remove = useRemoveStaff();
  const name = displayName(member);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Remove Staff Member"
      description={
        <>
          Remove {name} from your team? They lose access to this organization; their account itself
          is kept.
        </>
      }
      confirmLabel="Remove"
      destructive
      pending={remove.isPending}
      // Keep the dialog open until the server answers.
      closeOnConfirm={false}
      onConfirm={() =>
        remove.mutate(member.id, {
          onSuccess: () => {
            toast.success('Success', { description: 'Staff member removed successfully' });
            onClose();
          },
          onError: (error) => {
            reportError(error, { fallback: 'Failed to remove staff member' });
            onClose();
          },
        })
      }
    />
  );
}
