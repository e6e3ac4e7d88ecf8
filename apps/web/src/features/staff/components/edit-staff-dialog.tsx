import {
  splitFullName,
  STAFF_MESSAGES,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@fitbase/domain/contracts/staff';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useUpdateStaff } from '../api/update-staff';
import { StaffFormFields, type StaffFormValues } from './staff-form-fields';

function initialValues(member: StaffMember): StaffFormValues {
  const { firstName, lastName } = splitFullName(member.fullName);
  const role = (STAFF_ROLES as readonly string[]).includes(member.role)
    ? (member.role as StaffRole)
    : 'staff';
  return { firstName, lastName, email: member.email, department: member.department ?? '', role };
}

/** Edit Staff Invitation (doc 2 §2): the profile and the role; the email stays the person's. */
export function EditStaffDialog({
  organizationId,
  member,
  isSelf,
  onClose,
}: {
  organizationId: string;
  member: StaffMember;
  isSelf: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(member));
  const update = useUpdateStaff(organizationId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.email.trim() || !values.firstName.trim() || !values.lastName.trim()) {
      toast.error('Error', { description: STAFF_MESSAGES.required });
      return;
    }
    update.mutate(
      {
        id: member.id,
        input: {
          email: values.email.trim(),
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          department: values.department.trim() || null,
          role: values.role,
        },
      },
      {
        onSuccess: () => {
          toast.success('Success', { description: 'Staff member updated successfully' });
          onClose();
        },
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Failed to update staff member'),
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Staff Invitation</DialogTitle>
          <DialogDescription>
            Change the name, department or role of this team member.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-6" noValidate>
          <StaffFormFields
            idPrefix="edit-staff"
            values={values}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            emailReadOnly
            roleDisabled={isSelf}
          />
          <DialogFooter>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update Staff Member'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
