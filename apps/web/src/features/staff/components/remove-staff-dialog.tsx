import type { StaffMember } from '@fitbase/domain/contracts/staff';
import { toast } from 'sonner';
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
import { errorMessage } from '@/lib/api-client';
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
    <AlertDialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove Staff Member</AlertDialogTitle>
          <AlertDialogDescription>
            Remove {name} from your team? They lose access to this organization; their account
            itself is kept.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              remove.mutate(member.id, {
                onSuccess: () => {
                  toast.success('Success', { description: 'Staff member removed successfully' });
                  onClose();
                },
                onError: (error) => {
                  toast.error('Error', {
                    description: errorMessage(error, 'Failed to remove staff member'),
                  });
                  onClose();
                },
              });
            }}
          >
            Remove
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
