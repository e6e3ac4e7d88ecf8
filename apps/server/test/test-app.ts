import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type App } from '../src/app.ts';
import { createDeps } from '../src/bootstrap.ts';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../src/db/client.ts';
import { loadConfig } from '../src/env.ts';
import type { Deps } from '../src/http/types.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { MailMessage, Mailer } from '../src/lib/mailer.ts';
import { withDatabase } from './global-setup.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  /** Behind a transaction pooler: the database itself (as DATABASE_DIRECT_URL). */
  directUrl?: string;
  drop: () => Promise<void>;
}> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const blob = new Blob([readFileSync(target.snapshot)]);
    const client = await PGlite.create({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
    const database = await openDatabase({ pglite: client });
    return { database, drop: async () => database.close() };
  }
  const name = `fitbase_t_${randomBytes(6).toString('hex')}`;
  // Behind a transaction pooler (scripts/pgbouncer-suite.sh), databases are made and dropped
  // directly, and the app gets both addresses as DATABASE_URL and DATABASE_DIRECT_URL would.
  const admin = new pg.Client({ connectionString: target.directUrl ?? target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  const url = withDatabase(target.url, name);
  const directUrl = target.directUrl ? withDatabase(target.directUrl, name) : undefined;
  const database = await openDatabase({ databaseUrl: url, directUrl });
  return {
    database,
    url,
    directUrl,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestContext {
  app: App;
  deps: Deps;
  mail: MailMessage[];
  close: () => Promise<void>;
}

/** The real app on a real database, with outgoing mail captured in memory. */
export async function createTestApp(): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  return createTestAppOn(database, drop);
}

/** The real app on a database the caller opened (e.g. a PGlite data folder); `close` ends it. */
export function createTestAppOn(database: Database, close: () => Promise<void>): TestContext {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
  });
  const mail: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mail.push(m) };
  const deps = createDeps(config, database, {
    logger: createLogger(process.env.TEST_LOG_LEVEL === 'error' ? 'error' : 'silent'),
    mailer,
  });
  return { app: createApp(deps), deps, mail, close };
}

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

export async function call(app: App, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.request(`${TEST_ORIGIN}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, body: json as any, headers: response.headers, text }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The session cookie pair(s) from a response, ready for a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

let counter = 0;
export async function signUp(
  app: App,
  overrides: { email?: string; password?: string; name?: string } = {},
) {
  counter += 1;
  const email = overrides.email ?? `person${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await call(app, 'POST', '/api/auth/sign-up/email', {
    body: {
      email,
      password: overrides.password ?? 'correct-horse-battery',
      name: overrides.name ?? `Person ${counter}`,
    },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { email, cookie: cookieFrom(res.headers), userId: res.body.user.id as string };
}

/** A signed-up owner of a fresh organization. */
export async function createOwner(
  app: App,
  tier: 'trial' | 'basic' | 'pro' | 'enterprise' = 'trial',
) {
  const person = await signUp(app);
  const slug = `gym-${randomBytes(4).toString('hex')}`;
  const res = await call(app, 'POST', '/api/organizations', {
    cookie: person.cookie,
    body: { name: `Gym ${slug}`, slug, subscriptionTier: tier, timezone: 'UTC' },
  });
  if (res.status !== 201) throw new Error(`create organization failed: ${res.status} ${res.text}`);
  return { ...person, organization: res.body as { id: string; slug: string } };
}

/** The session token inside a test cookie (`better-auth.session_token=<token>.<signature>`). */
export function sessionTokenOf(cookie: string): string {
  const value = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!);
  return value.slice(0, value.lastIndexOf('.'));
}
