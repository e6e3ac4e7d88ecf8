import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type Kiosk,
  type KioskMe,
  type KioskPaired,
  type KioskPairing,
  type KioskSettings,
  type PairKioskInput,
} from '@fitbase/domain/contracts/kiosk';
import { KIOSK_PAIRING_MINUTES, KIOSK_TOKEN_PREFIX } from '@fitbase/domain/kiosk-constants';
import { findKioskContext } from '../../context/kiosk-session.queries.ts';
import { hashKioskToken, kioskStudio } from '../../context/kiosk-session.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { countAttempt } from '../../db/rate-limits.ts';
import type { Db } from '../../db/client.ts';
import type { KioskScope, PublicScope, StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as queries from './kiosk.queries.ts';

/**
 * Pairing a kiosk (docs/product/kiosk.md#pairing): staff make a kiosk with a short code shown
 * once; the device trades the code for its token. Only SHA-256 hashes of both are stored.
 */

/** No 0/O, 1/I/L: a code read off a screen and typed on a tablet. */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const PAIRING_LENGTH = 8;
export const INVALID_PAIRING_CODE =
  'This pairing code is wrong or has expired: pair the kiosk again in Settings › Kiosks.';
/** Pairing tries per address in a window: a code has 31^8 values, a guesser gets few tries. */
export const KIOSK_PAIR_LIMIT = { max: 20, windowMs: 15 * 60_000 };
export const KIOSK_NOT_FOUND = 'Kiosk';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_LENGTH; i++)
    code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/** `k7qh 2mxd`, `K7QH-2MXD`: the same code. */
export function normalizePairingCode(input: string): string {
  return input.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(43, '0');
}

/** A device token: the prefix and 256 random bits (base62). */
export const newKioskToken = () => `${KIOSK_TOKEN_PREFIX}${base62(randomBytes(32))}`;

function serializeKiosk(row: queries.KioskListRow): Kiosk {
  return {
    id: row.id,
    name: row.name,
    status: row.revokedAt ? 'revoked' : row.pairedAt ? 'paired' : 'waiting',
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    pairedAt: row.pairedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listKiosks(scope: StudioScope): Promise<{ kiosks: Kiosk[] }> {
  return { kiosks: (await queries.listKiosks(scope.db, scope.organizationId)).map(serializeKiosk) };
}

async function kioskOr404(scope: StudioScope, id: string): Promise<Kiosk> {
  const row = await queries.findKiosk(scope.db, scope.organizationId, id);
  if (!row) throw notFound(KIOSK_NOT_FOUND);
  return serializeKiosk(row);
}

/** `Pair a kiosk`: a kiosk waiting for its device, and the code shown this once. */
export async function pairKiosk(
  scope: StudioScope,
  input: PairKioskInput,
  appUrl: string,
  now: Date = new Date(),
): Promise<KioskPairing> {
  const code = newPairingCode();
  const expiresAt = new Date(now.getTime() + KIOSK_PAIRING_MINUTES * 60_000);
  const id = await queries.insertKiosk(scope.db, {
    organizationId: scope.organizationId,
    name: input.name.trim(),
    pairingCodeHash: sha256(code),
    pairingExpiresAt: expiresAt,
    createdBy: scope.userId,
  });
  const shown = `${code.slice(0, 4)}-${code.slice(4)}`;
  return {
    kiosk: await kioskOr404(scope, id),
    pairingCode: shown,
    pairingUrl: `${appUrl}/kiosk?code=${shown}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** `Revoke`: at once; the device's next request is refused as unpaired. */
export async function revokeKiosk(scope: StudioScope, id: string): Promise<Kiosk> {
  await queries.revokeKiosk(scope.db, scope.organizationId, id);
  return kioskOr404(scope, id);
}

function toSettings(row: {
  identifyBy: KioskSettings['identifyBy'];
  windowBeforeMinutes: number;
  windowAfterMinutes: number;
}): KioskSettings {
  return {
    identifyBy: row.identifyBy,
    windowBeforeMinutes: row.windowBeforeMinutes,
    windowAfterMinutes: row.windowAfterMinutes,
  };
}

export const DEFAULT_KIOSK_SETTINGS: KioskSettings = {
  identifyBy: 'phone_and_pin',
  windowBeforeMinutes: 60,
  windowAfterMinutes: 15,
};

export async function getKioskSettings(scope: StudioScope): Promise<KioskSettings> {
  const row = await queries.findSettings(scope.db, scope.organizationId);
  return row ? toSettings(row) : DEFAULT_KIOSK_SETTINGS;
}

export async function saveKioskSettings(
  scope: StudioScope,
  input: KioskSettings,
): Promise<KioskSettings> {
  return toSettings(await queries.saveSettings(scope.db, scope.organizationId, input));
}

/** The studio's settings as a kiosk reads them, with the PIN salt (made on first read). */
export async function deviceSettings(db: Db, organizationId: string) {
  const row = await queries.ensureSettings(db, organizationId);
  return {
    identifyBy: row.identify_by,
    windowBeforeMinutes: row.window_before_minutes,
    windowAfterMinutes: row.window_after_minutes,
    pinSalt: row.pin_salt,
  };
}

export async function kioskMe(scope: KioskScope): Promise<KioskMe> {
  return {
    kiosk: { id: scope.kioskId, name: scope.kioskName },
    studio: scope.studio,
    settings: await deviceSettings(scope.db, scope.organizationId),
  };
}

const invalidCode = () =>
  new AppError('invalid_code', INVALID_PAIRING_CODE, { code: INVALID_PAIRING_CODE });

/**
 * The device's side of pairing (`POST /api/kiosk/pair`): a live code becomes the device's token,
 * once. Limited per address, as every form reachable without a session.
 */
export async function pairDevice(
  scope: Pick<PublicScope, 'db'>,
  rawCode: string,
  ip: string,
): Promise<KioskPaired> {
  const { db } = scope;
  const tries = await countAttempt(db, `kiosk-pair:ip:${ip}`, KIOSK_PAIR_LIMIT.windowMs);
  if (tries > KIOSK_PAIR_LIMIT.max)
    throw new AppError(
      'rate_limited',
      'Too many pairing attempts: wait a few minutes and try again.',
    );
  const code = normalizePairingCode(rawCode);
  if (code.length !== PAIRING_LENGTH) throw invalidCode();
  const token = newKioskToken();
  const tokenHash = hashKioskToken(token);
  const used = await queries.usePairingCode(db, sha256(code), tokenHash);
  if (!used) throw invalidCode();
  const context = await findKioskContext(db, tokenHash);
  if (!context) throw invalidCode();
  const settings = await runInStudio(db, used.organization_id, (tx) =>
    deviceSettings(tx, used.organization_id),
  );
  return {
    token,
    kiosk: { id: context.kiosk_id, name: context.kiosk_name },
    studio: kioskStudio(context),
    settings,
  };
}
