import { STAFF_ROLES, type StaffRole } from '@fitbase/domain/contracts/staff';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { roleLabel } from './staff-format';

/** Both staff dialogs' values; the edit dialog leaves the passwords empty. */
export interface StaffFormValues {
  firstName: string;
  lastName: string;
  email: string;
  department: string;
  role: StaffRole;
  password: string;
  confirmPassword: string;
}

export const STAFF_FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'department',
  'role',
  'password',
  'confirmPassword',
];

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/** The fields Create Staff Account and Edit Staff Invitation share (docs/product/staff.md). */
export function StaffFormFields<TOut>({
  control,
  emailReadOnly = false,
  roleDisabled = false,
  children,
}: {
  control: Control<StaffFormValues, unknown, TOut>;
  emailReadOnly?: boolean;
  roleDisabled?: boolean;
  /** Extra fields (passwords) placed before the role select. */
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="firstName" label="First Name *" required />
        <TextField control={control} name="lastName" label="Last Name *" required />
      </div>
      <TextField
        control={control}
        name="email"
        type="email"
        label="Email *"
        required
        readOnly={emailReadOnly}
        description={
          emailReadOnly
            ? "The email is this person's sign-in address: only they can change it."
            : undefined
        }
      />
      <TextField
        control={control}
        name="department"
        label="Department"
        placeholder="e.g. Front Desk"
      />
      {children}
      <SelectField
        control={control}
        name="role"
        label="Role"
        options={ROLE_OPTIONS}
        disabled={roleDisabled}
        description={roleDisabled ? 'You cannot change your own role.' : undefined}
      />
    </div>
  );
}
