import type { KioskMe } from '@fitbase/domain/contracts/kiosk';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { brandColour } from '../components/brand';
import { CameraScanner } from '../components/camera-scanner';
import { ConnectionStatus } from '../components/connection-status';
import { CodePanel, NumberPanel, PinPanel, type PanelKind } from '../components/identify-panels';
import { formatTime, formatToday } from '../components/kiosk-format';
import { ResultPanel } from '../components/result-panel';
import { SessionsList } from '../components/sessions-list';
import type { CheckInOutcome, CheckInRequest, KioskStatus } from '../runtime/check-in-types';

/** How long an answer stays before the kiosk goes back to scanning (a tap is sooner). */
export const WELCOME_MS = 4_000;
export const REFUSAL_MS = 6_000;
/** What a hardware scanner types (a member's code is base64url). */
const CODE_KEY = /^[A-Za-z0-9_-]$/;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const BIG_BUTTON =
  'min-h-20 flex-1 rounded-2xl border-2 border-slate-900 bg-white px-6 text-3xl font-semibold text-slate-900 outline-none focus-visible:ring-4 focus-visible:ring-slate-500';

/**
 * The kiosk's screen at the door (docs/product/kiosk.md, checking in): the camera reading QR
 * codes, an input a hardware scanner types into (kept focused), typing the code, the keypad,
 * today's classes, and the big answer.
 */
export function CheckInScreen({
  me,
  status,
  onCheckIn,
}: {
  me: KioskMe;
  status: KioskStatus;
  onCheckIn: (request: CheckInRequest) => Promise<CheckInOutcome>;
}) {
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const [result, setResult] = useState<CheckInOutcome | null>(null);
  const [scanned, setScanned] = useState('');
  const [camera, setCamera] = useState(true);
  const busy = useRef(false);
  const scanner = useRef<HTMLInputElement>(null);
  const panelOpen = useRef(false);
  panelOpen.current = panel !== null;
  const now = useNow(30_000);
  const { studio } = me;

  const submit = useCallback(
    async (request: CheckInRequest) => {
      if (busy.current) return;
      busy.current = true;
      setPanel(null);
      try {
        const outcome = await onCheckIn(request);
        if (outcome.kind !== 'unpaired') setResult(outcome);
      } catch {
        setResult({ kind: 'failed' });
      } finally {
        busy.current = false;
      }
    },
    [onCheckIn],
  );

  const focusScanner = useCallback(() => {
    if (!panelOpen.current) scanner.current?.focus();
  }, []);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(
      () => setResult(null),
      result.kind === 'welcome' ? WELCOME_MS : REFUSAL_MS,
    );
    return () => clearTimeout(timer);
  }, [result]);

  useEffect(() => {
    if (panel === null) focusScanner();
  }, [panel, result, focusScanner]);

  // A scanner types wherever the focus is: a code's first key moves it back to the scanner's input.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !panelOpen.current) setResult(null);
      if (panelOpen.current || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
      if (CODE_KEY.test(event.key)) focusScanner();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [focusScanner]);

  const onScanned = (event: FormEvent) => {
    event.preventDefault();
    const code = scanned.trim();
    setScanned('');
    if (code) void submit({ method: 'code', code });
  };

  const close = () => setPanel(null);
  const brand = brandColour(studio.primaryColor);
  const roster = status.roster;

  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <header
        className="flex items-center gap-5 px-8 py-4 text-white"
        style={{ backgroundColor: brand }}
      >
        {studio.logoUrl && (
          <img src={studio.logoUrl} alt="" className="h-14 w-auto rounded-lg bg-white p-1" />
        )}
        <h1 className="text-3xl font-bold">{studio.name}</h1>
        <p className="ml-auto text-2xl font-medium">
          {formatToday(now, studio.timeZone, studio.locale)} ·{' '}
          {formatTime(new Date(now).toISOString(), studio.timeZone, studio.locale)}
        </p>
      </header>
      <div className="px-8 pt-4">
        <ConnectionStatus online={status.online} queued={status.queued} />
      </div>
      <main className="grid flex-1 gap-8 p-8 lg:grid-cols-[2fr_1fr]">
        <section
          aria-labelledby="kiosk-check-in"
          className="relative flex min-h-[40rem] flex-col gap-6"
        >
          <h2 id="kiosk-check-in" className="text-4xl font-bold text-slate-900">
            Check in
          </h2>
          <CameraScanner
            onCode={(code) => void submit({ method: 'code', code })}
            onUnavailable={() => setCamera(false)}
          />
          <p className="text-center text-xl text-slate-800">
            {camera
              ? 'Or scan your code with the scanner, or choose below.'
              : 'Scan your QR code with the scanner, or choose below.'}
          </p>
          <div className="flex flex-wrap gap-4">
            <button type="button" className={BIG_BUTTON} onClick={() => setPanel('code')}>
              Type your code
            </button>
            {me.settings.identifyBy === 'phone_and_pin' ? (
              <button type="button" className={BIG_BUTTON} onClick={() => setPanel('pin')}>
                Use my PIN
              </button>
            ) : (
              <button type="button" className={BIG_BUTTON} onClick={() => setPanel('number')}>
                Member number
              </button>
            )}
          </div>
          <form onSubmit={onScanned} className="sr-only">
            <label htmlFor="kiosk-scanner">Scanned code</label>
            <input
              id="kiosk-scanner"
              ref={scanner}
              value={scanned}
              // Typed by a hardware scanner (then Enter): no on-screen keyboard for it.
              inputMode="none"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              onChange={(event) => setScanned(event.target.value)}
              onBlur={(event) => {
                // Lost to nothing (a tap on the background): take it back; to a button, leave it.
                if (event.relatedTarget === null) setTimeout(focusScanner, 0);
              }}
            />
          </form>
          {panel && !result && (
            <div className="absolute inset-0 z-10 overflow-auto rounded-3xl bg-slate-100 p-2">
              {panel === 'code' && <CodePanel onSubmit={submit} onCancel={close} />}
              {panel === 'pin' && <PinPanel onSubmit={submit} onCancel={close} />}
              {panel === 'number' && <NumberPanel onSubmit={submit} onCancel={close} />}
            </div>
          )}
          <div
            aria-live="polite"
            aria-atomic="true"
            className={result ? 'absolute inset-0 z-20' : 'sr-only'}
          >
            {result && (
              <ResultPanel
                outcome={result}
                timeZone={studio.timeZone}
                locale={studio.locale}
                onDone={() => setResult(null)}
              />
            )}
          </div>
        </section>
        <aside>
          {roster ? (
            <SessionsList
              sessions={roster.sessions}
              timeZone={studio.timeZone}
              locale={studio.locale}
              now={now}
            />
          ) : (
            <p className="text-xl text-slate-700">Loading today's classes…</p>
          )}
        </aside>
      </main>
    </div>
  );
}
