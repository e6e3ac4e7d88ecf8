import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, oneOf } from './columns.ts';
import { organizationId, timestamptz } from './tenant-columns.ts';

export const API_KEY_SCOPES = ['read', 'write'] as const;

/*
 * A studio's API keys (docs/product/integrations.md#api-keys): `fb_` and 32 random bytes in
 * base62, shown once; only the SHA-256 is kept, so the database never holds a usable key.
 * Revoked keys stay (the audit log names them as the actor of their writes).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    scope: text('scope', { enum: API_KEY_SCOPES }).notNull(),
    /** The key's first characters (`fb_` and 4 more), to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    keyHash: text('key_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'api_keys_pkey', columns: [t.organizationId, t.id] }),
    // Looked up before any studio is known: the key is all a caller shows. Its hash leads;
    // organization_id follows, as a sharded database needs it in every unique key.
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash, t.organizationId),
    index('api_keys_org_created_idx').on(t.organizationId, t.createdAt),
    check('api_keys_scope_check', oneOf(t.scope, API_KEY_SCOPES)),
    check('api_keys_name_check', sql`length(${t.name}) between 1 and 100`),
  ],
);

/*
 * Each key's rate-limit bucket and last use, apart from the key so that a request's update is
 * never audited and never locks the key's own row. Written in a transaction of its own before
 * the request's (context/api-key-context.ts), so concurrent requests of one key wait only for
 * that one statement.
 */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    apiKeyId: uuid('api_key_id').notNull(),
    organizationId: organizationId(),
    /** Requests left in the bucket (refilled continuously up to the burst). */
    tokens: doublePrecision('tokens').notNull(),
    refilledAt: timestamptz('refilled_at').notNull(),
    /** Whether the last request was admitted. */
    admitted: boolean('admitted').notNull().default(true),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    primaryKey({ name: 'api_key_usage_pkey', columns: [t.organizationId, t.apiKeyId] }),
    foreignKey({
      name: 'api_key_usage_api_key_fk',
      columns: [t.organizationId, t.apiKeyId],
      foreignColumns: [apiKeys.organizationId, apiKeys.id],
    }).onDelete('cascade'),
  ],
);
