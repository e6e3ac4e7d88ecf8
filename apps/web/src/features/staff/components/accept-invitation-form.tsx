import { STAFF_MESSAGES, type StaffInvitation } from '@fitbase/domain/contracts/staff';
import { MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from './staff-form-fields';

export interface AcceptFormProps {
  invitation: StaffInvitation;
  /** The email of the session already open in this browser, if any. */
  signedInAs: string | null;
  pending: boolean;
  onInvalid: (message: string) => void;
  onAccept: (password: string) => void;
}

/**
 * doc 1 §2 'Accept staff invitation': read-only full name, email and department, then a
 * password to create the account. With an existing account, its password signs in instead.
 */
export function AcceptInvitationForm({
  invitation,
  signedInAs,
  pending,
  onInvalid,
  onAccept,
}: AcceptFormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const alreadySignedIn = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  const fullName = `${invitation.firstName} ${invitation.lastName}`.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invitation.accountExists) {
      if (!alreadySignedIn && !password) return onInvalid('Enter your password to sign in');
      return onAccept(password);
    }
    if (!password || password !== confirmPassword)
      return onInvalid(STAFF_MESSAGES.acceptPasswordsDontMatch);
    if (password.length < MIN_PASSWORD_LENGTH) return onInvalid(STAFF_MESSAGES.passwordTooShort);
    onAccept(password);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field id="invite-full-name" label="Full Name">
        <Input id="invite-full-name" value={fullName} readOnly className="bg-muted" />
      </Field>
      <Field id="invite-email" label="Email">
        <Input
          id="invite-email"
          type="email"
          value={invitation.email}
          readOnly
          className="bg-muted"
        />
      </Field>
      <Field id="invite-department" label="Department">
        <Input
          id="invite-department"
          value={invitation.department ?? ''}
          placeholder="Not specified"
          readOnly
          className="bg-muted"
        />
      </Field>

      {invitation.accountExists ? (
        <>
          <p className="text-sm text-muted-foreground">
            {alreadySignedIn
              ? `You are signed in as ${invitation.email}.`
              : 'You already have a FitBase account with this email. Sign in with its password to accept.'}
          </p>
          {alreadySignedIn ? null : (
            <Field id="invite-password" label="Password *">
              <Input
                id="invite-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
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
          <Field id="invite-password" label="Create Password *">
            <Input
              id="invite-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Field id="invite-confirm-password" label="Confirm Password *">
            <Input
              id="invite-confirm-password"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </Field>
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
    </form>
  );
}
