import autocannon from 'autocannon';
/** A signed-in HTTP client for the benchmark, and the timing loop it runs. */
export class HttpClient {
  private cookie = '';

  constructor(
    private readonly baseUrl: string,
    /** Sent as Origin: the server refuses cross-origin writes (and better-auth checks it). */
    private readonly origin: string,
  ) {}

  async signIn(email: string, password: string): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.origin },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok)
      throw new Error(
        `Sign-in as ${email} failed: ${res.status} ${await res.text()} (run npm run seed first)`,
      );
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** The session cookie, for load generators that send their own requests. */
  cookieHeader(): string {
    return this.cookie;
  }

  async send(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  }
}

export interface Measurement {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  count: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Percentiles and throughput of one scenario's latencies, timed from `started`. */
function summarize(name: string, latencies: number[], started: number): Measurement {
  const wallSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / wallSeconds,
    count: latencies.length,
  };
}

/**
 * `clients` loops run at once, each sending `requests` requests one after another (a person
 * waits for a page before asking for the next).
 */
export async function measure(
  client: HttpClient,
  name: string,
  path: (i: number) => string,
  clients: number,
  requests: number,
): Promise<Measurement> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now();
        await client.send('GET', path(c * requests + i));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return summarize(name, latencies, started);
}

/**
 * `measure` with autocannon's lean HTTP client instead of fetch: `clients` keep-alive
 * connections, each sending its next request when the last one answered, `clients × requests`
 * in all. Fetch's client (undici, decompressing every answer) costs the bench process about as
 * much CPU as the server spends, and on 2 cores that time was taken from the server under test
 * (the same reason bench:schedule uses autocannon). Sends the browser's Accept-Encoding.
 */
export async function measureLean(
  client: HttpClient,
  baseUrl: string,
  name: string,
  path: (i: number) => string,
  clients: number,
  requests: number,
  extraHeaders: Record<string, string> = {},
): Promise<Measurement> {
  const latencies: number[] = [];
  const headers = {
    cookie: client.cookieHeader(),
    origin: baseUrl,
    'accept-encoding': 'gzip, deflate, br',
    ...extraHeaders,
  };
  let next = 0;
  const started = performance.now();
  const instance = autocannon({
    url: baseUrl,
    connections: clients,
    amount: clients * requests,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: path(next++), headers }) }],
  });
  let failed = 0;
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 400) failed += 1;
    latencies.push(ms);
  });
  await instance;
  if (failed > 0) throw new Error(`${name}: ${failed} requests failed`);
  return summarize(name, latencies, started);
}
