import type { PlatformRole } from '@fitbase/domain/constants';

/**
 * The caller's platform role, as the request's one context query read it
 * (context/authenticate.ts); `platformRoute` has already refused anyone outside the portal.
 */
export function platformRoleOf(c: {
  get: (key: 'platformRole') => PlatformRole | undefined;
}): PlatformRole {
  return c.get('platformRole') ?? 'user';
}
