import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { PORTAL_ROLES } from '@fitbase/domain/contracts/owner-portal';
import type { PlatformRole } from '@fitbase/domain/constants';
import { can, permissionMessage, type Permission } from '@fitbase/domain/permissions';
import { AppError, forbidden, notFound } from '../lib/errors.ts';
import { clientIp } from '../http/client-ip.ts';
import { markPublic } from '../http/public-routes.ts';
import type { AccountScope, AppEnv, Deps, PublicScope, StudioScope } from '../http/types.ts';
import type { Logger } from '../lib/logger.ts';
import {
  applyRequestContext,
  refreshWhenDue,
  requestedOrganization,
  unauthorized,
} from './authenticate.ts';
import { apiKeyStudioRoute } from './api-key-context.ts';
import { openStudioRead, studioWrite } from './studio-fast-path.ts';
import type { RequestContextRow } from './context.queries.ts';
import { withoutUnit } from './without-unit.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { ACCESS_EXTENSION, declareAccess, type RouteAccess } from './route-access.ts';
import { registerUnit, runInStudio } from './run-in-studio.ts';
import { studioWriteCommitted } from './studio-writes.ts';
import { memberGuard } from './member-session.ts';
import { kioskGuard } from './kiosk-session.ts';

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

/** The scope of a public route: the app's services and the request's logger (http/types.ts). */
export const publicScope = (deps: Deps, log: Logger): PublicScope => ({
  db: deps.database.db,
  deps,
  log,
});

const setPublicScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('public', publicScope(c.get('deps'), c.get('log')));
  await next();
};

/**
 * Reachable without a session (landing forms, invitation lookups, health). The handler reads
 * `c.get('public')`.
 */
export function publicRoute<P extends string, R extends Config<P>>(config: R) {
  markPublic(config);
  return declare<P, R>(config, { kind: 'public' }, [setPublicScope]);
}

/** The signed-in person's account scope, from the request's one context query (authenticate.ts). */
function accountScopeOf(c: Context<AppEnv>): AccountScope {
  return {
    user: c.get('user'),
    sessionId: c.get('sessionId'),
    platformRole: c.get('platformRole') ?? 'user',
    membership: c.get('membership'),
    db: c.get('deps').database.db,
  };
}

/**
 * Any signed-in person, outside any studio (their own account, creating a studio). The handler
 * reads `c.get('account')`.
 */
export function accountRoute<P extends string, R extends Config<P>>(config: R) {
  const scope: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('account', accountScopeOf(c));
    await next();
  };
  return declare<P, R>(config, { kind: 'account' }, [scope]);
}

/**
 * The member portal (`/api/m/{slug}/...`): the member's own session in the path's studio, never a
 * staff session (context/member-session.ts). The handler reads `c.get('member')`.
 */
export function memberRoute<P extends string, R extends Config<P>>(
  config: R,
  options: { readOnly?: boolean } = {},
) {
  return declare<P, R>(config, { kind: 'member' }, [memberGuard(options)]);
}

/**
 * The check-in kiosk (`/api/kiosk/...`): a paired device's token, for its studio only
 * (context/kiosk-session.ts). Sessions of staff or members are never read here. The handler
 * reads `c.get('kiosk')`.
 */
export function kioskRoute<P extends string, R extends Config<P>>(config: R) {
  return declare<P, R>(config, { kind: 'kiosk' }, [kioskGuard()]);
}

export const PORTAL_ACCESS_DENIED = 'Only platform owners and admins can open the owner portal';

/**
 * The owner portal: platform owners and admins, read from the request's one context query. The
 * handler reads `c.get('platform')`.
 */
export function platformRoute<P extends string, R extends Config<P>>(config: R) {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const role = c.get('platformRole') ?? 'user';
    if (!(PORTAL_ROLES as readonly PlatformRole[]).includes(role))
      throw forbidden(PORTAL_ACCESS_DENIED);
    c.set('platform', { ...accountScopeOf(c), deps: c.get('deps') });
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
 * `c.get('studio')`: the organization id, the role, and the request's unit of work
 * (db/unit-of-work.ts), a transaction where row-level security admits only that studio's rows
 * (`studio.db` is its Drizzle handle, and `deps.database.db` the same handle for the request's
 * duration). An error response rolls the transaction back.
 * `transaction: false` is for long-lived responses (event streams) that must not hold one.
 * An API key reaches the route too (context/api-key-context.ts) unless `apiKeys: false`: a
 * person's own things and the keys themselves.
 */
export function studioRoute<P extends string, R extends Config<P>>(
  config: R & { permission: Permission; transaction?: boolean; apiKeys?: false },
) {
  const { permission, transaction = true, apiKeys, ...route } = config;
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const deps = c.get('deps');
    if (c.get('apiKey'))
      return apiKeyStudioRoute(c, next, permission, transaction, requestedOrganization(c));
    const pending = c.get('pendingOrganization');
    if (pending && deps.database.pool) return fastPath(c, next, permission, pending);
    checkMembership(c, permission);
    const scope = {
      ...c.get('membership')!,
      userId: c.get('user').id,
      userName: c.get('user').name,
    };
    if (!transaction) {
      c.set('studio', { ...scope, db: deps.database.db, work: withoutUnit });
      return next();
    }
    try {
      await runInStudio(
        deps.database.db,
        scope.organizationId,
        async (tx, work) => {
          c.set('studio', { ...scope, db: tx, work });
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
    apiKeys === false
      ? { kind: 'studio', permission, transaction, apiKeys }
      : { kind: 'studio', permission, transaction },
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
  const handle = async (work: UnitOfWork, context: RequestContextRow | null) => {
    registerUnit(work);
    if (!applyRequestContext(c, context, requested)) throw unauthorized();
    checkMembership(c, permission);
    await refreshWhenDue(c, context!);
    c.set('studio', {
      ...c.get('membership')!,
      userId: c.get('user').id,
      userName: c.get('user').name,
      db: work.db,
      work,
    });
    c.set('deps', { ...deps, database: { ...deps.database, db: work.db } });
    await next();
  };
  try {
    if (c.req.method === 'GET' && deps.database.readPool) {
      // A read's response need not wait for anything after it: the connection goes back when
      // the handler is done, and there is no COMMIT.
      const read = await openStudioRead(
        deps.database.readPool,
        c.get('sessionToken'),
        requested.id,
      );
      try {
        await handle(read.unit, read.context);
      } finally {
        read.release();
      }
      return;
    }
    await studioWrite(
      deps.database.pool!,
      c.get('sessionToken'),
      requested.id,
      clientIp(c),
      async (work, context) => {
        await handle(work, context);
        if (c.error) throw new RollbackAfterError();
      },
    );
    if (c.req.method !== 'GET') studioWriteCommitted(deps.database, c.get('studio').organizationId);
  } catch (error) {
    if (!(error instanceof RollbackAfterError)) throw error;
  } finally {
    c.set('deps', deps);
  }
}
