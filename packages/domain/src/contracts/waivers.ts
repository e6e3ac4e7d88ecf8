import { z } from 'zod';

/** Waivers (docs/product/waivers.md): the studio's versions, its setting, members' signatures. */

export const WAIVER_LIMITS = { title: 200, body: 50_000, name: 200 } as const;

export const waiverVersionInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(WAIVER_LIMITS.title, `Title is at most ${WAIVER_LIMITS.title} characters`),
  body: z
    .string({ error: 'Waiver text is required' })
    .trim()
    .min(1, 'Waiver text is required')
    .max(WAIVER_LIMITS.body, `Waiver text is at most ${WAIVER_LIMITS.body} characters`),
});
export type WaiverVersionInput = z.infer<typeof waiverVersionInputSchema>;

export const waiverSettingsSchema = z.object({
  requiredToBook: z.boolean({ error: 'Choose whether a signature is required to book' }),
});
export type WaiverSettings = z.infer<typeof waiverSettingsSchema>;

export const waiverVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  signatureCount: z.number().int(),
});
export type WaiverVersion = z.infer<typeof waiverVersionSchema>;

/** Settings → Waivers: the current (newest) version, every version, and the booking rule. */
export const waiverAdminSchema = z.object({
  current: waiverVersionSchema.nullable(),
  versions: z.array(waiverVersionSchema),
  requiredToBook: z.boolean(),
});
export type WaiverAdmin = z.infer<typeof waiverAdminSchema>;

export const waiverSignatureSchema = z.object({
  id: z.string(),
  waiverId: z.string(),
  version: z.number().int(),
  title: z.string(),
  signedName: z.string(),
  guardianName: z.string().nullable(),
  sha256: z.string(),
  signedAt: z.string(),
  /** Whether this is a signature of the studio's current version. */
  current: z.boolean(),
});
export type WaiverSignature = z.infer<typeof waiverSignatureSchema>;

export const waiverSignaturesSchema = z.object({ signatures: z.array(waiverSignatureSchema) });
export type WaiverSignatures = z.infer<typeof waiverSignaturesSchema>;

/** The member's waiver page: the current text, whether they signed it, whether a guardian signs. */
export const portalWaiverSchema = z.object({
  waiver: z
    .object({ id: z.string(), version: z.number().int(), title: z.string(), body: z.string() })
    .nullable(),
  requiredToBook: z.boolean(),
  /** The member is under 18 by their date of birth: a parent or guardian signs for them. */
  guardianRequired: z.boolean(),
  signature: waiverSignatureSchema.nullable(),
});
export type PortalWaiver = z.infer<typeof portalWaiverSchema>;

export const portalWaiverSignSchema = z.object({
  waiverId: z.uuid({ error: 'Waiver is required' }),
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(WAIVER_LIMITS.name, `Full name is at most ${WAIVER_LIMITS.name} characters`),
  guardianName: z
    .string()
    .trim()
    .max(WAIVER_LIMITS.name, `Parent or guardian name is at most ${WAIVER_LIMITS.name} characters`)
    .nullish(),
  agree: z.literal(true, { error: 'Tick I have read and agree to sign' }),
});
export type PortalWaiverSign = z.infer<typeof portalWaiverSignSchema>;
