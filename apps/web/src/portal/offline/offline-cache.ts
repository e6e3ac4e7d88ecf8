/**
 * What the portal keeps for offline use, shared by the page and its service worker
 * (apps/web/sw/portal-sw.ts; docs/product/member-portal.md, "Installable and offline"). Only the
 * member's own answers the offline pages need, per studio, in one Cache Storage cache.
 */
export const OFFLINE_API_CACHE = 'fitbase-portal-api-v1';

/** Set by the service worker on the copies it keeps: when the answer came from the server. */
export const CACHED_AT_HEADER = 'x-fitbase-cached-at';

/**
 * The GET answers kept: the studio (name, logo, time zone), the member (`me`, which the signed-in
 * layout needs), their bookings, their profile (the page of the check-in code) and the code.
 */
const KEPT = /^\/api\/m\/([^/]+)(?:\/(?:me|bookings|profile|check-in-code))?$/;

/** The studio slug whose kept answer `pathname` is, or null when it is not one to keep. */
export function keptAnswerSlug(pathname: string): string | null {
  return KEPT.exec(pathname)?.[1] ?? null;
}

/**
 * Requests after which the copies of the studio's member data are forgotten: signing in (another
 * member may now use this browser) and signing out, here or everywhere.
 */
const SESSION_CHANGE = /^\/api\/m\/([^/]+)\/(?:sign-in|sign-out|sign-out-everywhere)$/;

export function sessionChangeSlug(pathname: string): string | null {
  return SESSION_CHANGE.exec(pathname)?.[1] ?? null;
}

/** Deletes every kept answer of the studio `slug` (its member's data), if the browser has any. */
export async function forgetOfflineCopies(slug: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(OFFLINE_API_CACHE);
  const prefix = `/api/m/${slug}`;
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url);
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) await cache.delete(request);
  }
}
