import { CACHED_AT_HEADER } from '../offline/offline-cache';

/**
 * The portal's one way to the server: a same-origin fetch of `/api/m/{slug}/...` with the
 * member's session cookie (path-scoped to `/api/m/{slug}`), never the staff app's client (no
 * organization header, no staff session). A 4xx/5xx becomes a PortalApiError: branch on `code`,
 * show `message`.
 */
export class PortalApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A 400's messages by field ('phone', 'card.cardLastFour'), shown beside the fields. */
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'PortalApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

const UNEXPECTED_MESSAGE = 'Something went wrong. Please try again.';

export function isUnauthorized(error: unknown): boolean {
  return error instanceof PortalApiError && error.status === 401;
}

/** The message to show for a failed call: the server's own for a 4xx, else a general one. */
export function portalErrorMessage(error: unknown): string {
  if (error instanceof PortalApiError && error.status < 500 && error.message) return error.message;
  return UNEXPECTED_MESSAGE;
}

async function toPortalApiError(response: Response): Promise<PortalApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (
    body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined
  )?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const fields: Record<string, string> = {};
    if (error.fields && typeof error.fields === 'object') {
      for (const [key, value] of Object.entries(error.fields)) {
        if (typeof value === 'string') fields[key] = value;
      }
    }
    return new PortalApiError(response.status, error.code, error.message, fields);
  }
  return new PortalApiError(response.status, 'internal_error', UNEXPECTED_MESSAGE);
}

export interface PortalFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** `path` is relative to the studio's portal API: '' or '/me', '/schedule?from=...'. */
export function portalUrl(slug: string, path = ''): string {
  return `/api/m/${encodeURIComponent(slug)}${path}`;
}

/** GET answers the service worker gave from its offline copy: when each left the server. */
const offlineAnswers = new Map<string, string>();

/** When the last answer to GET `path` left the server, if it was an offline copy; else null. */
export function cachedAtOf(slug: string, path: string): string | null {
  return offlineAnswers.get(portalUrl(slug, path)) ?? null;
}

export async function portalFetch<T>(
  slug: string,
  path: string,
  { method = 'GET', body, signal, headers }: PortalFetchOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(portalUrl(slug, path), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PortalApiError(0, 'network_error', 'No connection to the studio. Please try again.');
  }
  if (!response.ok) throw await toPortalApiError(response);
  if (method === 'GET') {
    const cachedAt = response.headers.get(CACHED_AT_HEADER);
    if (cachedAt) offlineAnswers.set(portalUrl(slug, path), cachedAt);
    else offlineAnswers.delete(portalUrl(slug, path));
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
