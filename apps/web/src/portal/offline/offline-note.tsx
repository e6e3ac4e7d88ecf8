import { formatDayTime } from '../components/format-time';
import { usePortalLocale } from '../hooks/use-portal-locale';

/**
 * "You are offline. Showing your {what} as of {time}." with why the page's actions are off.
 * A status region: read out when the page goes offline.
 */
export function OfflineNote({
  id,
  what,
  asOf,
  timeZone,
  actions,
}: {
  /** The note's element, which the disabled actions point to (aria-describedby). */
  id?: string;
  what: string;
  asOf: string;
  timeZone: string;
  /** Why the page's actions are disabled: "Booking and cancelling need a connection." */
  actions?: string;
}) {
  const locale = usePortalLocale();
  return (
    <p id={id} role="status" className="rounded-lg border border-dashed p-3 text-sm">
      You are offline. Showing your {what} as of {formatDayTime(asOf, timeZone, locale)}.
      {actions ? ` ${actions}` : null}
    </p>
  );
}
