import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { CheckInRequest } from '../runtime/check-in-types';
import { Keypad } from './keypad';

/**
 * The ways to check in without the camera: typing the code, or the keypad (the last digits of
 * the phone and a PIN, or the member number, as the studio chose in Settings › Kiosks).
 */

export type PanelKind = 'code' | 'pin' | 'number';

interface PanelProps {
  onSubmit: (request: CheckInRequest) => void;
  onCancel: () => void;
}

const FIELD =
  'w-full rounded-xl border-2 border-slate-400 bg-white px-4 py-3 text-4xl tracking-widest text-slate-900 outline-none focus:border-slate-900 focus:ring-4 focus:ring-slate-300';
const ACTION =
  'min-h-16 flex-1 rounded-xl px-6 text-2xl font-semibold outline-none focus-visible:ring-4 focus-visible:ring-slate-400';

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function Panel({
  title,
  onCancel,
  onSubmit,
  children,
}: {
  title: string;
  onCancel: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      aria-labelledby={headingId}
      className="mx-auto flex w-full max-w-xl flex-col gap-5"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <h2 id={headingId} className="text-3xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
      <div className="flex gap-3">
        <button
          type="button"
          className={`${ACTION} bg-slate-200 text-slate-900`}
          onClick={onCancel}
        >
          Cancel
        </button>
        <button type="submit" className={`${ACTION} bg-slate-900 text-white`}>
          Check in
        </button>
      </div>
    </form>
  );
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | null;
  children: (props: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-2xl font-medium text-slate-900">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': error ? errorId : undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error && (
        <p id={errorId} className="text-xl font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function CodePanel({ onSubmit, onCancel }: PanelProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Panel
      title="Type your code"
      onCancel={onCancel}
      onSubmit={() => {
        if (code.trim()) onSubmit({ method: 'code', code: code.trim() });
        else setError('Enter the code under your QR code in the app');
      }}
    >
      <Field label="Your check-in code" error={error}>
        {(props) => (
          <input
            {...props}
            className={FIELD}
            value={code}
            autoFocus
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
    </Panel>
  );
}

export function NumberPanel({ onSubmit, onCancel }: PanelProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  return (
    <Panel
      title="Member number"
      onCancel={onCancel}
      onSubmit={() => {
        const memberNumber = Number(value);
        if (value && memberNumber > 0) onSubmit({ method: 'number', memberNumber });
        else setError('Enter your member number');
      }}
    >
      <Field label="Member number" error={error}>
        {(props) => (
          <input
            {...props}
            ref={field}
            className={FIELD}
            value={value}
            autoFocus
            // The on-screen keypad below, not the tablet's keyboard; a physical one still types.
            inputMode="none"
            autoComplete="off"
            onChange={(event) => setValue(digitsOnly(event.target.value, 9))}
          />
        )}
      </Field>
      <Keypad
        onDigit={(digit) => setValue((current) => digitsOnly(current + digit, 9))}
        onDelete={() => setValue((current) => current.slice(0, -1))}
        onClear={() => setValue('')}
      />
    </Panel>
  );
}

export function PinPanel({ onSubmit, onCancel }: PanelProps) {
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [active, setActive] = useState<'phone' | 'pin'>('phone');
  const [errors, setErrors] = useState<{ phone?: string; pin?: string }>({});
  const phoneField = useRef<HTMLInputElement>(null);
  const pinField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (active === 'phone' ? phoneField : pinField).current?.focus();
  }, [active]);

  const setPhoneDigits = (next: string) => {
    setPhone(next);
    if (next.length === 4) setActive('pin');
  };
  const type = (change: (current: string) => string) => {
    if (active === 'phone') setPhoneDigits(digitsOnly(change(phone), 4));
    else setPin(digitsOnly(change(pin), 4));
  };

  return (
    <Panel
      title="Use my PIN"
      onCancel={onCancel}
      onSubmit={() => {
        const problems = {
          phone: phone.length === 4 ? undefined : 'Enter the last 4 digits of your phone',
          pin: pin.length === 4 ? undefined : 'Enter your 4-digit PIN',
        };
        setErrors(problems);
        if (problems.phone) setActive('phone');
        else if (problems.pin) setActive('pin');
        else onSubmit({ method: 'pin', phoneDigits: phone, pin });
      }}
    >
      <Field label="Last 4 digits of your phone" error={errors.phone ?? null}>
        {(props) => (
          <input
            {...props}
            ref={phoneField}
            className={FIELD}
            value={phone}
            inputMode="none"
            autoComplete="off"
            onFocus={() => setActive('phone')}
            onChange={(event) => setPhoneDigits(digitsOnly(event.target.value, 4))}
          />
        )}
      </Field>
      <Field label="PIN" error={errors.pin ?? null}>
        {(props) => (
          <input
            {...props}
            ref={pinField}
            type="password"
            className={FIELD}
            value={pin}
            inputMode="none"
            autoComplete="off"
            onFocus={() => setActive('pin')}
            onChange={(event) => setPin(digitsOnly(event.target.value, 4))}
          />
        )}
      </Field>
      <Keypad
        onDigit={(digit) => type((current) => current + digit)}
        onDelete={() => type((current) => current.slice(0, -1))}
        onClear={() => type(() => '')}
      />
    </Panel>
  );
}
