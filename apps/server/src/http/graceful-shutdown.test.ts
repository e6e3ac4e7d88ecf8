import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { handleShutdownSignals } from './graceful-shutdown.ts';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/**
 * A plain Node server: `/slow` answers after 400 ms, `/events` streams until ended. When each
 * response is fully sent is recorded in `order` on the server's side (the client may read it a
 * moment later).
 */
async function startServer(order: string[]): Promise<{ server: Server; url: string }> {
  const s = createServer((req, res) => {
    if (req.url === '/events') {
      res.on('finish', () => order.push('stream ended'));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': hello\n\n');
      return;
    }
    res.on('finish', () => order.push('slow answered'));
    setTimeout(() => res.end('done'), 400);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  server = s;
  return { server: s, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
}

/** GET that resolves with the status and whole body once the response ends. */
function get(url: string, accept = '*/*'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { accept } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests, ends event streams, then closes the database and exits 0', async () => {
    const order: string[] = [];
    const { server: s, url } = await startServer(order);
    let answers!: Promise<Array<{ status: number; body: string }>>;
    const exited = new Promise<number>((resolve) => {
      const stop = handleShutdownSignals({
        server: s,
        logger: createLogger('silent'),
        signals: [],
        onDrained: async () => void order.push('database closed'),
        exit: (code) => resolve(code),
      });
      // Started first: the stream is open and the slow request in flight when shutdown begins.
      const events = get(`${url}/events`, 'text/event-stream');
      const slow = get(`${url}/slow`);
      setTimeout(() => {
        void stop();
        // New connections are refused from now on.
        get(`${url}/slow`).then(
          () => order.push('new request accepted'),
          () => order.push('new request refused'),
        );
      }, 100);
      answers = Promise.all([events, slow]);
    });
    expect(await exited).toBe(0);
    expect(await answers).toEqual([
      { status: 200, body: ': hello\n\n' },
      { status: 200, body: 'done' },
    ]);
    expect(order).toContain('new request refused');
    expect(order.indexOf('slow answered')).toBeLessThan(order.indexOf('database closed'));
    expect(order.indexOf('stream ended')).toBeLessThan(order.indexOf('database closed'));
  });

  it('exits 1 when a request outlives the grace period', async () => {
    const s = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    server = s;
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    let drained = false;
    const code = await new Promise<number>((resolve) => {
      const stop = handleShutdownSignals({
        server: s,
        logger: createLogger('silent'),
        signals: [],
        graceMs: 300,
        onDrained: async () => void (drained = true),
        exit: resolve,
      });
      get(url).catch(() => undefined);
      setTimeout(() => void stop(), 100);
    });
    expect(code).toBe(1);
    expect(drained).toBe(false);
  });

  it('drains first: readiness turns 503 and requests are still answered for the delay', async () => {
    const order: string[] = [];
    const { server: s, url } = await startServer(order);
    let started = 0;
    const exited = new Promise<number>((resolve) => {
      const stop = handleShutdownSignals({
        server: s,
        logger: createLogger('silent'),
        signals: [],
        drainMs: 300,
        onDraining: () => {
          started = performance.now();
          order.push('not ready');
        },
        onDrained: async () => void order.push('database closed'),
        exit: (code) => resolve(code),
      });
      void stop();
    });
    // During the drain a new connection is still accepted and answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await get(`${url}/slow`);
    expect(during).toEqual({ status: 200, body: 'done' });
    expect(await exited).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(order).toEqual(['not ready', 'slow answered', 'database closed']);
  });

  it('does not drain on SIGINT (Ctrl+C in a terminal)', async () => {
    const { server: s } = await startServer([]);
    const started = performance.now();
    let draining = false;
    const exited = new Promise<number>((resolve) => {
      handleShutdownSignals({
        server: s,
        logger: createLogger('silent'),
        signals: ['SIGINT'],
        drainMs: 5000,
        onDraining: () => (draining = true),
        onDrained: async () => {},
        exit: (code) => resolve(code),
      });
    });
    process.emit('SIGINT');
    expect(await exited).toBe(0);
    expect(draining).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
