import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './env.ts';

/**
 * `npm start` as a container runs it: the compiled server on an embedded database, stopped with
 * SIGTERM sent to the npm process. It must stop within 10 s and free the database for the next
 * start. (npm forwards the signal to its script's shell; without `exec` the shell died and left
 * the server running.)
 */
const STOP_LIMIT_MS = 10_000;

let dataDir: string;
let port: number;
const started: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

function npmStart(): ChildProcess {
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      // Built in beforeAll; a missing web build leaves the API alone being served.
      FITBASE_NO_BUILD: '1',
      FITBASE_DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Empty: the embedded database, whose lock must be released on stop.
      DATABASE_URL: '',
      // No balancer to drain for: the stop is timed from SIGTERM to exit.
      SHUTDOWN_DRAIN_MS: '0',
    },
  });
  started.push(child);
  return child;
}

/** Milliseconds until /api/health answers 200. */
async function untilHealthy(child: ChildProcess, since: number): Promise<number> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  while (Date.now() - since < 120_000) {
    if (child.exitCode !== null) throw new Error(`npm start exited early: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no health answer within 120 s: ${stderr}`);
}

/** SIGTERM to the npm process; resolves with its exit code and how long it took. */
async function stop(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const since = Date.now();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const code = await exited;
  return { code, ms: Date.now() - since };
}

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'apps/server/build.mjs')]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'fitbase-start-'));
  port = await freePort();
}, 60_000);

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('stops cleanly on SIGTERM and frees the embedded database for the next start', async () => {
    const first = npmStart();
    await untilHealthy(first, Date.now());
    expect(existsSync(path.join(dataDir, 'fitbase.pid'))).toBe(true);

    const firstStop = await stop(first);
    expect(firstStop.code).toBe(0);
    expect(firstStop.ms).toBeLessThan(STOP_LIMIT_MS);
    // The server (not only npm) is gone: the port is free and the PGlite lock released.
    expect(existsSync(path.join(dataDir, 'fitbase.pid'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    // A second start on the same, now existing, data folder works.
    const second = npmStart();
    const startMs = await untilHealthy(second, Date.now());
    console.info(`npm start on an existing data folder: healthy after ${startMs} ms`);
    const secondStop = await stop(second);
    expect(secondStop.code).toBe(0);
    expect(secondStop.ms).toBeLessThan(STOP_LIMIT_MS);
  }, 300_000);
});
