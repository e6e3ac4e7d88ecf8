import type {
  KioskCheckInInput,
  KioskCheckInResult,
  KioskMe,
  KioskPaired,
  KioskRoster,
  KioskSyncInput,
  KioskSyncResult,
} from '@fitbase/domain/contracts/kiosk';

/**
 * The kiosk's one way to the server: same-origin `/api/kiosk/...` with the device's token
 * (`Authorization: Bearer`), never a cookie. An answer with an error body becomes a KioskApiError
 * (branch on `code`); no answer at all (no network, a timeout, or a 5xx from the server or a
 * proxy in front of it) becomes a KioskUnreachableError, on which the kiosk decides offline.
 */
export class KioskApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'KioskApiError';
    this.status = status;
    this.code = code;
  }
}

export class KioskUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'KioskUnreachableError';
  }
}

export const isUnpaired = (error: unknown) =>
  error instanceof KioskApiError && error.status === 401 && error.code === 'kiosk_unpaired';

/**
 * A check-in must answer within a second or two; a request that hangs (a Wi-Fi that is up but
 * goes nowhere) is given up after this and decided against the cache, with the same client id.
 */
export const CHECK_IN_TIMEOUT_MS = 4_000;
const DEFAULT_TIMEOUT_MS = 20_000;

interface CallOptions {
  method?: 'GET' | 'POST';
  token?: string;
  body?: unknown;
  timeoutMs?: number;
}

async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Not AbortSignal.timeout: older tablets' browsers lack it.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: abort.signal,
      cache: 'no-store',
    });
  } catch (error) {
    clearTimeout(timer);
    throw new KioskUnreachableError(error);
  }
  let body: unknown = null;
  try {
    if (response.status >= 500) throw new KioskUnreachableError(response.status);
    try {
      body = await response.json();
    } catch (error) {
      // Cut off mid-answer (or not our server's answer): as good as none.
      if (response.ok) throw new KioskUnreachableError(error);
    }
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return body as T;
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  throw new KioskApiError(
    response.status,
    typeof error?.code === 'string' ? error.code : 'unknown',
    typeof error?.message === 'string' ? error.message : response.statusText,
  );
}

export interface KioskApi {
  pair(code: string): Promise<KioskPaired>;
  me(token: string): Promise<KioskMe>;
  roster(token: string): Promise<KioskRoster>;
  checkIn(token: string, input: KioskCheckInInput): Promise<KioskCheckInResult>;
  sync(token: string, input: KioskSyncInput): Promise<KioskSyncResult>;
}

export const kioskApi: KioskApi = {
  pair: (code) => call('/api/kiosk/pair', { method: 'POST', body: { code } }),
  me: (token) => call('/api/kiosk/me', { token }),
  roster: (token) => call('/api/kiosk/roster', { token }),
  checkIn: (token, input) =>
    call('/api/kiosk/check-ins', {
      method: 'POST',
      token,
      body: input,
      timeoutMs: CHECK_IN_TIMEOUT_MS,
    }),
  sync: (token, input) =>
    call('/api/kiosk/check-ins/sync', { method: 'POST', token, body: input, timeoutMs: 60_000 }),
};
