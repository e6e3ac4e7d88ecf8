import { createHash, randomInt } from 'node:crypto';

/**
 * Gift card codes (ADR 0040): 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
 * drawn with crypto.randomInt, so 16 × log2(31) ≈ 79 bits: not guessable, and redemption is
 * rate limited on top. Shown and emailed as XXXX-XXXX-XXXX-XXXX; only a hash is stored.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 16;

export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** As typed: any case, spaces and dashes ignored. */
export function normalizeGiftCardCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function hashGiftCardCode(typed: string): string {
  return createHash('sha256').update(normalizeGiftCardCode(typed)).digest('hex');
}

export function lastFourOf(code: string): string {
  return normalizeGiftCardCode(code).slice(-4);
}
