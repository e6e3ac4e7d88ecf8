import { z } from 'zod';
import {
  KIOSK_IDENTIFY_BY,
  KIOSK_SYNC_MAX,
  KIOSK_STATUSES,
  KIOSK_EXCEPTION_FILTERS,
  KIOSK_MEMBER_STATES,
} from '../kiosk-constants.ts';

/**
 * The check-in kiosk (docs/product/kiosk.md): a paired device at the studio's door. Staff pair
 * and revoke kiosks in Settings › Kiosks; the device speaks only the /api/kiosk routes below,
 * with its token in `Authorization: Bearer fbk_...`.
 */

/* ---------- Staff: Settings › Kiosks ---------- */

export const kioskSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** waiting: pairing code issued, not used yet; paired: in use; revoked. */
  status: z.enum(KIOSK_STATUSES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  pairedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Kiosk = z.infer<typeof kioskSchema>;

export const kioskNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name, such as Front door')
  .max(60, 'Use at most 60 characters');

export const pairKioskInputSchema = z.object({ name: kioskNameSchema });
export type PairKioskInput = z.input<typeof pairKioskInputSchema>;

/** The answer to `Pair a kiosk`: the code is shown this once. */
export const kioskPairingSchema = z.object({
  kiosk: kioskSchema,
  /** e.g. `K7QH-2MXD`: typed at /kiosk, or carried by the QR code of `pairingUrl`. */
  pairingCode: z.string(),
  pairingUrl: z.string(),
  expiresAt: z.string(),
});
export type KioskPairing = z.infer<typeof kioskPairingSchema>;

export const kioskSettingsSchema = z.object({
  identifyBy: z.enum(KIOSK_IDENTIFY_BY),
  windowBeforeMinutes: z.number().int().min(0).max(720),
  windowAfterMinutes: z.number().int().min(0).max(720),
});
export type KioskSettings = z.infer<typeof kioskSettingsSchema>;

export const kioskExceptionQuerySchema = z.object({
  /** open: not resolved yet (the default); all: resolved ones too, newest first. */
  status: z.enum(KIOSK_EXCEPTION_FILTERS, 'Status is open or all').default('open'),
});

/** A check-in a kiosk recorded though the server would have refused it (sent from offline). */
export const kioskExceptionSchema = z.object({
  id: z.string(),
  kioskName: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  sessionName: z.string().nullable(),
  sessionStartsAt: z.string().nullable(),
  checkedInAt: z.string(),
  receivedAt: z.string(),
  code: z.string(),
  message: z.string(),
  resolvedAt: z.string().nullable(),
});
export type KioskException = z.infer<typeof kioskExceptionSchema>;

/* ---------- The device ---------- */

export const kioskPairInputSchema = z.object({
  code: z
    .string()
    .trim()
    .min(4, 'Enter the pairing code shown in Settings › Kiosks')
    .max(20, 'Enter the pairing code shown in Settings › Kiosks'),
});

export const kioskStudioSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  /** The studio's currency (ISO 4217) and locale (BCP 47), ADR 0038: dates as the studio writes them. */
  currency: z.string(),
  locale: z.string(),
  primaryColor: z.string().nullable(),
});
export type KioskStudio = z.infer<typeof kioskStudioSchema>;

/** What a paired device knows of itself and its studio. */
export const kioskMeSchema = z.object({
  kiosk: z.object({ id: z.string(), name: z.string() }),
  studio: kioskStudioSchema,
  settings: kioskSettingsSchema.extend({
    /** For checking a PIN against the cached list while offline (kiosk-hashes.ts). */
    pinSalt: z.string(),
  }),
});
export type KioskMe = z.infer<typeof kioskMeSchema>;

export const kioskPairedSchema = kioskMeSchema.extend({ token: z.string() });
export type KioskPaired = z.infer<typeof kioskPairedSchema>;

/**
 * Today's sessions and the studio's members, the least a kiosk needs to decide offline: no
 * contact, medical or payment field. Members are rows of arrays to stay small (5,000 members in
 * well under 200 KB gzipped): [memberNumber, firstName, photoUrl, codeHash, pinHash, state].
 */
export const kioskRosterSchema = z.object({
  generatedAt: z.string(),
  /** The studio's local date these sessions belong to. */
  date: z.string(),
  sessions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      capacity: z.number(),
      bookedCount: z.number(),
      /** A member without a booking may be checked in as a walk-in (classes; not courses or appointments). */
      walkIn: z.boolean(),
    }),
  ),
  members: z.array(
    z.tuple([
      z.number(),
      z.string(),
      z.string().nullable(),
      z.string().nullable(),
      z.string().nullable(),
      z.enum(KIOSK_MEMBER_STATES),
    ]),
  ),
  /** Today's bookings: [memberNumber, index into sessions, 'booked' | 'attended']. */
  bookings: z.array(z.tuple([z.number(), z.number(), z.enum(['booked', 'attended'])])),
});
export type KioskRoster = z.infer<typeof kioskRosterSchema>;

export const kioskCheckInInputSchema = z.object({
  /** Made by the device; the same id sent twice counts once. */
  clientId: z.uuid(),
  method: z.enum(['code', 'pin', 'number']),
  code: z.string().trim().max(200).optional(),
  phoneDigits: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter the last 4 digits of your phone')
    .optional(),
  pin: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter your 4-digit PIN')
    .optional(),
  memberNumber: z.number().int().positive().optional(),
});
export type KioskCheckInInput = z.input<typeof kioskCheckInInputSchema>;

export const kioskCheckInResultSchema = z.object({
  clientId: z.string(),
  member: z.object({ firstName: z.string(), photoUrl: z.string().nullable() }),
  session: z.object({ id: z.string(), name: z.string(), startsAt: z.string() }).nullable(),
  /** The member was already checked in within the last minute: counted once. */
  duplicate: z.boolean(),
  checkedInAt: z.string(),
});
export type KioskCheckInResult = z.infer<typeof kioskCheckInResultSchema>;

/** Check-ins the device accepted against its cache while offline, sent when back online. */
export const kioskSyncInputSchema = z.object({
  checkIns: z
    .array(
      z.object({
        clientId: z.uuid(),
        memberNumber: z.number().int().positive(),
        sessionId: z.uuid().nullable(),
        /** The original time at the device. */
        checkedInAt: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(KIOSK_SYNC_MAX),
});
export type KioskSyncInput = z.input<typeof kioskSyncInputSchema>;

export const kioskSyncResultSchema = z.object({
  results: z.array(
    z.object({
      clientId: z.string(),
      /** recorded; exception: recorded and flagged for staff; already: sent before, counted once. */
      outcome: z.enum(['recorded', 'exception', 'already']),
      code: z.string().nullable(),
    }),
  ),
});
export type KioskSyncResult = z.infer<typeof kioskSyncResultSchema>;

/** The member's own PIN, set in the portal's profile. */
export const portalKioskPinSchema = z.object({
  pin: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Enter 4 digits'),
});

/** The portal's `Kiosk PIN` section: how this studio's kiosk knows the member without a QR code. */
export const portalKioskAccessSchema = z.object({
  identifyBy: z.enum(KIOSK_IDENTIFY_BY),
  memberNumber: z.number().nullable(),
  /** A PIN is set (and still matches the phone's last 4 digits). */
  hasPin: z.boolean(),
  /** The member's phone has at least 4 digits: a PIN can be set. */
  phoneOnFile: z.boolean(),
});
export type PortalKioskAccess = z.infer<typeof portalKioskAccessSchema>;
