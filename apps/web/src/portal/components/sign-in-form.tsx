import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { portalErrorMessage } from '../api/portal-fetch';
import { useSendCode } from '../api/send-code';
import { useSignIn } from '../api/sign-in';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { PortalField } from './portal-field';

/**
 * The checks of portalSendCodeSchema and portalSignInSchema (@fitbase/domain/contracts/portal),
 * repeated with their messages so zod stays out of the portal's bundle; the server checks again.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = /^\d{6}$/; // PORTAL_CODE_LENGTH
const EMAIL_MESSAGE = 'Enter a valid email address';
const CODE_MESSAGE = 'Enter the 6-digit code from the email';

export interface SignInStart {
  email: string;
  code?: string;
  /** A refused sign-in (the email's link), shown beside the Code field. */
  codeError?: string;
}

/**
 * Sign-in with a one-time code: the email first (`Send code`), then the code from the email
 * (`Sign in`). A link from the email starts at the second step (`start`).
 */
export function SignInForm({ start }: { start?: SignInStart }) {
  const [email, setEmail] = useState<string | null>(start?.email ?? null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  if (email === null) {
    return (
      <EmailStep
        onSent={(sentTo, message) => {
          setEmail(sentTo);
          setSentMessage(message);
        }}
      />
    );
  }
  return (
    <CodeStep
      email={email}
      sentMessage={sentMessage}
      start={start?.email === email ? start : undefined}
      onOtherEmail={() => {
        setEmail(null);
        setSentMessage(null);
      }}
    />
  );
}

function EmailStep({ onSent }: { onSent: (email: string, message: string) => void }) {
  const id = useId();
  const sendCode = useSendCode();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value) || value.length > 254) {
      setError(EMAIL_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    sendCode.mutate(
      { email: value },
      {
        onSuccess: ({ message }) => onSent(value, message),
        onError: (failure) => {
          setError(portalErrorMessage(failure));
          inputRef.current?.focus();
        },
      },
    );
  };
  return (
    <form noValidate aria-label="Email sign-in" className="space-y-4" onSubmit={submit}>
      <PortalField
        ref={inputRef}
        id={`${id}-email`}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        aria-required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <Button type="submit" className="w-full" disabled={sendCode.isPending}>
        {sendCode.isPending ? 'Sending…' : 'Send code'}
      </Button>
    </form>
  );
}

function CodeStep({
  email,
  sentMessage,
  start,
  onOtherEmail,
}: {
  email: string;
  sentMessage: string | null;
  start: SignInStart | undefined;
  onOtherEmail: () => void;
}) {
  const id = useId();
  const slug = usePortalSlug();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [code, setCode] = useState(start?.code ?? '');
  const [error, setError] = useState<string | null>(start?.codeError ?? null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The code is what the member types next.
  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setError(CODE_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    signIn.mutate(
      { email, code: value },
      {
        onSuccess: () => void navigate(`/m/${slug}/schedule`, { replace: true }),
        onError: (failure) => {
          setError(portalErrorMessage(failure));
          inputRef.current?.focus();
        },
      },
    );
  };
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-muted-foreground">
        {sentMessage ?? `Enter the code we emailed to ${email}.`}
      </p>
      <form noValidate aria-label="Code sign-in" className="space-y-4" onSubmit={submit}>
        <PortalField
          ref={inputRef}
          id={`${id}-code`}
          label="Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          aria-required
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={error}
        />
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <Button type="button" variant="link" className="h-auto px-0" onClick={onOtherEmail}>
        Use another email
      </Button>
    </div>
  );
}
