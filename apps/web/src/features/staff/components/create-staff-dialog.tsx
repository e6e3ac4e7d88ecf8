import { zodResolver } from '@hookform/resolvers/zod';
import {
  createStaffSchema,
  DEFAULT_STAFF_ROLE,
  STAFF_MESSAGES,
} from '@fitbase/domain/contracts/staff';
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE } from '@fitbase/domain/constants';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { PasswordField } from '@/components/form/text-fields';
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
import { dismissFormFeedback, formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCreateStaff } from '../api/create-staff';
import { STAFF_FIELD_NAMES, StaffFormFields, type StaffFormValues } from './staff-form-fields';

const EMPTY: StaffFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  department: '',
  role: DEFAULT_STAFF_ROLE,
  password: '',
  confirmPassword: '',
};

/** The API's body plus the dialog's own checks: a password, typed twice, long enough. */
const createStaffFormSchema = createStaffSchema
  .extend({
    password: z
      .string()
      .min(1, 'Password is required')
      .min(MIN_PASSWORD_LENGTH, STAFF_MESSAGES.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: STAFF_MESSAGES.passwordsDontMatch,
  });
type CreateStaffOutput = z.output<typeof createStaffFormSchema>;

const REQUIRED = ['firstName', 'lastName', 'email', 'password'] as const;

/** The spec's one toast for a refused form, in its order: required, match, then length. */
function toastFor(values: StaffFormValues, errors: FieldErrors<StaffFormValues>): string {
  if (REQUIRED.some((name) => !values[name].trim())) return STAFF_MESSAGES.requiredWithPassword;
  if (values.password !== values.confirmPassword) return STAFF_MESSAGES.passwordsDontMatch;
  if (values.password.length < MIN_PASSWORD_LENGTH) return STAFF_MESSAGES.passwordTooShort;
  const first = Object.values(errors).find((error) => error?.message);
  return first?.message ?? STAFF_MESSAGES.required;
}

/** Add Staff Member → Create Staff Account (docs/product/staff.md). */
export function CreateStaffDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) dismissFormFeedback();
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
            password. Someone who already has a FitBase account is invited to join instead and keeps
            their own password.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts empty. */}
        {open ? <CreateStaffForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateStaffForm({ onDone }: { onDone: () => void }) {
  const create = useCreateStaff();
  const form = useForm<StaffFormValues, unknown, CreateStaffOutput>({
    // The dialog's values are a subset of the schema's input (the role always chosen).
    resolver: zodResolver(createStaffFormSchema) as Resolver<
      StaffFormValues,
      unknown,
      CreateStaffOutput
    >,
    defaultValues: EMPTY,
  });

  const onSubmit = async ({ confirmPassword: _confirm, ...input }: CreateStaffOutput) => {
    try {
      const result = await create.mutateAsync(input);
      formSuccess(
        'Success',
        // The name typed here, not one from the server: its answer is the same whether or not
        // the email already had an account (docs/product/staff.md#create-staff-account).
        `Staff account created for ${input.firstName} ${input.lastName}. They can sign in at ${result.signInUrl}`,
      );
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to send invitation',
        form: { setError: form.setError, fields: STAFF_FIELD_NAMES },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={(errors) =>
        reportProblem('Error', toastFor(form.getValues(), errors), { formToast: true })
      }
      idPrefix="create-staff"
      schema={createStaffSchema}
      className="space-y-6"
    >
      <StaffFormFields control={form.control}>
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            control={form.control}
            name="password"
            label="Password *"
            required
            autoComplete="new-password"
            description={PASSWORD_RULE}
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label="Confirm Password *"
            required
            autoComplete="new-password"
          />
        </div>
      </StaffFormFields>
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Staff Account'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
