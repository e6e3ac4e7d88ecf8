import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../bench/server-process.ts';
import { REPO_ROOT } from '../env.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { isEvent, openSse, type SseConnection } from '../../test/fixtures/sse-client.ts';

/**
 * Several server processes behind a reverse proxy on one PostgreSQL database (issue 31,
 * point 10; docs/operations.md#several-processes): three real servers (`main.ts`, as `npm start`
 * runs it) behind a small round-robin proxy that appends the client's address to
 * X-Forwarded-For, as nginx or HAProxy would. Clients connect from distinct loopback addresses
 * (127.0.0.2, ...), so the proxy sees distinct clients. PGlite is one process by design: there
 * is nothing to test there.
 */
const target = inject('testDatabase');
const onPostgres = target.kind === 'postgres';
const PROCESSES = 3;

const children: ChildProcess[] = [];
const streams: SseConnection[] = [];
let proxy: http.Server | undefined;
let databaseName: string | undefined;
let dataDir: string | undefined;

function killAll(signal: NodeJS.Signals) {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
// Should vitest's worker exit without afterAll (a crash, a timeout kill), no server outlives it.
process.once('exit', () => killAll('SIGKILL'));

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(children.map(stop));
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (databaseName && target.kind === 'postgres') {
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}, 60_000);

