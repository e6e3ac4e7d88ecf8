import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  createApiKeyInputSchema,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@fitbase/domain/contracts/api-keys';
import type { StudioScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import * as queries from './api-keys.queries.ts';

/**
 * Settings › API keys (docs/product/integrations.md#api-keys, docs/decisions/0033-api-keys.md).
 * Creating and revoking are audited by the table's trigger, with the person who did it.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 32 random bytes in base62 (43 characters), after `fb_`. */
export function newApiKey(): string {
  let value = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let digits = '';
  for (let i = 0; i < 43; i++) {
    digits = BASE62[Number(value % 62n)] + digits;
    value /= 62n;
  }
  return `${API_KEY_PREFIX}${digits}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function serialize(row: queries.ApiKeyListRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(scope: StudioScope): Promise<{ apiKeys: ApiKey[] }> {
  return { apiKeys: (await queries.listApiKeys(scope.db, scope.organizationId)).map(serialize) };
}

async function keyOr404(scope: StudioScope, id: string): Promise<ApiKey> {
  const row = await queries.findApiKey(scope.db, scope.organizationId, id);
  if (!row) throw notFound('API key');
  return serialize(row);
}

/** `Create API key`: the key is in this answer only; the database keeps its SHA-256. */
export async function createApiKey(
  scope: StudioScope,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const { name, scope: keyScope } = createApiKeyInputSchema.parse(input);
  const key = newApiKey();
  const id = await queries.insertApiKey(scope.db, {
    organizationId: scope.organizationId,
    name,
    scope: keyScope,
    prefix: key.slice(0, API_KEY_PREFIX.length + 4),
    keyHash: sha256(key),
    createdBy: scope.userId,
  });
  return { apiKey: await keyOr404(scope, id), key };
}

/** `Revoke`: refused from the key's next request on. Revoking twice changes nothing. */
export async function revokeApiKey(scope: StudioScope, input: { id: string }): Promise<ApiKey> {
  await keyOr404(scope, input.id);
  await queries.revokeApiKey(scope.db, scope.organizationId, input.id, scope.userId);
  return keyOr404(scope, input.id);
}
