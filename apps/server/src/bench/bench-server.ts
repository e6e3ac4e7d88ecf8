import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeps, openConfiguredDatabase } from '../bootstrap.ts';
import type { Db } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { HttpClient } from './http-client.ts';
import { startServer, type RunningServer } from './server-process.ts';
import {
  SEED_OWNER_EMAIL,
  SEED_OWNER_PASSWORD,
  ensureSeedOrganization,
  ensureSeedOwner,
} from './seed-members.ts';

/**
 * What the benches that seed a fresh studio and then drive the real server share: a scratch
 * PGlite folder unless DATABASE_URL names a (scratch) PostgreSQL database, a new studio per run
 * (re-runs on one database stay independent), the server in its own process signed in once as
 * the seed owner, and the server's resident memory read from /proc.
 */

export interface BenchEnvironment {
  env: NodeJS.ProcessEnv;
  onPostgres: boolean;
  /** The PGlite scratch folder, or a scratch folder for downloads on PostgreSQL. */
  scratch: string;
  dispose: () => void;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in a scratch folder (never the developer's). */
export function benchEnvironment(name: string): BenchEnvironment {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const scratch = mkdtempSync(path.join(tmpdir(), `fitbase-${name}-`));
  return {
    env: onPostgres ? process.env : { ...process.env, FITBASE_DATA_DIR: scratch },
    onPostgres,
    scratch,
    dispose: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

export interface SeedContext {
  db: Db;
  organizationId: string;
  ownerId: string;
  slug: string;
}

/**
 * Migrates, creates a new studio `<prefix>-<time>` owned by the seed owner and runs `seed` on
 * it; the database is closed again before the server starts (PGlite admits one process).
 */
export async function seedNewStudio<T>(
  env: NodeJS.ProcessEnv,
  prefix: string,
  seed: (ctx: SeedContext) => Promise<T>,
  /** An earlier run's studio to measure again (seed then only reads), instead of a new one. */
  existingSlug?: string,
): Promise<{ organizationId: string; slug: string; result: T }> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const deps = createDeps(config, database, { logger: createLogger('silent') });
    const owner = await ensureSeedOwner(deps);
    const slug = existingSlug ?? `${prefix}-${Date.now().toString(36)}`;
    const { id: organizationId } = await ensureSeedOrganization(deps, slug, owner);
    const result = await seed({ db: database.db, organizationId, ownerId: owner.id, slug });
    return { organizationId, slug, result };
  } finally {
    await database.close();
  }
}

/** The process ids of `pid` and its descendants (tsx runs the server in a child process). */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent; the name (field 2) may hold spaces, so split after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

export function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export interface RssSampler {
  /** Stops sampling: the peak and each (ms, kB) sample taken. */
  stop: () => { peakKb: number; samples: Array<[number, number]> };
}

export interface BenchServer extends RunningServer {
  client: HttpClient;
  organizationId: string;
  /** Cookie, Origin and studio headers for load generators that send their own requests. */
  headers: Record<string, string>;
  /** The server process itself, not its tsx launcher. */
  serverPids: number[];
  /** Resident memory of the server process(es) now, in kB. */
  rss: () => number;
  /** Samples `rss()` every `everyMs` until stopped. */
  sampleRss: (everyMs?: number) => RssSampler;
}

/**
 * The real server on `env`'s database, signed in once as the seed owner (scrypt, ~190 ms,
 * outside any measured loop) with `organizationId` as the current studio.
 */
export async function startSignedInServer(
  env: NodeJS.ProcessEnv,
  organizationId: string,
): Promise<BenchServer> {
  const server = await startServer(env);
  try {
    const serverPids = processTree(server.pid).filter((p) => p !== server.pid);
    const rss = () => serverPids.reduce((sum, p) => sum + rssKb(p), 0);
    const client = new HttpClient(server.url, server.url);
    await client.signIn(SEED_OWNER_EMAIL, SEED_OWNER_PASSWORD);
    await client.send('PUT', '/api/me/current-organization', { organizationId });
    const headers = {
      cookie: client.cookieHeader(),
      origin: server.url,
      'x-organization-id': organizationId,
    };
    const sampleRss = (everyMs = 100): RssSampler => {
      let peakKb = rss();
      const samples: Array<[number, number]> = [];
      const timer = setInterval(() => {
        const kb = rss();
        peakKb = Math.max(peakKb, kb);
        samples.push([performance.now(), kb]);
      }, everyMs);
      return {
        stop: () => {
          clearInterval(timer);
          peakKb = Math.max(peakKb, rss());
          return { peakKb, samples };
        },
      };
    };
    return { ...server, client, organizationId, headers, serverPids, rss, sampleRss };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
