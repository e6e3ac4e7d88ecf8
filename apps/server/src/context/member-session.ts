import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { PortalStudio } from '@fitbase/domain/contracts/portal';
import { MEMBER_SESSION_DAYS } from '../auth/member-auth.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/types.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { findPortalContext, type PortalContextRow } from './member-session.queries.ts';
import type { Db } from '../db/client.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { openMemberRead, memberWrite } from './member-fast-path.ts';
import { registerUnit, runInStudio } from './run-in-studio.ts';
import { signToken, verifySigned } from './session-cookie.ts';
import { studioWriteCommitted } from './studio-writes.ts';

/**
 * The member portal's session cookie. Its path is the studio's portal API, so a member of two
 * studios holds two sessions side by side, and neither is ever sent to staff routes or to
 * another studio's portal (docs/product/member-portal.md#signing-in).
 */
export const MEMBER_COOKIE = 'fitbase_member';

export const memberCookiePath = (slug: string) => `/api/m/${slug}`;

export const signInToPortal = (studioName: string) =>
  new AppError('unauthorized', `Sign in to ${studioName} to continue.`);

export const studioNotFound = () => notFound('Studio');

export function portalStudio(row: PortalContextRow): PortalStudio {
  return {
    name: row.name,
    slug: row.slug,
    logoUrl: row.logo_hash ? `/api/logos/${row.logo_hash}` : row.logo_url,
    timeZone: row.timezone,
    currency: row.currency,
    locale: row.locale,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
  };
}

export function setMemberCookie(c: Context<AppEnv>, slug: string, token: string): void {
  const { config } = c.get('deps');
  setCookie(c, MEMBER_COOKIE, signToken(token, config.authSecret), {
    path: memberCookiePath(slug),
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.isProduction,
    maxAge: MEMBER_SESSION_DAYS * 86_400,
  });
}

export function clearMemberCookie(c: Context<AppEnv>, slug: string): void {
  deleteCookie(c, MEMBER_COOKIE, { path: memberCookiePath(slug) });
}

export function readMemberToken(c: Context<AppEnv>): string | null {
  const raw = getCookie(c, MEMBER_COOKIE);
  return raw ? verifySigned(raw, c.get('deps').config.authSecret) : null;
}

/** Thrown inside the studio transaction to roll it back after an error response was made. */
class RollbackAfterError extends Error {}

/**
 * A member route's guard: the path's studio, the member's own live session there, then the
 * handler inside one unit of work scoped to that studio by row-level security. The member
 * scope carries the member id: portal services act only on that member's records. On
 * PostgreSQL the lookup travels with the unit's first message (member-fast-path.ts); a
 * `readOnly` route's GET then runs on the read pool, with no transaction.
 */
export function memberGuard(options: { readOnly?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    const slug = c.req.param('slug') ?? '';
    const token = readMemberToken(c);
    // No member session at all: refused before anything is looked up, like every guarded route.
    if (!token) throw new AppError('unauthorized', 'Sign in to your studio to continue.');
    const handle = async (row: PortalContextRow | null, db: Db, work: UnitOfWork) => {
      if (!row) throw studioNotFound();
      if (!row.session_id || !row.member_id || !row.login_id) throw signInToPortal(row.name);
      c.set('member', {
        organizationId: row.organization_id,
        memberId: row.member_id,
        loginId: row.login_id,
        sessionId: row.session_id,
        studio: portalStudio(row),
        userId: null,
        db,
        work,
      });
      await next();
    };
    const { pool, readPool } = deps.database;
    if (pool && readPool && options.readOnly && c.req.method === 'GET') {
      const read = await openMemberRead(readPool, slug, token);
      try {
        registerUnit(read.unit);
        await handle(read.context, read.unit.db, read.unit);
      } finally {
        read.release();
      }
      return;
    }
    let organizationId: string | null = null;
    try {
      if (pool) {
        await memberWrite(pool, slug, token, clientIp(c), async (unit, row) => {
          registerUnit(unit);
          organizationId = row?.organization_id ?? null;
          await handle(row, unit.db, unit);
          if (c.error) throw new RollbackAfterError();
        });
      } else {
        const row = await findPortalContext(deps.database.db, slug, token);
        if (!row) throw studioNotFound();
        if (!row.session_id) throw signInToPortal(row.name);
        organizationId = row.organization_id;
        await runInStudio(
          deps.database.db,
          row.organization_id,
          async (tx, work) => {
            await handle(row, tx, work);
            if (c.error) throw new RollbackAfterError();
          },
          { userId: '', ip: clientIp(c) },
        );
      }
      if (c.req.method !== 'GET' && organizationId)
        studioWriteCommitted(deps.database, organizationId);
    } catch (error) {
      if (!(error instanceof RollbackAfterError)) throw error;
    }
  };
}
