import { PORTAL_ROLES } from '@fitbase/domain/constants';
import type { Me } from '@fitbase/domain/contracts/organizations';

/**
 * Where a person lands after signing in: their studio's dashboard; the owner portal for a
 * platform owner or admin without a studio of their own (DECISIONS.md, "The signed-in home and
 * the platform owner"); /setup for anyone else. Not in lib/session.ts, which `/` loads after
 * hydration: the domain constants would count against the landing page's budget (bench:web).
 */
export function signedInLandingPath(me: Me | null | undefined): string {
  if (me && me.organizations.length > 0) return '/dashboard';
  if (me && (PORTAL_ROLES as readonly string[]).includes(me.platformRole)) return '/owner-portal';
  return '/setup';
}
