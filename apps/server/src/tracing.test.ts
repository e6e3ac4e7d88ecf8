import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { PGLITE_EXTENSIONS } from './db/client.ts';
import { REPO_ROOT } from './env.ts';
import { tracingEnabled } from './tracing.ts';

// OpenTelemetry traces (docs/operations.md#traces): the real server, started as in production
// with src/tracing.ts loaded first, exports to a local OTLP/HTTP (JSON) receiver; a request's
// traceparent is continued and its log lines carry the trace id.

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}

/** An OTLP/HTTP receiver of JSON trace exports; `spans` grows as batches arrive. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const resource of payload.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The database for the server process: a data folder from the run's snapshot, or a PG database. */
async function serverDatabaseEnv(): Promise<Record<string, string>> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fitbase-tracing-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      loadDataDir: new Blob([readFileSync(target.snapshot)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.close();
    return { FITBASE_DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  // The server process connects on its own; `drop` closes this process's (unused) pools.
  const { url, drop } = await openTestDatabase();
  cleanups.push(drop);
  return { DATABASE_URL: url! };
}

/** Starts the server as `npm start` would, tracing first; resolves with its port and log lines. */
async function startServer(env: Record<string, string>) {
  const lines: Array<Record<string, unknown>> = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './apps/server/src/tracing.ts', 'apps/server/src/main.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        APP_URL: 'http://localhost:3000',
        AUTH_SECRET: 'tracing-test-secret-tracing-test-secret',
        LOG_LEVEL: 'info',
        BACKUP_SCHEDULE: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let buffered = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          lines.push(entry);
          if (String(entry.msg).startsWith('FitBase is serving')) resolve(entry.port as number);
        } catch {
          // Not a log line.
        }
      }
    });
  });
  return { port, lines };
}

async function until<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('tracing switch', () => {
  it('is off unless an exporter or an OTLP endpoint is configured', () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_SERVICE_NAME: 'fitbase' })).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(
      tracingEnabled({
        OTEL_TRACES_EXPORTER: 'none',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      }),
    ).toBe(false);
    expect(
      tracingEnabled({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBe(false);
  });
});

// One server process (3 to 8 s to start on a busy 2-core machine).
describe('traces of the running server', { timeout: 90_000 }, () => {
  it("continues a request's traceparent and puts its trace id in the request's log lines", async () => {
    const receiver = await startReceiver();
    const server = await startServer({
      ...(await serverDatabaseEnv()),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'fitbase-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const response = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${parentId}-01`,
      },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
    });
    expect(response.status).toBe(401);

    // The server's span continues the caller's trace, as a child of the caller's span.
    const serverSpan = await until(() =>
      receiver.spans.find((span) => span.traceId === traceId && span.kind === 2),
    );
    expect(serverSpan.parentSpanId).toBe(parentId);
    if (inject('testDatabase').kind === 'postgres') {
      // pg's statements of the request are spans of the same trace.
      await until(() =>
        receiver.spans.find(
          (span) =>
            span.traceId === traceId &&
            span.attributes?.some((a) => a.key === 'db.system' || a.key === 'db.system.name'),
        ),
      );
    }

    // Every log line of the request carries the trace id (the access line included).
    const access = await until(() =>
      server.lines.find(
        (line) =>
          line.msg === 'request' &&
          (line.req as { path?: string } | undefined)?.path === '/api/auth/sign-in/email',
      ),
    );
    expect(access.trace_id).toBe(traceId);
    const ofRequest = server.lines.filter((line) => line.requestId === access.requestId);
    expect(ofRequest.length).toBeGreaterThan(0);
    for (const line of ofRequest) expect(line.trace_id).toBe(traceId);
    // Lines outside any request (the start-up line) carry none.
    const serving = server.lines.find((line) => String(line.msg).startsWith('FitBase is serving'));
    expect(serving?.trace_id).toBeUndefined();
  });
});
