import { KIOSK_UNPAIRED_MESSAGE } from '@fitbase/domain/kiosk-constants';
import { useState, type FormEvent } from 'react';
import type { KioskStatus } from '../runtime/check-in-types';

const PAIR_ERRORS: Record<NonNullable<KioskStatus['pairError']>, string> = {
  invalid_code:
    'This pairing code is not valid or has expired: make a new one in Settings › Kiosks.',
  unreachable: 'The kiosk is offline: pairing needs a connection to the internet.',
  failed: 'Something went wrong. Please try again.',
};
const ENTER_CODE = 'Enter the pairing code shown in Settings › Kiosks';

/**
 * A kiosk without a token: the code from Settings › Kiosks (`Pair a kiosk`) is typed here, or
 * arrives in the address of its QR code (/kiosk?code=...). Also what an unpaired kiosk shows.
 */
export function PairingScreen({
  status,
  onPair,
}: {
  status: KioskStatus;
  onPair: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const pairing = status.phase === 'pairing_in_progress';
  const error = missing ? ENTER_CODE : status.pairError ? PAIR_ERRORS[status.pairError] : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    setMissing(trimmed.length < 4);
    if (trimmed.length >= 4) onPair(trimmed);
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-6">
      <div className="flex w-full max-w-xl flex-col gap-6 rounded-3xl bg-white p-10 shadow">
        <h1 className="text-4xl font-bold text-slate-900">
          {status.unpaired ? KIOSK_UNPAIRED_MESSAGE : 'Pair this kiosk'}
        </h1>
        {status.unpaired && (
          <p className="text-xl text-slate-800">
            To use it again, pair it with a new code from Settings › Kiosks.
          </p>
        )}
        {status.discarded > 0 && (
          <p className="text-xl font-medium text-amber-900">
            {status.discarded === 1
              ? '1 check-in made offline could not be sent: please tell the front desk.'
              : `${status.discarded} check-ins made offline could not be sent: please tell the front desk.`}
          </p>
        )}
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <label htmlFor="pairing-code" className="text-2xl font-medium text-slate-900">
            Pairing code
          </label>
          <input
            id="pairing-code"
            className="rounded-xl border-2 border-slate-400 px-4 py-3 text-3xl uppercase tracking-widest text-slate-900 outline-none focus:border-slate-900 focus:ring-4 focus:ring-slate-300"
            value={code}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'pairing-error' : 'pairing-help'}
            onChange={(event) => setCode(event.target.value)}
          />
          {error ? (
            <p id="pairing-error" role="alert" className="text-xl font-medium text-red-800">
              {error}
            </p>
          ) : (
            <p id="pairing-help" className="text-lg text-slate-700">
              An owner or admin makes the code in Settings › Kiosks with Pair a kiosk.
            </p>
          )}
          <button
            type="submit"
            disabled={pairing}
            className="min-h-16 rounded-xl bg-slate-900 px-6 text-2xl font-semibold text-white outline-none focus-visible:ring-4 focus-visible:ring-slate-400 disabled:opacity-60"
          >
            {pairing ? 'Pairing…' : 'Pair kiosk'}
          </button>
        </form>
      </div>
    </main>
  );
}
