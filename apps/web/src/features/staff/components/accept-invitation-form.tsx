import type { StaffInvitation } from '@fitbase/domain/contracts/staff';
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE } from '@fitbase/domain/constants';
import { STAFF_MESSAGES } from '@fitbase/domain/staff-messages';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';

export interface AcceptFormProps {
  invitation: StaffInvitation;
  /** The email of the session already open in this browser, if any. */
  signedInAs: string | null;
  pending: boolean;
  onInvalid: (message: string) => void;
  onAccept: (password: string) => void;
}

interface AcceptValues {
  fullName: string;
  email: string;
  department: string;
  password: string;
  confirmPassword: string;
}

/**
 * The checks of the acceptance form (docs/product/staff.md), each with the spec's text:
 * null when the form may be sent.
 */
function problemOf(values: AcceptValues, accountExists: boolean, signedIn: boolean) {
  if (accountExists) {
    return !signedIn && !values.password
      ? { field: 'password' as const, message: 'Enter your password to sign in' }
      : null;
  }
  if (!values.password || values.password !== values.confirmPassword)
    return { field: 'confirmPassword' as const, message: STAFF_MESSAGES.acceptPasswordsDontMatch };
  if (values.password.length < MIN_PASSWORD_LENGTH)
    return { field: 'password' as const, message: STAFF_MESSAGES.passwordTooShort };
  return null;
}

/**
 * Accept staff invitation: read-only full name, email and department, then a password to
 * create the account. With an existing account, its password signs in instead.
 */
export function AcceptInvitationForm({
  invitation,
  signedInAs,
  pending,
  onInvalid,
  onAccept,
}: AcceptFormProps) {
  const alreadySignedIn = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  const form = useForm<AcceptValues, unknown, AcceptValues>({
    defaultValues: {
      fullName: `${invitation.firstName} ${invitation.lastName}`.trim(),
      email: invitation.email,
      department: invitation.department ?? '',
      password: '',
      confirmPassword: '',
    },
    // The checks depend on the invitation, so they live here rather than in a shared schema.
    resolver: (values) => {
      const problem = problemOf(values, invitation.accountExists, alreadySignedIn);
      return problem
        ? {
            values: {},
            errors: { [problem.field]: { type: 'validate', message: problem.message } },
          }
        : { values, errors: {} };
    },
  });
  const { control } = form;

  return (
    <Form
      form={form}
      idPrefix="invite"
      onSubmit={(values) => onAccept(values.password)}
      onInvalid={(errors) =>
        onInvalid(errors.password?.message ?? errors.confirmPassword?.message ?? '')
      }
      className="space-y-4"
    >
      <TextField
        control={control}
        name="fullName"
        id="invite-full-name"
        label="Full Name"
        readOnly
      />
      <TextField control={control} name="email" type="email" label="Email" readOnly />
      <TextField
        control={control}
        name="department"
        label="Department"
        placeholder="Not specified"
        readOnly
      />

      {invitation.accountExists ? (
        <>
          <p className="text-sm text-muted-foreground">
            {alreadySignedIn
              ? `You are signed in as ${invitation.email}.`
              : 'You already have a FitBase account with this email. Sign in with its password to accept.'}
          </p>
          {alreadySignedIn ? null : (
            <PasswordField
              control={control}
              name="password"
              label="Password *"
              required
              autoComplete="current-password"
            />
          )}
          <Button type="submit" className="w-full" disabled={pending}>
            {pending
              ? 'Accepting...'
              : alreadySignedIn
                ? 'Accept Invitation'
                : 'Sign In & Accept Invitation'}
          </Button>
        </>
      ) : (
        <>
          <PasswordField
            control={control}
            name="password"
            label="Create Password *"
            required
            autoComplete="new-password"
            description={PASSWORD_RULE}
          />
          <PasswordField
            control={control}
            name="confirmPassword"
            label="Confirm Password *"
            required
            autoComplete="new-password"
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Creating account...' : 'Accept Invitation & Create Account'}
          </Button>
        </>
      )}
      {invitation.accountExists ? null : (
        // With an existing account the form above signs in itself.
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      )}
    </Form>
  );
}
