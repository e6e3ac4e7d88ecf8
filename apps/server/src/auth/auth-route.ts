import type { ApiErrorBody } from '@fitbase/domain/contracts/errors';
import type { Context, Handler } from 'hono';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv, Deps } from '../http/types.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * better-auth owns /api/auth/*; it rate-limits by the client address we pass it (the socket's,
 * or the forwarded client's behind TRUSTED_PROXIES: http/client-ip.ts). The body
 * is read through Hono's cache: the body limit and the text check have already read it.
 */
export function authRoute(deps: Deps): Handler<AppEnv> {
  return async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const request = new Request(c.req.url, {
      method: c.req.method,
      headers,
      body: hasBody ? await c.req.arrayBuffer() : undefined,
    });
    const response = await deps.auth.handler(request);
    if (response.status === 429) return tooManyRequests(c, response);
    if (response.status === 400) return weakPasswordInApiShape(c, response);
    return response;
  };
}

/**
 * A password refused by our own rule (password-policy.ts, a better-auth hook) comes back in
 * better-auth's shape; answer it in the API's one error shape, like every other `weak_password`
 * (staff accounts, invitation acceptance), with its reasons. Other 400s are better-auth's own.
 */
async function weakPasswordInApiShape(c: Context<AppEnv>, response: Response): Promise<Response> {
  const original = (await response
    .clone()
    .json()
    .catch(() => null)) as {
    code?: string;
    message?: string;
    reasons?: string[];
    fields?: Record<string, string>;
  } | null;
  if (original?.code !== 'weak_password') return response;
  const body: ApiErrorBody & { error: { reasons?: string[] } } = {
    error: {
      code: 'weak_password',
      message: original.message ?? 'Password is too easy to guess',
      fields: original.fields,
      reasons: original.reasons,
      requestId: c.get('requestId'),
    },
  };
  return compatibleErrorResponse(body, response, 400);
}

/**
 * better-auth's rate limiter answers 429 in its own shape with `X-Retry-After`: answer in
 * the API's error shape with a standard `Retry-After`. An account lock (our own hook) keeps
 * its code and says when to retry.
 */
async function tooManyRequests(c: Context<AppEnv>, response: Response): Promise<Response> {
  const original = (await response.json().catch(() => ({}))) as {
    code?: string;
    message?: string;
    retryAfterSeconds?: number;
  };
  const retryAfter =
    response.headers.get('retry-after') ??
    response.headers.get('x-retry-after') ??
    (original.retryAfterSeconds === undefined ? null : String(original.retryAfterSeconds));
  const locked = original.code === 'account_locked';
  const body: ApiErrorBody & { error: { retryAfterSeconds?: number } } = {
    error: {
      code: locked ? 'account_locked' : 'rate_limited',
      message: locked
        ? (original.message ?? 'Too many failed sign-in attempts')
        : 'Too many requests. Please try again later.',
      requestId: c.get('requestId'),
      ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}),
    },
  };
  const headers = new Headers();
  if (retryAfter) {
    headers.set('retry-after', retryAfter);
    headers.set('x-retry-after', retryAfter);
  }
  return compatibleErrorResponse(body, response, 429, headers);
}

/**
 * An error in the API's shape on a better-auth route. better-auth's browser client reads `message`
 * and `code` at the top level of its errors: repeated there so the forms show the text instead of
 * a generic failure (the web app reads `error.code`, lib/api's and features/auth's unwrapping).
 */
function compatibleErrorResponse(
  body: ApiErrorBody,
  original: Response,
  status: 400 | 429,
  headers = new Headers(),
): Response {
  const compatible = { ...body, code: body.error.code, message: body.error.message };
  headers.set('content-type', 'application/json');
  for (const cookie of original.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return new Response(JSON.stringify(compatible), { status, headers });
}
