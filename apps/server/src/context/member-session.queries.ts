import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { firstRow, rows } from '../db/rows.ts';

export const portalContextRow = z.object({
  organization_id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_hash: z.string().nullable(),
  logo_url: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  locale: z.string(),
  session_id: z.string().nullable(),
  login_id: z.string().nullable(),
  member_id: z.string().nullable(),
});
export type PortalContextRow = z.output<typeof portalContextRow>;

/**
 * The studio of a portal path and, when `token` names a live member session of THAT studio, the
 * session: one round trip, as the connecting role (sessions are looked up before the studio's
 * row-level-security scope is set). A session of another studio finds no row here.
 */
export function findPortalContext(db: Db, slug: string, token: string | null) {
  return firstRow(
    db,
    portalContextRow,
    sql`select o.id as organization_id, o.name, o.slug, o.logo_hash, o.logo_url, o.primary_color,
        o.secondary_color, o.timezone, o.currency, o.locale,
        s.id as session_id, s.user_id as login_id, s.member_id
      from organizations o
      left join member_sessions s
        on s.organization_id = o.id and s.token = ${token ?? ''} and s.expires_at > now()
      where o.slug = ${slug}`,
  );
}

/**
 * The same lookup for PostgreSQL's fast path (member-fast-path.ts), `$1` the slug and `$2` the
 * token: it also sets the studio's row-level-security scope (`app.organization_id`) and an empty
 * actor (`app.user_id`: a member is no staff person), transaction-locally (`local` true) or for
 * the read connection's session (false). A session of another studio finds no row's session.
 */
export const memberContextSql = (local: 'true' | 'false') => `
  select o.id as organization_id, o.name, o.slug, o.logo_hash, o.logo_url, o.primary_color,
    o.secondary_color, o.timezone, o.currency, o.locale, s.id as session_id, s.user_id as login_id, s.member_id,
    set_config('app.organization_id', o.id::text, ${local}) as scope,
    set_config('app.user_id', '', ${local}) as actor
  from organizations o
  left join member_sessions s
    on s.organization_id = o.id and s.token = $2 and s.expires_at > now()
  where o.slug = $1`;

const originRow = z.object({ origin: z.string() });

/** The website origins the studio of `slug` lets frame its public schedule (any studio). */
export async function embedOriginsOfSlug(db: Db, slug: string): Promise<string[]> {
  const found = await rows(
    db,
    originRow,
    sql`select e.origin from portal_embed_origins e
      join organizations o on o.id = e.organization_id
      where o.slug = ${slug} order by e.origin`,
  );
  return found.map((r) => r.origin);
}
