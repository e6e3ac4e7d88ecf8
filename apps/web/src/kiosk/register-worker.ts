/**
 * The kiosk's service worker (apps/web/sw/kiosk-sw.ts, scope /kiosk): it keeps the kiosk's page
 * and scripts, so a kiosk closed and reopened offline still opens, with its queue (IndexedDB).
 */
const SERVICE_WORKER_URL = '/kiosk-sw.js';
const SCOPE = '/kiosk';

export function registerKioskWorker(): void {
  // `vite dev` builds no service worker: production builds only.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SCOPE }).catch(() => {
      // Refused (a private window): the kiosk still works, and keeps its queue, while open.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
