import { zodResolver } from '@hookform/resolvers/zod';
import {
  splitFullName,
  STAFF_MESSAGES,
  STAFF_ROLES,
  updateStaffSchema,
  type StaffMember,
  type StaffRole,
} from '@fitbase/domain/contracts/staff';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { dismissFormFeedback, formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useUpdateStaff } from '../api/update-staff';
import { STAFF_FIELD_NAMES, StaffFormFields, type StaffFormValues } from './staff-form-fields';

type UpdateStaffOutput = z.output<typeof updateStaffSchema>;

function initialValues(member: StaffMember): StaffFormValues {
  const { firstName, lastName } = splitFullName(member.fullName);
  const role = (STAFF_ROLES as readonly string[]).includes(member.role)
    ? (member.role as StaffRole)
    : 'staff';
  return {
    firstName,
    lastName,
    email: member.email,
    department: member.department ?? '',
    role,
    password: '',
    confirmPassword: '',
  };
}

/** Edit Staff Invitation (docs/product/staff.md): the profile and the role; the email stays the person's. */
export function EditStaffDialog({
  member,
  isSelf,
  onClose,
}: {
  member: StaffMember;
  isSelf: boolean;
  onClose: () => void;
}) {
  const update = useUpdateStaff();
  const form = useForm<StaffFormValues, unknown, UpdateStaffOutput>({
    // The passwords are not part of the schema: zod strips them from what is sent.
    resolver: zodResolver(updateStaffSchema) as unknown as Resolver<
      StaffFormValues,
      unknown,
      UpdateStaffOutput
    >,
    defaultValues: initialValues(member),
  });

  const onSubmit = async (input: UpdateStaffOutput) => {
    try {
      await update.mutateAsync({ id: member.id, input });
      formSuccess('Success', 'Staff member updated successfully');
      onClose();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to update staff member',
        form: { setError: form.setError, fields: STAFF_FIELD_NAMES },
      });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        dismissFormFeedback();
        onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Staff Invitation</DialogTitle>
          <DialogDescription>
            Change the name, department or role of this team member.
          </DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          onSubmit={onSubmit}
          onInvalid={(errors) => {
            const values = form.getValues();
            const missing = !values.firstName.trim() || !values.lastName.trim();
            const first = Object.values(errors).find((error) => error?.message)?.message;
            reportProblem(
              'Error',
              missing ? STAFF_MESSAGES.required : (first ?? STAFF_MESSAGES.required),
              { formToast: true },
            );
          }}
          idPrefix="edit-staff"
          schema={updateStaffSchema}
          className="space-y-6"
        >
          <StaffFormFields control={form.control} emailReadOnly roleDisabled={isSelf} />
          <DialogFooter>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update Staff Member'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
