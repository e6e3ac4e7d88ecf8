import { DEFAULT_STAFF_ROLE, STAFF_MESSAGES } from '@fitbase/domain/contracts/staff';
import { MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { UserPlus } from 'lucide-react';
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
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCreateStaff } from '../api/create-staff';
import { Field, StaffFormFields, type StaffFormValues } from './staff-form-fields';

const EMPTY: StaffFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  department: '',
  role: DEFAULT_STAFF_ROLE,
};

/** Add Staff Member → Create Staff Account (doc 2 §2, §5, §8). */
export function CreateStaffDialog({ organizationId }: { organizationId: string }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const create = useCreateStaff(organizationId);

  const reset = () => {
    setValues(EMPTY);
    setPassword('');
    setConfirmPassword('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fail = (description: string) => toast.error('Error', { description });
    if (!values.email.trim() || !values.firstName.trim() || !values.lastName.trim() || !password) {
      return fail(STAFF_MESSAGES.requiredWithPassword);
    }
    if (password !== confirmPassword) return fail(STAFF_MESSAGES.passwordsDontMatch);
    if (password.length < MIN_PASSWORD_LENGTH) return fail(STAFF_MESSAGES.passwordTooShort);
    create.mutate(
      {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        department: values.department.trim() || null,
        role: values.role,
        password,
      },
      {
        onSuccess: (result) => {
          const who = result.staffMember.email;
          toast.success('Success', {
            description: result.accountCreated
              ? `Staff account created for ${who}. They can sign in at ${result.signInUrl}`
              : `${who} already had an account and was added to your team. They can sign in at ${result.signInUrl}`,
          });
          reset();
          setOpen(false);
        },
        onError: (error) => fail(errorMessage(error, 'Failed to send invitation')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Add Staff Member
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Staff Account</DialogTitle>
          <DialogDescription>
            The new team member gets an email telling them they can sign in with this email and
            password.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-6" noValidate>
          <StaffFormFields
            idPrefix="create-staff"
            values={values}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="create-staff-password" label="Password *">
                <Input
                  id="create-staff-password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
              <Field id="create-staff-confirm-password" label="Confirm Password *">
                <Input
                  id="create-staff-confirm-password"
                  type="password"
                  autoComplete="new-password"
                  value={confirmPassword}
                  onChange={(e) => setConfirmPassword(e.target.value)}
                />
              </Field>
            </div>
          </StaffFormFields>
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Staff Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
