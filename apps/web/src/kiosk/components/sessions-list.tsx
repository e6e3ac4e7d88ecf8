import type { KioskRoster } from '@fitbase/domain/contracts/kiosk';
import { formatTimeRange } from './kiosk-format';

/** Today's classes still to come or under way, with the places left. */
export function SessionsList({
  sessions,
  timeZone,
  locale,
  now,
}: {
  sessions: KioskRoster['sessions'];
  timeZone: string;
  /** The studio's locale; missing on a device that cached its studio before it was sent. */
  locale?: string;
  now: number;
}) {
  const current = sessions
    .filter((session) => Date.parse(session.endsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return (
    <section aria-labelledby="kiosk-today" className="flex flex-col gap-3">
      <h2 id="kiosk-today" className="text-2xl font-bold text-slate-900">
        Today's classes
      </h2>
      {current.length === 0 ? (
        <p className="text-xl text-slate-700">No more classes today.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {current.map((session) => {
            const left = Math.max(0, session.capacity - session.bookedCount);
            return (
              <li key={session.id} className="rounded-xl border border-slate-300 bg-white p-4">
                <p className="text-xl font-semibold text-slate-900">
                  {formatTimeRange(session.startsAt, session.endsAt, timeZone, locale)}{' '}
                  {session.name}
                </p>
                <p className="text-lg text-slate-700">
                  {left === 0 ? 'Full' : `${left} ${left === 1 ? 'place' : 'places'} left`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
