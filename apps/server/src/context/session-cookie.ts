import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';

/**
 * better-auth's session cookie: `<token>.<base64 HMAC-SHA256(secret, token)>`, URL-encoded
 * (better-call's signed cookies). We verify it here ourselves so the request path can read
 * session, user and membership in one query instead of asking better-auth first
 * (docs/decisions/0011-one-round-trip-sessions.md). `__Secure-` is the production prefix.
 */
const COOKIE_NAMES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];

export function readSessionToken(c: Context, secret: string): string | null {
  for (const name of COOKIE_NAMES) {
    const raw = getCookie(c, name);
    if (raw) return verifySigned(raw, secret);
  }
  return null;
}

export function verifySigned(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/** The same signed form for the member portal's cookie (context/member-session.ts). */
export function signToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}
