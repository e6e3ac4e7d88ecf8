/// <reference lib="webworker" />
/**
 * The members' portal's service worker (scope /m/; the staff app has none). Why it works this way:
 * docs/decisions (the portal service worker ADR) and docs/product/member-portal.md.
 *
 * - The portal's own page and chunks are precached (the build lists them: portal.html and what it
 *   loads, lazy chunks such as the QR code's included; none of the staff app's).
 * - Navigations go to the network first (the server's page carries the page's own CSP) and fall
 *   back to the precached portal.html offline.
 * - The member's answers the offline pages need (studio, me, bookings, profile, check-in code) go
 *   to the network first; each good answer is kept, stamped with its time, and given back when
 *   the network fails. A 401, signing in and signing out forget the studio's copies.
 * - Web Push: `push` shows the notification, `notificationclick` opens its portal page.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import {
  CACHED_AT_HEADER,
  forgetOfflineCopies,
  keptAnswerSlug,
  OFFLINE_API_CACHE,
  sessionChangeSlug,
} from '../src/portal/offline/offline-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string }> };

const APP_ICON = '/icons/fitbase-192.png';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open portal page at once (its bookings are kept from then on). An
// update waits for the portal's tabs to close: a running page keeps the chunks it was built with.
clientsClaim();

/** Bumped when a studio's copies are forgotten: an answer already under way is then not kept. */
const generations = new Map<string, number>();

async function forget(slug: string): Promise<void> {
  generations.set(slug, (generations.get(slug) ?? 0) + 1);
  await forgetOfflineCopies(slug);
}

/** A copy of `response` that says when it was fetched (the page shows "as of {time}"). */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(CACHED_AT_HEADER, new Date().toISOString());
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

async function keptAnswer(request: Request, slug: string): Promise<Response> {
  const generation = generations.get(slug) ?? 0;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const cache = await caches.open(OFFLINE_API_CACHE);
    const copy = await cache.match(request.url, { ignoreVary: true });
    if (copy) return copy;
    throw error;
  }
  if (response.status === 401) await forget(slug);
  else if (response.ok && (generations.get(slug) ?? 0) === generation) {
    const cache = await caches.open(OFFLINE_API_CACHE);
    await cache.put(request.url, await stamped(response.clone()));
  }
  return response;
}

async function sessionChange(request: Request, slug: string): Promise<Response> {
  await forget(slug);
  const response = await fetch(request);
  await forget(slug);
  return response;
}

async function portalPage(event: FetchEvent): Promise<Response> {
  try {
    return await fetch(event.request);
  } catch (error) {
    const page = await matchPrecache('portal.html');
    if (page) return page;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/m/')) event.respondWith(portalPage(event));
    return;
  }
  if (request.method === 'GET') {
    const slug = keptAnswerSlug(url.pathname);
    if (slug !== null && url.search === '') event.respondWith(keptAnswer(request, slug));
    return;
  }
  if (request.method === 'POST') {
    const slug = sessionChangeSlug(url.pathname);
    if (slug !== null) event.respondWith(sessionChange(request, slug));
  }
});

// --- Web Push: the payload is { title, body, url (a portal path), tag? } ---

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

function pushPayload(data: PushMessageData | null): PushPayload | null {
  if (!data) return null;
  try {
    const value = data.json() as Partial<PushPayload>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      title: value.title,
      body: value.body,
      url: typeof value.url === 'string' ? value.url : '/m/',
      tag: typeof value.tag === 'string' ? value.tag : undefined,
    };
  } catch {
    return null;
  }
}

/** A portal path of this origin, or the portal's root for anything else. */
function portalTarget(url: string): string {
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin && target.pathname.startsWith('/m/')
    ? target.href
    : new URL('/m/', self.location.origin).href;
}

/** The studio's logo, when its answer is kept here (no network needed), else the app's icon. */
async function notificationIcon(url: string): Promise<string> {
  const slug = /^\/m\/([^/]+)/.exec(new URL(url).pathname)?.[1];
  if (!slug) return APP_ICON;
  try {
    const cache = await caches.open(OFFLINE_API_CACHE);
    const studio = await cache.match(`/api/m/${slug}`, { ignoreVary: true });
    const logoUrl = studio ? ((await studio.json()) as { logoUrl?: unknown }).logoUrl : null;
    return typeof logoUrl === 'string' && logoUrl ? logoUrl : APP_ICON;
  } catch {
    return APP_ICON;
  }
}

self.addEventListener('push', (event) => {
  const payload = pushPayload(event.data);
  if (!payload) return;
  const url = portalTarget(payload.url);
  event.waitUntil(
    notificationIcon(url).then((icon) =>
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon,
        badge: APP_ICON,
        data: { url },
      }),
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = portalTarget(typeof data?.url === 'string' ? data.url : '/m/');
  event.waitUntil(openPortalPage(url));
});

/** Focuses a portal tab already on `url`, else takes one of the portal's tabs there, else opens one. */
async function openPortalPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const portal = windows.find((client) => new URL(client.url).pathname.startsWith('/m/'));
  if (portal) {
    const moved = await portal.navigate(url).catch(() => null);
    if (moved) {
      await moved.focus();
      return;
    }
  }
  await self.clients.openWindow(url);
}
