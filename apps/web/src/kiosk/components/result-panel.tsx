import { useState } from 'react';
import type { CheckInOutcome } from '../runtime/check-in-types';
import { initialOf } from './kiosk-format';
import { outcomeText } from './outcome-text';

function MemberPicture({ firstName, photoUrl }: { firstName: string; photoUrl: string | null }) {
  const [broken, setBroken] = useState(false);
  if (photoUrl && !broken)
    return (
      <img
        src={photoUrl}
        alt=""
        className="size-40 rounded-full object-cover"
        onError={() => setBroken(true)}
      />
    );
  return (
    <span
      aria-hidden="true"
      className="flex size-40 items-center justify-center rounded-full bg-emerald-800 text-7xl font-bold text-white"
    >
      {initialOf(firstName)}
    </span>
  );
}

/**
 * The big answer to a check-in. It lives inside the page's one polite live region, so a screen
 * reader says it as it appears; a tap, or Done, goes back to scanning (or it goes by itself).
 */
export function ResultPanel({
  outcome,
  timeZone,
  locale,
  onDone,
}: {
  outcome: CheckInOutcome;
  timeZone: string;
  /** The studio's locale; missing on a device that cached its studio before it was sent. */
  locale?: string;
  onDone: () => void;
}) {
  const text = outcomeText(outcome, timeZone, locale);
  const welcome = text.tone === 'welcome';
  return (
    <div
      className={`flex h-full min-h-[60vh] w-full flex-col items-center justify-center gap-6 rounded-3xl p-10 text-center ${
        welcome ? 'bg-emerald-50 text-emerald-950' : 'bg-amber-50 text-amber-950'
      }`}
      onClick={onDone}
    >
      {outcome.kind === 'welcome' && (
        <MemberPicture firstName={outcome.firstName} photoUrl={outcome.photoUrl} />
      )}
      <p className={`font-bold ${welcome ? 'text-6xl' : 'text-5xl'} leading-tight`}>{text.title}</p>
      {text.detail && <p className="text-4xl font-medium">{text.detail}</p>}
      <button
        type="button"
        className="mt-4 min-h-16 rounded-xl bg-slate-900 px-10 text-2xl font-semibold text-white outline-none focus-visible:ring-4 focus-visible:ring-slate-400"
        onClick={(event) => {
          event.stopPropagation();
          onDone();
        }}
      >
        Done
      </button>
    </div>
  );
}
