import { useSyncExternalStore } from 'react';
import { cachedAtOf } from '../api/portal-fetch';
import { usePortalSlug } from '../hooks/use-portal-slug';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (it can be wrong one way: online, but no studio). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether a page's answer is the last known one rather than the server's current one: the
 * browser is offline, or the answer came from the service worker's copy. `asOf` is when that
 * answer left the server (ISO), for "as of {time}".
 */
export function useOfflineCopy(
  path: string,
  dataUpdatedAt: number,
): { offline: boolean; asOf: string } {
  const online = useOnline();
  const cachedAt = cachedAtOf(usePortalSlug(), path);
  return {
    offline: !online || cachedAt !== null,
    asOf: cachedAt ?? new Date(dataUpdatedAt || Date.now()).toISOString(),
  };
}
