import { z } from 'zod';

/**
 * The studio's API keys (docs/product/integrations.md#api-keys): Settings › API keys, for
 * owners and admins. A key is `fb_` and 32 random bytes in base62, sent as
 * `Authorization: Bearer fb_...` on the same /api routes as the web app.
 */

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scope's label in Settings › API keys. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  write: 'Read and write',
};

/** The prefix that makes a FitBase key recognisable (in secret scanners too). */
export const API_KEY_PREFIX = 'fb_';

/**
 * Requests a key may make: a bucket of BURST refilled at PER_MINUTE a minute, kept in the
 * database so that it holds across server processes. No metering, no fee.
 */
export const API_KEY_RATE_LIMIT = { perMinute: 600, burst: 100 } as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, e.g. `fb_7Hq2`, to tell keys apart. */
  prefix: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name, such as Door access')
    .max(100, 'Use at most 100 characters'),
  scope: z.enum(API_KEY_SCOPES, 'Choose Read only or Read and write'),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

/** The answer to `Create API key`: the key is shown this once, never again. */
export const createdApiKeySchema = z.object({
  apiKey: apiKeySchema,
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
