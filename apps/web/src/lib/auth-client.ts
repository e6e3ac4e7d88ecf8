import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client; the server mounts it at /api/auth. */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // The sign-in page shows its own code step when sign-in answers `twoFactorRedirect`.
  plugins: [twoFactorClient()],
});
