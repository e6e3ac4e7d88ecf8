import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../env.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { isEvent, openSse, type SseConnection } from '../../../test/fixtures/sse-client.ts';

/**
 * Two real server processes on one PostgreSQL database: a change written through one must
 * reach an event stream opened on the other (LISTEN/NOTIFY crosses processes; memory does not).
 * PGlite is single-process, so this needs PostgreSQL: DATABASE_URL's server, else a local one.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why the local server cannot be used, or null when it answers. */
async function unreachableReason(url: string): Promise<string | null> {
  // Generous: under a loaded CI machine a healthy server can take seconds to accept.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

// With DATABASE_URL the suite runs on PostgreSQL, so it must not skip: a failure is a failure.
const problem = process.env.DATABASE_URL ? null : await unreachableReason(serverUrl);
const hasPostgres = problem === null;
const skipReason = `skipped: needs PostgreSQL (set DATABASE_URL); ${new URL(serverUrl).host} is not reachable: ${problem}`;
if (!hasPostgres) console.warn(`two-process realtime test ${skipReason}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
const streams: SseConnection[] = [];
let databaseName: string | undefined;
let dataDir: string | undefined;

async function startServer(databaseUrl: string, secret: string): Promise<string> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        APP_URL: origin,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: secret,
        FITBASE_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SMTP_URL: '',
        SHUTDOWN_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return origin;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on port ${port} did not start`);
}

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
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}, 60_000);

async function post(origin: string, route: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = { origin, 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${origin}${route}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe('live updates across server processes', () => {
  it.skipIf(!hasPostgres)(
    hasPostgres
      ? 'a service created through process 1 reaches an event stream on process 2 within 1 s'
      : skipReason,
    async () => {
      databaseName = `fitbase_2p_${randomBytes(6).toString('hex')}`;
      dataDir = mkdtempSync(path.join(tmpdir(), 'fitbase-2p-'));
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
      const databaseUrl = withDatabase(serverUrl, databaseName);
      // Both processes sign sessions with one secret, as behind a load balancer.
      const secret = randomBytes(32).toString('base64url');
      // One after the other: the first applies the migrations, the second finds them done.
      const first = await startServer(databaseUrl, secret);
      const second = await startServer(databaseUrl, secret);

      const signUp = await post(first, '/api/auth/sign-up/email', {
        email: `two-process-${Date.now()}@example.com`,
        password: 'correct-horse-battery',
        name: 'Two Process',
      });
      expect(signUp.res.status).toBe(200);
      const cookie = signUp.res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const slug = `two-process-${randomBytes(3).toString('hex')}`;
      const org = await post(
        first,
        '/api/organizations',
        { name: 'Two Process Gym', slug, subscriptionTier: 'trial' },
        cookie,
      );
      expect(org.res.status).toBe(201);

      const stream = await openSse(`${second}/api/events`, cookie);
      streams.push(stream);
      expect(stream.status).toBe(200);
      expect((await stream.next(isEvent, 5_000)).event).toBe('ready');

      const created = await post(
        first,
        '/api/services',
        { name: 'Cross-Process Spin', price: '12.50' },
        cookie,
      );
      expect(created.res.status).toBe(201);
      const started = Date.now();
      const event = await stream.next(isEvent, 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(event.event).toBe('change');
      expect(JSON.parse(event.data)).toEqual({
        entity: 'services',
        action: 'created',
        ids: [created.body.id],
      });
    },
    120_000,
  );
});
