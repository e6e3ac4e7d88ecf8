/**
 * The hashes a kiosk checks a member with, the same on the server and on the device (Web Crypto,
 * in Node and in browsers). The server keeps the full PIN hash; the kiosk's cached list carries
 * only the first bytes of each hash, enough to tell 5,000 members apart, small enough to cache.
 * Why a slow PIN hash, and what a stolen cache still reveals: docs/decisions/0031-offline-kiosk.md.
 */

/** PBKDF2 rounds for a PIN: a kiosk computes one per try; a guesser one per candidate. */
export const KIOSK_PIN_ITERATIONS = 20_000;
/** Bytes of each hash kept in the cached list. */
export const KIOSK_CODE_HASH_BYTES = 9;
export const KIOSK_PIN_HASH_BYTES = 6;

const encoder = new TextEncoder();

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The last 4 digits of a phone number, or null when it has fewer. */
export function phoneLastDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** The full PIN hash (hex) the server stores: PBKDF2-SHA-256 of "phone digits:PIN". */
export async function kioskPinHash(
  phoneDigits: string,
  pin: string,
  salt: string,
): Promise<string> {
  return hex(await pinBits(phoneDigits, pin, salt));
}

async function pinBits(phoneDigits: string, pin: string, salt: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`${phoneDigits}:${pin}`),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: encoder.encode(salt),
      iterations: KIOSK_PIN_ITERATIONS,
    },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** The cached list's form of a stored PIN hash (hex). */
export function shortPinHash(fullHex: string): string {
  const bytes = new Uint8Array(KIOSK_PIN_HASH_BYTES);
  for (let i = 0; i < KIOSK_PIN_HASH_BYTES; i++)
    bytes[i] = Number.parseInt(fullHex.slice(i * 2, i * 2 + 2), 16);
  return base64Url(bytes);
}

/** What a kiosk compares with the cached list for a typed phone digits and PIN. */
export async function shortPinHashOf(phoneDigits: string, pin: string, salt: string) {
  return base64Url((await pinBits(phoneDigits, pin, salt)).slice(0, KIOSK_PIN_HASH_BYTES));
}

/** The cached list's form of a member's check-in code (the code is 120 random bits). */
export async function shortCodeHash(code: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(code.trim())));
  return base64Url(digest.slice(0, KIOSK_CODE_HASH_BYTES));
}
