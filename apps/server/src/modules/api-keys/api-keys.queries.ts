import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { apiKeys, apiKeyUsage } from '../../db/schema/api-keys.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

/** Settings › API keys (docs/product/integrations.md#api-keys): the studio's keys and last use. */

export type ApiKeyListRow = {
  id: string;
  name: string;
  scope: 'read' | 'write';
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdByName: string | null;
};

function keyList(db: Db | Tx) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeyUsage.lastUsedAt,
      createdByName: staffDisplayName<string | null>(),
    })
    .from(apiKeys)
    .leftJoin(apiKeyUsage, eq(apiKeyUsage.apiKeyId, apiKeys.id))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, apiKeys.organizationId),
        eq(organizationUsers.userId, apiKeys.createdBy),
      ),
    );
}

export function listApiKeys(db: Db | Tx, organizationId: string): Promise<ApiKeyListRow[]> {
  return keyList(db)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKey(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await keyList(db).where(
    and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)),
  );
  return row ?? null;
}

export async function insertApiKey(
  db: Db | Tx,
  values: {
    organizationId: string;
    name: string;
    scope: 'read' | 'write';
    prefix: string;
    keyHash: string;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error('insert api_keys returned no row');
  return row.id;
}

/** Revoked at once: the key's next request is refused. A revoked key stays revoked. */
export async function revokeApiKey(db: Db | Tx, organizationId: string, id: string, by: string) {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: by })
    .where(
      and(
        eq(apiKeys.organizationId, organizationId),
        eq(apiKeys.id, id),
        isNull(apiKeys.revokedAt),
      ),
    );
}