/** Polls `probe` until it returns a value other than undefined, or fails after `ms`. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a server process; resolves with its origin once /api/health answers. */
async function startServer(env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
    { cwd: REPO_ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  const origin = `http://127.0.0.1:${port}`;
  await until(`the server on port ${port}`, 45_000, async () => {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    return (await fetch(`${origin}/api/health`).catch(() => undefined))?.ok ? true : undefined;
  });
  return origin;
}

/**
 * A reverse proxy in a few lines: each request to the next backend in turn, with the peer's
 * address appended to X-Forwarded-For. Counts what each backend served.
 */
function startProxy(port: number, backends: string[], served: number[]): Promise<void> {
  let next = 0;
  proxy = http.createServer((req, res) => {
    const index = next++ % backends.length;
    served[index]! += 1;
    const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const forwarded = req.headers['x-forwarded-for'];
    const upstream = http.request(
      `${backends[index]}${req.url}`,
      {
        method: req.method,
        headers: { ...req.headers, 'x-forwarded-for': forwarded ? `${forwarded}, ${peer}` : peer },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
}

interface Answer {
  status: number;
  cookies: string[];
  body: Record<string, unknown>;
}

/** One request from the loopback address `from` (so the proxy sees a client of its own). */
function send(
  from: string,
  url: string,
  method: string,
  options: { body?: unknown; cookie?: string; origin: string },
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress: from,
        headers: {
          origin: options.origin,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // Not JSON (an empty answer): the status says enough.
          }
          const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
          resolve({ status: res.statusCode ?? 0, cookies, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('several server processes behind a proxy on one PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    onPostgres
      ? 'run each cron job once per slot, share live events, per-client limits and sessions'
      : 'skipped on PGlite: several processes need one PostgreSQL database (set DATABASE_URL)',
    async () => {
      if (target.kind !== 'postgres') return;
      // A copy of the suite's migrated template: the processes find their migrations done.
      databaseName = `fitbase_np_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: target.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${target.template}`);
      await admin.end();
      const databaseUrl = withDatabase(target.url, databaseName);
      dataDir = mkdtempSync(path.join(tmpdir(), 'fitbase-np-'));
      const proxyPort = await freePort();
      const appUrl = `http://127.0.0.1:${proxyPort}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATABASE_DIRECT_URL: process.env.DATABASE_DIRECT_URL
          ? withDatabase(process.env.DATABASE_DIRECT_URL, databaseName)
          : undefined,
        // One secret for all, as behind any balancer; the proxy's address is trusted.
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        APP_URL: appUrl,
        TRUSTED_PROXIES: '127.0.0.1',
        FITBASE_DATA_DIR: dataDir,
        // Every process checks the schedules every second: they race for each slot.
        JOBS_CRON_CHECK_SECONDS: '1',
        SHUTDOWN_DRAIN_MS: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SMTP_URL: '',
      };
      const started = new Date();
      const backends = await Promise.all(
        Array.from({ length: PROCESSES }, () => startServer(env)),
      );
      // The proxy's port was picked first: it is every process's APP_URL.
      const served = backends.map(() => 0);
      await startProxy(proxyPort, backends, served);
      const origin = appUrl;

      // (d) A session made through one process works on every other one.
      const signUp = await send('127.0.0.2', `${appUrl}/api/auth/sign-up/email`, 'POST', {
        origin,
        body: {
          email: `np-${randomBytes(4).toString('hex')}@example.com`,
          password: 'correct-horse-battery',
          name: 'Many Processes',
        },
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.cookies.join('; ');
      const org = await send('127.0.0.2', `${appUrl}/api/organizations`, 'POST', {
        origin,
        cookie,
        body: {
          name: 'Many Process Gym',
          slug: `np-${randomBytes(3).toString('hex')}`,
          subscriptionTier: 'trial',
        },
      });
      expect(org.status).toBe(201);
      for (const backend of backends) {
        const me = await send('127.0.0.2', `${backend}/api/me`, 'GET', { origin, cookie });
        expect(me.status).toBe(200);
      }

      // (b) A change written on one process reaches event streams on every process.
      for (const backend of backends) {
        const stream = await openSse(`${backend}/api/events`, cookie);
        streams.push(stream);
        expect(stream.status).toBe(200);
        expect((await stream.next(isEvent, 5_000)).event).toBe('ready');
      }
      for (const writer of backends) {
        const created = await send('127.0.0.2', `${writer}/api/services`, 'POST', {
          origin,
          cookie,
          body: { name: `Spin ${randomBytes(2).toString('hex')}`, price: '12.50' },
        });
        expect(created.status).toBe(201);
        for (const stream of streams) {
          const event = await stream.next(isEvent, 2_000);
          expect(JSON.parse(event.data)).toEqual({
            entity: 'services',
            action: 'created',
            ids: [created.body.id],
          });
        }
      }

      // (c) Per-client limits: a password reset request is allowed 5 times in 5 minutes per
      // client (auth/auth.ts). One client's requests, spread over every process, add up; another
      // client behind the same proxy has a bucket of its own.
      const before = [...served];
      const reset = (from: string) =>
        send(from, `${appUrl}/api/auth/request-password-reset`, 'POST', {
          origin,
          body: { email: 'nobody-np@example.com', redirectTo: '/reset-password' },
        });
      for (let i = 0; i < 5; i++) expect((await reset('127.0.0.3')).status).toBe(200);
      expect(served.every((n, i) => n - before[i]! >= 1)).toBe(true);
      expect((await reset('127.0.0.3')).status).toBe(429);
      expect((await reset('127.0.0.4')).status).toBe(200);
      expect((await reset('127.0.0.3')).status).toBe(429);

      // (a) Each cron job runs once per slot across the processes. Every minute's schedules
      // (automations.tick, webhooks.dispatch) are checked every second by each process: wait
      // for a tick job enqueued after the start and run, then count per slot.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        await until('a completed automations.tick job', 30_000, async () => {
          const { rows } = await db.query(
            `select count(*)::int as n from pgboss.job
              where name = 'automations.tick' and state = 'completed' and created_on >= $1`,
            [started],
          );
          return (rows[0] as { n: number }).n > 0 ? true : undefined;
        });
        // Slots asked for (pg-boss's send-it queue, one row per schedule and minute) ...
        const slots = await db.query(
          `select singleton_key as name, singleton_on as slot, count(*)::int as n
             from pgboss.job where name = '__pgboss__send-it' and created_on >= $1
            group by 1, 2`,
          [started],
        );
        expect(slots.rows.length).toBeGreaterThan(0);
        for (const row of slots.rows as Array<{ n: number }>) expect(row.n).toBe(1);
        // ... and each slot's job ran once: as many tick jobs as tick slots handed over (polled,
        // as a slot handed over this very moment may not have completed yet).
        const counts = await until('tick jobs to match their slots', 15_000, async () => {
          const { rows } = await db.query(
            `select
               (select count(*)::int from pgboss.job
                 where name = '__pgboss__send-it' and singleton_key = 'automations.tick'
                   and state = 'completed' and created_on >= $1) as slots,
               (select count(*)::int from pgboss.job
                 where name = 'automations.tick' and created_on >= $1) as jobs,
               (select count(*)::int from pgboss.job
                 where name = 'automations.tick' and created_on >= $1 and retry_count > 0)
                 as retried`,
            [started],
          );
          const row = rows[0] as { slots: number; jobs: number; retried: number };
          return row.slots === row.jobs ? row : undefined;
        });
        expect(counts.slots).toBeGreaterThan(0);
        expect(counts.retried).toBe(0);
      } finally {
        await db.end();
      }
    },
    120_000,
  );
});
