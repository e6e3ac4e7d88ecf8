import { STAFF_ROLES, type StaffRole } from '@fitbase/domain/contracts/staff';
import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { roleLabel } from './staff-format';

export const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

export interface StaffFormValues {
  firstName: string;
  lastName: string;
  email: string;
  department: string;
  role: StaffRole;
}

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The fields Create Staff Account and Edit Staff Invitation share (doc 2 §2). */
export function StaffFormFields({
  idPrefix,
  values,
  onChange,
  emailReadOnly = false,
  roleDisabled = false,
  children,
}: {
  idPrefix: string;
  values: StaffFormValues;
  onChange: (patch: Partial<StaffFormValues>) => void;
  emailReadOnly?: boolean;
  roleDisabled?: boolean;
  /** Extra fields (passwords) placed before the role select. */
  children?: ReactNode;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('first-name')} label="First Name *">
          <Input
            id={id('first-name')}
            value={values.firstName}
            onChange={(e) => onChange({ firstName: e.target.value })}
          />
        </Field>
        <Field id={id('last-name')} label="Last Name *">
          <Input
            id={id('last-name')}
            value={values.lastName}
            onChange={(e) => onChange({ lastName: e.target.value })}
          />
        </Field>
      </div>
      <Field id={id('email')} label="Email *">
        <Input
          id={id('email')}
          type="email"
          value={values.email}
          readOnly={emailReadOnly}
          className={emailReadOnly ? 'bg-muted' : undefined}
          aria-describedby={emailReadOnly ? id('email-note') : undefined}
          onChange={(e) => onChange({ email: e.target.value })}
        />
        {emailReadOnly ? (
          <p id={id('email-note')} className="text-xs text-muted-foreground">
            The email is this person&apos;s sign-in address: only they can change it.
          </p>
        ) : null}
      </Field>
      <Field id={id('department')} label="Department">
        <Input
          id={id('department')}
          value={values.department}
          placeholder="e.g. Front Desk"
          onChange={(e) => onChange({ department: e.target.value })}
        />
      </Field>
      {children}
      <Field id={id('role')} label="Role">
        <select
          id={id('role')}
          className={selectClass}
          value={values.role}
          disabled={roleDisabled}
          onChange={(e) => onChange({ role: e.target.value as StaffRole })}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
        {roleDisabled ? (
          <p className="text-xs text-muted-foreground">You cannot change your own role.</p>
        ) : null}
      </Field>
    </div>
  );
}
