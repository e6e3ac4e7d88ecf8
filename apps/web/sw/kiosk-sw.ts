/// <reference lib="webworker" />
/**
 * The check-in kiosk's service worker (scope /kiosk; docs/product/kiosk.md, offline). It keeps
 * the kiosk's page and scripts only (the build lists kiosk.html and what it loads, the QR reader
 * included), so a kiosk closed and reopened without a network still opens; what the kiosk knows
 * (its token, the list of members, the queue) is in IndexedDB, kept by the page itself. No API
 * answer is cached here.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open kiosk page at once: it can then be closed and reopened offline.
clientsClaim();

/** The server's page first (it carries the page's CSP and the newest build), else the kept one. */
async function kioskPage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const page = await matchPrecache('kiosk.html');
    if (page) return page;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.mode !== 'navigate') return;
  if (url.pathname === '/kiosk' || url.pathname.startsWith('/kiosk/'))
    event.respondWith(kioskPage(request));
});
