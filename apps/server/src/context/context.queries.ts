import { sql } from 'drizzle-orm';
import type { OrganizationRole, PlatformRole } from '@fitbase/domain/constants';
import type { Db } from '../db/client.ts';

export interface RequestContextRow {
  sessionId: string;
  sessionExpiresAt: Date;
  userId: string;
  email: string;
  name: string;
  platformRole: PlatformRole | null;
  organizationId: string | null;
  role: OrganizationRole | null;
  /** The studio requires two-factor authentication and this person has not turned it on. */
  twoFactorMissing: boolean;
}

/**
 * Session, user, platform role and the studio membership of one request in ONE round trip.
 * The membership is the requested organization's when one is asked for (and none when the
 * person is not a member of it), else the remembered current one, else the oldest.
 * Runs as the connecting role: sessions and memberships are looked up across studios here,
 * before the request's own organization is known.
 */
/**
 * The one query's SQL, with `$1` the session token and `$2` the requested organization (or
 * null). Also sets `app.organization_id` to the membership found, transaction-locally: inside
 * the studio fast path (studio-fast-path.ts) that is the row-level-security scope. And
 * `app.user_id`, the actor the audit trigger records (migration 0020).
 */
export const REQUEST_CONTEXT_SQL = requestContextSql('true');

/**
 * The lookup for the read path (studio-fast-path.ts): the same, but `app.organization_id` is
 * set for the connection's session, since a read runs outside a transaction block.
 */
export const REQUEST_CONTEXT_SESSION_SQL = requestContextSql('false');

function requestContextSql(local: 'true' | 'false') {
  return `
  select s.id as session_id, s.expires_at as session_expires_at, u.id as user_id, u.email, u.name,
         ur.role as platform_role, m.organization_id, m.role,
         (m.require_two_factor and not u.two_factor_enabled) as two_factor_missing,
         set_config('app.organization_id', coalesce(m.organization_id::text, ''), ${local}) as scope,
         set_config('app.user_id', u.id, ${local}) as actor
  from sessions s
  join users u on u.id = s.user_id
  left join user_roles ur on ur.user_id = u.id
  left join profiles p on p.id = u.id
  left join lateral (
    select ou.organization_id, ou.role, o.require_two_factor
    from organization_users ou
    join organizations o on o.id = ou.organization_id
    where ou.user_id = u.id and ($2::uuid is null or ou.organization_id = $2::uuid)
    order by (ou.organization_id is not distinct from p.organization_id) desc, ou.joined_at, ou.id
    limit 1
  ) m on true
  where s.token = $1 and s.expires_at > now()`;
}

export function toRequestContext(
  row: Record<string, unknown> | undefined,
): RequestContextRow | null {
  if (!row) return null;
  return {
    sessionId: row.session_id as string,
    sessionExpiresAt: new Date(row.session_expires_at as string | Date),
    userId: row.user_id as string,
    email: row.email as string,
    name: row.name as string,
    platformRole: (row.platform_role as PlatformRole | null) ?? null,
    organizationId: (row.organization_id as string | null) ?? null,
    role: (row.role as OrganizationRole | null) ?? null,
    twoFactorMissing: row.two_factor_missing === true,
  };
}

/**
 * Session, user, platform role and the studio membership of one request in ONE round trip.
 * The membership is the requested organization's when one is asked for (and none when the
 * person is not a member of it), else the remembered current one, else the oldest.
 * Runs as the connecting role: sessions and memberships are looked up across studios here,
 * before the request's own organization is known. (Outside a transaction the scope it sets
 * ends with the statement.)
 */
export async function findRequestContext(
  db: Db,
  token: string,
  requestedOrganizationId: string | null,
): Promise<RequestContextRow | null> {
  const values: Record<string, string | null> = { $1: token, $2: requestedOrganizationId };
  // The shared SQL text, its $n markers bound as parameters.
  const chunks = REQUEST_CONTEXT_SQL.split(/(\$[12])/).map((part) =>
    part in values ? sql`${values[part]}` : sql.raw(part),
  );
  const result = await db.execute<Record<string, unknown>>(sql.join(chunks, sql.raw('')));
  return toRequestContext((result as unknown as { rows: Record<string, unknown>[] }).rows[0]);
}
