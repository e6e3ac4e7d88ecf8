/** Host names that reach this machine only; the URL API spells IPv6 loopback with brackets. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins a browser may send state-changing requests from: APP_URL's. When APP_URL is a
 * loopback address (the development default http://localhost:3000), every loopback spelling
 * on the same port is trusted too, so a newcomer who opens http://127.0.0.1:3000 can sign in:
 * those origins are reachable from this machine only, so trusting them opens nothing to others.
 */
export function trustedOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}

/** Says what to do when a page was opened at an address other than APP_URL. */
export function untrustedOriginMessage(origin: string, appUrl: string): string {
  return `This page's origin ${origin} is not APP_URL (${appUrl}); open FitBase at APP_URL or set APP_URL`;
}
