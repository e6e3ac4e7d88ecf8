import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { compareKeyWithCookie } from './api-key-vs-cookie.ts';
import { benchEnvironment, seedNewStudio, startSignedInServer } from './bench-server.ts';

const USAGE = `Usage: DATABASE_URL=postgres://.../scratch npm run bench:webhooks -- [--rate 1000] [--seconds 60]

PostgreSQL only. Starts the real server (WEBHOOK_ALLOW_LOOPBACK=1) and a receiver on 127.0.0.1,
then adds members through the API at --rate a minute for --seconds, twice in one run:
  without  no webhook endpoint: the API's p50/p95 (each POST /api/members, and a members
           first page read twice a second beside them)
  with     an endpoint listening for member.created: the same writes and reads, and each
           delivery's time from the write's answer (its commit is before) to the receiver
           having the whole signed request, verified with standardwebhooks
Then the members first page with an API key against the same page with the session cookie, 10
connections, 3 rounds of 5 s each, the order alternating (docs/product/integrations.md#api-keys:
the key within 10% of the cookie).
Target (docs/product/integrations.md#webhooks): delivery p95 <= 2 s; the API's p95 unchanged
within noise. Exits 1 when a delivery is missing or a target fails.`;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      rate: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '60' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return { rate: Number(values.rate), seconds: Number(values.seconds) };
}

const DELIVERY_TARGET_MS = 2000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface PhaseResult {
  writes: number[];
  reads: number[];
  /** Member id -> when its write was answered (performance.now()). */
  answeredAt: Map<string, number>;
  failed: number;
}

/** `rate` member writes a minute, evenly paced, for `seconds`; reads twice a second beside. */
async function drive(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
  tag: string,
): Promise<PhaseResult> {
  const result: PhaseResult = { writes: [], reads: [], answeredAt: new Map(), failed: 0 };
  const total = Math.round((rate * seconds) / 60);
  const gapMs = 60_000 / rate;
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/members?limit=25`, { headers });
      await res.arrayBuffer();
      if (res.ok) result.reads.push(performance.now() - t0);
      else result.failed += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  for (let i = 0; i < total; i++) {
    const due = started + i * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        const t0 = performance.now();
        const res = await fetch(`${url}/api/members`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Hook',
            lastName: `${tag}${i}`,
            email: `hook-${tag}-${i}-${Date.now().toString(36)}@example.com`,
          }),
        });
        const body = (await res.json()) as { id?: string };
        const t1 = performance.now();
        if (!res.ok || !body.id) {
          result.failed += 1;
          return;
        }
        result.writes.push(t1 - t0);
        result.answeredAt.set(body.id, t1);
      })(),
    );
  }
  await Promise.all(inFlight);
  reading = false;
  await reader;
  return result;
}

async function main() {
  const o = options();
  if (!process.env.DATABASE_URL) {
    console.error(`DATABASE_URL is required (a scratch PostgreSQL database)\n\n${USAGE}`);
    process.exit(1);
  }
  const bench = benchEnvironment('webhooks');
  // The key-versus-cookie comparison pays for each request's bucket but is never refused.
  const env = {
    ...bench.env,
    WEBHOOK_ALLOW_LOOPBACK: '1',
    API_KEY_RATE_PER_MINUTE: '100000000',
    API_KEY_BURST: '100000000',
  };

  // The receiver: the time each signed request arrived, by member id.
  const receivedAt = new Map<string, number>();
  const bodies: Array<{ body: string; headers: Record<string, string> }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const id = (JSON.parse(body) as { data: { id: string } }).data.id;
      if (!receivedAt.has(id)) receivedAt.set(id, at);
      bodies.push({ body, headers: req.headers as Record<string, string> });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const { organizationId } = await seedNewStudio(env, 'bench-webhooks', async () => undefined);
  const server = await startSignedInServer(env, organizationId);
  let failed = false;
  try {
    console.log(
      `bench:webhooks — PostgreSQL, ${o.rate} member writes a minute for ${o.seconds} s per phase`,
    );
    // Warm-up: plans and pools, not measured.
    await drive(server.url, server.headers, 600, 5, 'warm');

    const without = await drive(server.url, server.headers, o.rate, o.seconds, 'a');
    const endpoint = (await server.client.send('POST', '/api/webhook-endpoints', {
      url: hookUrl,
      events: ['member.created'],
    })) as { secret: string };
    const withHooks = await drive(server.url, server.headers, o.rate, o.seconds, 'b');
    // The last deliveries: up to 10 s after the last write.
    const deadline = performance.now() + 10_000;
    while (receivedAt.size < withHooks.answeredAt.size && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));

    const latencies: number[] = [];
    let missing = 0;
    for (const [id, answered] of withHooks.answeredAt) {
      const at = receivedAt.get(id);
      if (at === undefined) missing += 1;
      else latencies.push(at - answered);
    }
    const verifier = new Webhook(endpoint.secret);
    const sample = bodies.slice(0, 50);
    for (const { body, headers } of sample) verifier.verify(body, headers);

    const row = (name: string, values: number[]) =>
      console.log(
        `  ${name.padEnd(34)} n=${String(values.length).padStart(5)}  p50 ${ms(percentile(values, 50)).padStart(10)}  p95 ${ms(percentile(values, 95)).padStart(10)}  p99 ${ms(percentile(values, 99)).padStart(10)}`,
      );
    console.log('\nAPI without deliveries (no endpoint)');
    row('POST /api/members', without.writes);
    row('GET /api/members (first page)', without.reads);
    console.log('API while delivering');
    row('POST /api/members', withHooks.writes);
    row('GET /api/members (first page)', withHooks.reads);
    console.log('Delivery, from the write answered to the receiver');
    row('member.created', latencies);
    console.log(
      `  delivered ${latencies.length} of ${withHooks.answeredAt.size}; signatures verified on ${sample.length}; failed API calls ${without.failed + withHooks.failed}`,
    );
    const p95 = percentile(latencies, 95);
    const pass = missing === 0 && p95 <= DELIVERY_TARGET_MS;
    console.log(
      `${pass ? 'PASS' : 'FAIL'} delivery p95 ${ms(p95)} (target <= ${DELIVERY_TARGET_MS} ms), ${missing} missing; API write p95 ${ms(percentile(without.writes, 95))} -> ${ms(percentile(withHooks.writes, 95))}`,
    );
    console.log(
      '\nMembers first page: an API key against the session cookie (same server, same run)',
    );
    const keyed = await compareKeyWithCookie({
      baseUrl: server.url,
      client: server.client,
      cookieHeaders: server.headers,
    });
    failed = !pass || !keyed.pass;
  } finally {
    await server.stop();
    receiver.close();
    bench.dispose();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
