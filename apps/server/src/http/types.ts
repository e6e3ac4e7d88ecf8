import type { OrganizationRole, PlatformRole } from '@fitbase/domain/constants';
import type { KioskStudio } from '@fitbase/domain/contracts/kiosk';
import type { PortalStudio } from '@fitbase/domain/contracts/portal';
import type { Auth } from '../auth/auth.ts';
import type { MemberAuth } from '../auth/member-auth.ts';
import type { Config } from '../env.ts';
import type { Database, Db } from '../db/client.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mailer.ts';

export interface Deps {
  config: Config;
  database: Database;
  auth: Auth;
  /** The member portal's sign-in (auth/member-auth.ts), apart from staff sign-in. */
  memberAuth: MemberAuth;
  mailer: Mailer;
  logger: Logger;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface OrganizationContext {
  organizationId: string;
  role: OrganizationRole;
}

/**
 * What a studio route's handler works with (context/declare-route.ts): the organization and
 * role checked for this request, and a database handle scoped to that organization by
 * row-level security. Services take it instead of reading ids from the request.
 */
export interface StudioScope extends OrganizationContext {
  userId: string;
  /** The signed-in person's name, from the request's context query (absent in jobs). */
  userName?: string;
  /**
   * Set when an API key acts (context/api-key-context.ts): `userId` is then the key's creator,
   * whom records it makes name as their author, and the audit log names the key.
   */
  apiKeyId?: string;
  /** Drizzle in the request's transaction: `work.db`. */
  db: Db;
  /** The request's unit of work (db/unit-of-work.ts): its transaction and how it talks. */
  work: UnitOfWork;
}

/**
 * The studio a write happens in and who does it: a staff person's user id, or null when a member
 * acts for themselves in the portal. Services that both can call take this instead of the
 * studio scope.
 */
export interface ActorScope {
  organizationId: string;
  userId: string | null;
  db: Db;
  work: UnitOfWork;
}

/**
 * What a member portal route's handler works with (context/member-session.ts): the studio of
 * the path, the signed-in member's own record there, and the request's unit of work scoped to
 * that studio by row-level security. `userId` is null: no staff person acts.
 */
export interface MemberScope {
  organizationId: string;
  memberId: string;
  /** The member login (one per email across studios) and this session of it. */
  loginId: string;
  sessionId: string;
  studio: PortalStudio;
  userId: null;
  db: Db;
  work: UnitOfWork;
}

/**
 * What a kiosk route's handler works with (context/kiosk-session.ts): the paired device, its
 * studio, and a unit of work scoped to that studio by row-level security. No staff person acts.
 */
export interface KioskScope {
  organizationId: string;
  kioskId: string;
  kioskName: string;
  studio: KioskStudio;
  userId: null;
  db: Db;
  work: UnitOfWork;
}

/**
 * What an account route's handler works with (context/declare-route.ts): the signed-in person
 * outside any studio, their session and platform role, and the app's database handle. There is
 * no studio, so no unit of work scoped to one: what these services touch is the person's own.
 */
export interface AccountScope {
  user: SessionUser;
  sessionId: string;
  platformRole: PlatformRole;
  /**
   * Their membership in the studio the request names (or the remembered one), if any: which
   * studio's notifications the bell shows. Never a tenant scope: nothing here is scoped by it.
   */
  membership: OrganizationContext | null;
  /** The app's handle (`deps.database.db`), outside any studio's row-level security. */
  db: Db;
}

/**
 * What an owner-portal route's handler works with (context/declare-route.ts): a platform owner
 * or admin's account scope and the app's services (its invitations are emailed).
 */
export interface PlatformScope extends AccountScope {
  deps: Deps;
}

/**
 * What a public route's handler works with (context/declare-route.ts): nobody signed in and no
 * studio; the app's services, their database handle and the request's logger. Services that
 * act in a studio (found by a slug or a signed token) open its unit of work themselves.
 */
export interface PublicScope {
  /** The app's handle (`deps.database.db`). */
  db: Db;
  deps: Deps;
  log: Logger;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    log: Logger;
    user: SessionUser;
    sessionId: string;
    platformRole?: PlatformRole;
    /** The caller's membership in the request's studio, from the one context query. */
    membership: OrganizationContext | null;
    /** The studio requires two-factor authentication and the caller has not turned it on. */
    twoFactorMissing?: boolean;
    /** The raw `X-Organization-Id` header, when the client named a studio. */
    requestedOrganizationId: string | null;
    studio: StudioScope;
    member: MemberScope;
    kiosk: KioskScope;
    account: AccountScope;
    platform: PlatformScope;
    public: PublicScope;
    /** The verified session token (context/authenticate.ts). */
    sessionToken: string;
    /** An API key from `Authorization: Bearer fb_...` (context/api-key-context.ts). */
    apiKey?: string;
    /** Set when a studio route on PostgreSQL resolves the session inside its transaction. */
    pendingOrganization?: { raw: string | null; id: string | null };
    /** A sliding-session cookie better-auth re-issued during this request. */
    refreshedCookie?: string;
  };
}
