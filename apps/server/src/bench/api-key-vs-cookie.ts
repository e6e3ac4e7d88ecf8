import autocannon from 'autocannon';
import type { HttpClient } from './http-client.ts';

/**
 * The members first page with an API key against the same page with the session cookie
 * (docs/product/integrations.md#api-keys; target, issue 30: the key within 10% of the cookie),
 * both from one run on one server, the order alternating each round: these machines are noisy.
 * The server must run with a rate limit above the load (API_KEY_RATE_PER_MINUTE, API_KEY_BURST),
 * so every request still pays for its bucket but none is refused.
 */

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  failures: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const times: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
  return {
    rps: result.requests.total / seconds,
    p50: at(50),
    p95: at(95),
    failures: result.non2xx + result.errors,
  } satisfies Figures;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

export async function compareKeyWithCookie(options: {
  baseUrl: string;
  client: HttpClient;
  cookieHeaders: Record<string, string>;
  connections?: number;
  seconds?: number;
  rounds?: number;
}): Promise<{ pass: boolean }> {
  const { baseUrl, client, cookieHeaders, connections = 10, seconds = 5, rounds = 3 } = options;
  const created = (await client.send('POST', '/api/api-keys', {
    name: 'bench',
    scope: 'read',
  })) as { key: string };
  const keyHeaders = { authorization: `Bearer ${created.key}` };
  const url = `${baseUrl}/api/members`;
  // Warm-up: plans, pools and the key's bucket row, not measured.
  await load(url, keyHeaders, connections, 2);
  await load(url, cookieHeaders, connections, 2);
  const cookie: Figures[] = [];
  const key: Figures[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['cookie', 'key'] as const) : (['key', 'cookie'] as const);
    for (const which of order) {
      const figures = await load(
        url,
        which === 'key' ? keyHeaders : cookieHeaders,
        connections,
        seconds,
      );
      (which === 'key' ? key : cookie).push(figures);
      console.log(
        `  round ${round + 1} ${which.padEnd(6)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  failed ${figures.failures}`,
      );
    }
  }
  const cookieRps = mean(cookie.map((f) => f.rps));
  const keyRps = mean(key.map((f) => f.rps));
  const cookieP95 = mean(cookie.map((f) => f.p95));
  const keyP95 = mean(key.map((f) => f.p95));
  const failures = [...cookie, ...key].reduce((sum, f) => sum + f.failures, 0);
  const throughputLoss = (cookieRps - keyRps) / cookieRps;
  const pass = failures === 0 && throughputLoss <= 0.1 && keyP95 <= cookieP95 * 1.1;
  console.log(
    `${pass ? 'PASS' : 'FAIL'} members first page, ${connections} connections: cookie ${cookieRps.toFixed(0)} req/s p95 ${cookieP95.toFixed(1)} ms; key ${keyRps.toFixed(0)} req/s p95 ${keyP95.toFixed(1)} ms (throughput ${(throughputLoss * 100).toFixed(1)}% lower; target within 10%); ${failures} failed`,
  );
  return { pass };
}
