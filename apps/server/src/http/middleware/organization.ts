import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../lib/errors.ts';
import { resolveOrganizationContext } from '../../modules/account/account.service.ts';
import type { AppEnv } from '../types.ts';

/**
 * Organization-scoped routes run in the caller's current organization, resolved on the
 * server from their memberships (never from an id the browser sends). Sets `c.var.org`.
 */
export function requireOrganization(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const org = await resolveOrganizationContext(c.get('deps').database.db, c.get('user').id);
    if (!org)
      throw new AppError(
        'forbidden',
        'No organization selected: create or join a gym organization first.',
      );
    c.set('org', org);
    await next();
  };
}
