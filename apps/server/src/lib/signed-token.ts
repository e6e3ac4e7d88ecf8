import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links that work without a session (unsubscribe, open pixel, click redirect): the
 * parts in the clear plus an HMAC of them under the server secret and a purpose, so a link can be
 * neither forged nor enumerated, and a token made for one purpose never works for another.
 */
export function signToken(secret: string, purpose: string, parts: readonly string[]): string {
  const body = Buffer.from(parts.join('\n'), 'utf8').toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The parts of a valid token of this purpose, or null. */
export function verifyToken(secret: string, purpose: string, token: string): string[] | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(secret, purpose, body), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(body, 'base64url').toString('utf8').split('\n');
}

function mac(secret: string, purpose: string, body: string): string {
  // 128 bits of the HMAC-SHA256 are plenty for a link and keep URLs short.
  return createHmac('sha256', secret)
    .update(`${purpose}\n${body}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
