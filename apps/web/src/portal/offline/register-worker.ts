/**
 * The portal's service worker (apps/web/sw/portal-sw.ts; docs/decisions/0028-portal-service-worker.md).
 * No workbox-window: the registration is one call, made once the page has loaded, from a chunk
 * that only a signed-in member's pages load.
 */
const SERVICE_WORKER_URL = '/portal-sw.js';
const SCOPE = '/m/';

let registering = false;

/**
 * Registers the service worker for a signed-in member, after the page's load. Not inside a frame
 * (the public schedule on a studio's website): that page has no member and nothing to keep.
 */
export function registerPortalWorker(): void {
  // `vite dev` builds no service worker (vite-plugin-pwa's dev mode is off): production builds only.
  if (import.meta.env.DEV) return;
  if (registering || !('serviceWorker' in navigator) || window.top !== window.self) return;
  registering = true;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SCOPE }).catch(() => {
      // Private windows and some browsers refuse: the portal works as before, online only.
      registering = false;
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
