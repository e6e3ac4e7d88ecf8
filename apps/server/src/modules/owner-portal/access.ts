import { PORTAL_ROLES } from '@fitbase/domain/contracts/owner-portal';
import type { PlatformRole } from '@fitbase/domain/constants';
import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../../lib/errors.ts';
import type { AppEnv } from '../../http/types.ts';
import { getPlatformRole } from '../account/account.service.ts';

export const PORTAL_ACCESS_DENIED = 'Only platform owners and admins can open the owner portal';

export function canOpenPortal(role: PlatformRole): boolean {
  return (PORTAL_ROLES as readonly PlatformRole[]).includes(role);
}

/**
 * Every /api/owner-portal route: platform owners and admins only (DECISIONS.md). The role is
 * read from user_roles on each request, so a demotion takes effect at once.
 */
export function portalAccess(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const role = await getPlatformRole(c.get('deps').database.db, c.get('user').id);
    if (!canOpenPortal(role)) throw forbidden(PORTAL_ACCESS_DENIED);
    c.set('platformRole', role);
    await next();
  };
}

/** The caller's platform role as the access middleware resolved it. */
export function platformRoleOf(c: {
  get: (key: 'platformRole') => PlatformRole | undefined;
}): PlatformRole {
  return c.get('platformRole') ?? 'user';
}
