import { MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { authClient } from '@/lib/auth-client';

type Mode = 'sign-up' | 'sign-in';

/**
 * Sign up (or sign in) on the invitation page with the invited email fixed: acceptance
 * needs the signed-in email to be the invitation's, so the field is not editable.
 */
export function InviteAuthForm({
  email,
  onAuthenticated,
}: {
  email: string;
  onAuthenticated: () => Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('sign-up');
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const isSignUp = mode === 'sign-up';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast.error('Error', {
        description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
      });
      return;
    }
    setPending(true);
    try {
      const result = isSignUp
        ? await authClient.signUp.email({ name: fullName.trim(), email, password })
        : await authClient.signIn.email({ email, password });
      if (result.error) {
        toast.error('Error', {
          description: result.error.message || 'An unexpected error occurred',
        });
        // An account already exists for this email: the way in is signing in.
        if (isSignUp && result.error.code === 'USER_ALREADY_EXISTS') setMode('sign-in');
        return;
      }
      await onAuthenticated();
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      {isSignUp ? (
        <div className="space-y-2">
          <Label htmlFor="invite-full-name">Full Name</Label>
          <Input
            id="invite-full-name"
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
        </div>
      ) : null}
      <div className="space-y-2">
        <Label htmlFor="invite-account-email">Email</Label>
        <Input
          id="invite-account-email"
          type="email"
          value={email}
          readOnly
          aria-readonly
          className="bg-muted"
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="invite-password">Password</Label>
        <Input
          id="invite-password"
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <Button type="submit" className="w-full" disabled={pending || !password}>
        {pending ? 'Please wait...' : isSignUp ? 'Create Account & Accept' : 'Sign In & Accept'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <button
          type="button"
          className="text-primary hover:underline"
          onClick={() => setMode(isSignUp ? 'sign-in' : 'sign-up')}
        >
          {isSignUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
        </button>
      </p>
    </form>
  );
}
