import { z } from 'zod';

/** Settings › Security (docs/product/settings-and-data.md#security). */

/** The studio's rule, set by its owner: staff must use two-factor authentication. */
export const securitySettingsSchema = z.object({ requireTwoFactor: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsUpdateSchema = z.object({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }),
});

/** One of the signed-in person's sessions; never its token. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on macOS", parsed simply from the user agent; null when none was sent. */
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** When the session was last extended or changed (better-auth's updated_at). */
  lastUsedAt: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** The sign-out scopes of POST /api/account/sign-out. */
export const SIGN_OUT_SCOPES = ['local', 'global', 'others'] as const;
