import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { firstRow } from '../db/rows.ts';

/**
 * The SQL of an API key request (docs/decisions/0033-api-keys.md), run before its studio is
 * known, as the connecting role (sessions' lookups do the same, context.queries.ts).
 */

/** A key's bucket (env.ts `apiKeyRateLimit`; the documented default is API_KEY_RATE_LIMIT). */
export type RateLimit = { perMinute: number; burst: number };

/**
 * One request taken from the key's bucket: refilled for the time since the last request, up to
 * the burst; admitted when a whole request is left. An unknown or revoked key matches no row.
 * Its own transaction (see apiKeyOpening): the bucket's row is locked for this statement only.
 */
export function usageSql(keyHash: string, { perMinute, burst }: RateLimit): string {
  const hash = pg.escapeLiteral(keyHash);
  const perSecond = perMinute / 60;
  const refilled = `least(${burst}, u.tokens + extract(epoch from now() - u.refilled_at) * ${perSecond})`;
  return `insert into api_key_usage as u (api_key_id, organization_id, tokens, refilled_at, admitted, last_used_at)
  select k.id, k.organization_id, ${burst - 1}, now(), true, now()
  from api_keys k where k.key_hash = ${hash} and k.revoked_at is null
  on conflict (organization_id, api_key_id) do update set
    tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
    admitted = ${refilled} >= 1,
    refilled_at = now(),
    last_used_at = now()
  returning u.tokens, u.admitted`;
}

/**
 * The key, its studio and who it acts as (its creator, else the studio's first owner), setting the
 * row-level-security scope like the staff lookup does. `$1` is the key's hash. `local`: true in a
 * transaction (the write path), false on the read pool's connections (no transaction there);
 * only a write path names the key for the audit log, since reads write nothing.
 */
export function apiKeyContextSql(local: 'true' | 'false'): string {
  const auditActor =
    local === 'true'
      ? `set_config('app.api_key_id', k.id::text, true) as actor_key, set_config('app.user_id', '', true) as actor`
      : `set_config('app.user_id', '', false) as actor`;
  return `
  select k.id as key_id, k.name as key_name, k.scope, k.organization_id,
         coalesce(k.created_by, (select ou.user_id from organization_users ou
                                 where ou.organization_id = k.organization_id and ou.role = 'owner'
                                 order by ou.joined_at limit 1)) as acting_user_id,
         set_config('app.organization_id', k.organization_id::text, ${local}) as scope_set,
         ${auditActor}
  from api_keys k
  where k.key_hash = $1 and k.revoked_at is null`;
}

export const apiKeyContextRow = z.object({
  key_id: z.string(),
  key_name: z.string(),
  scope: z.enum(['read', 'write']),
  organization_id: z.string(),
  acting_user_id: z.string().nullable(),
});
export type ApiKeyContextRow = z.infer<typeof apiKeyContextRow>;

export const usageRow = z.object({ tokens: z.coerce.number(), admitted: z.boolean() });
export type UsageRow = z.infer<typeof usageRow>;

/** The embedded database's lookup: the bucket, then the key (one connection, no contention). */
export async function findApiKeyContext(
  db: Db,
  keyHash: string,
  limit: RateLimit,
): Promise<{ usage: UsageRow | null; context: ApiKeyContextRow | null }> {
  const usage = await firstRow(db, usageRow, sql.raw(usageSql(keyHash, limit)));
  if (!usage) return { usage: null, context: null };
  const text = apiKeyContextSql('true').replace('$1', pg.escapeLiteral(keyHash));
  // Outside a transaction the settings it makes end with the statement: the unit sets its own.
  const context = await firstRow(db, apiKeyContextRow, sql.raw(text));
  return { usage, context };
}
