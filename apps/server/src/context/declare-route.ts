import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { PORTAL_ROLES } from '@fitbase/domain/contracts/owner-portal';
import type { PlatformRole } from '@fitbase/domain/constants';
import { can, permissionMessage, type Permission } from '@fitbase/domain/permissions';
import { AppError, forbidden, notFound } from '../lib/errors.ts';
import { clientIp } from '../http/client-ip.ts';
import { markPublic } from '../http/public-routes.ts';
import type { AppEnv, StudioScope } from '../http/types.ts';
import { applyRequestContext, refreshWhenDue, unauthorized } from './authenticate.ts';
import { beginStudioRead, beginStudioTransaction } from './studio-fast-path.ts';
import { ACCESS_EXTENSION, declareAccess, type RouteAccess } from './route-access.ts';
import { runInStudio } from './run-in-studio.ts';
import { studioWriteCommitted } from './studio-writes.ts';

type Config<P extends string> = Omit<RouteConfig, 'path' | 'middleware'> & { path: P };

function declare<P extends string, R extends Config<P>>(
  config: R,
  access: RouteAccess,
  middleware: MiddlewareHandler<AppEnv>[],
) {
  declareAccess(config.method, config.path, access);
  return createRoute({ ...config, [ACCESS_EXTENSION]: access, middleware } as R & {
    middleware: MiddlewareHandler<AppEnv>[];
  });
}

/** Reachable without a session (landing forms, invitation lookups, health). */
export function publicRoute<P extends string, R extends Config<P>>(config: R) {
  markPublic(config);
  return declare<P, R>(config, { kind: 'public' }, []);
}

/** Any signed-in person, outside any studio (their own account, creating a studio). */
export function accountRoute<P extends string, R extends Config<P>>(config: R) {
  return declare<P, R>(config, { kind: 'account' }, []);
}

export const PORTAL_ACCESS_DENIED = 'Only platform owners and admins can open the owner portal';

/** The owner portal: platform owners and admins, read from the request's one context query. */
export function platformRoute<P extends string, R extends Config<P>>(config: R) {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const role = c.get('platformRole') ?? 'user';
    if (!(PORTAL_ROLES as readonly PlatformRole[]).includes(role))
      throw forbidden(PORTAL_ACCESS_DENIED);
    await next();
  };
  return declare<P, R>(config, { kind: 'platform' }, [guard]);
}

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Your studio requires two-factor authentication. Turn it on in Settings › Security.';

const twoFactorRequired = () => new AppError('two_factor_required', TWO_FACTOR_REQUIRED_MESSAGE);

/** Thrown inside the studio transaction to roll it back after an error response was made. */
class RollbackAfterError extends Error {}

/** The studio, and the role's permission there, or the error a person can act on. */
function checkMembership(c: Context<AppEnv>, permission: Permission): StudioScope['role'] {
  const membership = c.get('membership');
  if (!membership) {
    // Another studio's id answers exactly like one that does not exist.
    if (c.get('requestedOrganizationId')) throw notFound('Organization');
    throw new AppError(
      'no_organization',
      'No organization selected: create or join a gym organization first.',
    );
  }
  // Read in the same one context query (context.queries.ts): enrolling happens on account
  // routes and better-auth's own, which stay reachable.
  if (c.get('twoFactorMissing')) throw twoFactorRequired();
  if (!can(membership.role, permission)) throw forbidden(permissionMessage(permission));
  return membership.role;
}

/**
 * A studio (organization-scoped) route. Before the handler runs: the request's studio (the
 * `X-Organization-Id` header, else the remembered one) must be one of the caller's, and their
 * role there must hold `permission` in the matrix of packages/domain. The handler then reads
 * `c.get('studio')`: the organization id, the role, and a database handle inside a transaction
 * where row-level security admits only that studio's rows (`deps.database.db` is the same
 * handle for the request's duration). An error response rolls the transaction back.
 * `transaction: false` is for long-lived responses (event streams) that must not hold one.
 */
export function studioRoute<P extends string, R extends Config<P>>(
  config: R & { permission: Permission; transaction?: boolean },
) {
  const { permission, transaction = true, ...route } = config;
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const deps = c.get('deps');
    const pending = c.get('pendingOrganization');
    if (pending && deps.database.pool) return fastPath(c, next, permission, pending);
    checkMembership(c, permission);
    const scope = {
      ...c.get('membership')!,
      userId: c.get('user').id,
      userName: c.get('user').name,
    };
    if (!transaction) {
      c.set('studio', { ...scope, db: deps.database.db });
      return next();
    }
    try {
      await runInStudio(
        deps.database.db,
        scope.organizationId,
        async (tx) => {
          c.set('studio', { ...scope, db: tx });
          c.set('deps', { ...deps, database: { ...deps.database, db: tx } });
          await next();
          if (c.error) throw new RollbackAfterError();
        },
        { userId: scope.userId, ip: clientIp(c) },
      );
      if (c.req.method !== 'GET') studioWriteCommitted(deps.database, scope.organizationId);
    } catch (error) {
      if (!(error instanceof RollbackAfterError)) throw error;
    } finally {
      c.set('deps', deps);
    }
  };
  return declare<P, typeof route & R>(
    route as typeof route & R,
    { kind: 'studio', permission, transaction },
    [guard],
  );
}

/** PostgreSQL: session lookup, BEGIN and the tenant scope in one round trip (studio-fast-path.ts). */
async function fastPath(
  c: Context<AppEnv>,
  next: Next,
  permission: Permission,
  requested: { raw: string | null; id: string | null },
) {
  const deps = c.get('deps');
  const read = c.req.method === 'GET' && deps.database.readPool;
  const studio = read
    ? await beginStudioRead(read, deps.database.db, c.get('sessionToken'), requested.id)
    : await beginStudioTransaction(
        deps.database.pool!,
        deps.database.db,
        c.get('sessionToken'),
        requested.id,
        clientIp(c),
      );
  let committed = false;
  try {
    if (!applyRequestContext(c, studio.context, requested)) throw unauthorized();
    checkMembership(c, permission);
    await refreshWhenDue(c, studio.context!);
    c.set('studio', {
      ...c.get('membership')!,
      userId: c.get('user').id,
      userName: c.get('user').name,
      db: studio.tx,
    });
    c.set('deps', { ...deps, database: { ...deps.database, db: studio.tx } });
    await next();
    if (!c.error) {
      // A read's response need not wait for its COMMIT round trip; a write's must.
      if (c.req.method === 'GET') studio.commitInBackground();
      else {
        await studio.commit();
        studioWriteCommitted(deps.database, c.get('studio').organizationId);
      }
      committed = true;
    }
  } finally {
    c.set('deps', deps);
    if (!committed) await studio.rollback();
  }
}
