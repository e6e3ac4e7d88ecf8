import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { handleShutdownSignals } from './graceful-shutdown.ts';
import { KEEP_ALIVE_TIMEOUT_MS, applyServerTimeouts } from './server-timeouts.ts';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

function get(url: string, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers.connection ?? ''));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('server timeouts', () => {
  it('keeps idle connections longer than the clients and proxies in front (60 s)', () => {
    const s = createServer();
    applyServerTimeouts(s);
    expect(s.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(s.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(s.headersTimeout).toBeGreaterThan(s.keepAliveTimeout);
  });

  it('a long idle wait does not hold up a shutdown: idle kept-alive connections close at once', async () => {
    const s = createServer((_req, res) => res.end('ok'));
    applyServerTimeouts(s);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    server = s;
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    const agent = new Agent({ keepAlive: true });
    expect(await get(url, agent)).toBe('keep-alive');
    const started = Date.now();
    const code = await new Promise<number>((resolve) => {
      const stop = handleShutdownSignals({
        server: s,
        logger: createLogger('silent'),
        signals: [],
        onDrained: async () => undefined,
        exit: resolve,
      });
      void stop();
    });
    agent.destroy();
    expect(code).toBe(0);
    // Far below the idle wait: the idle connection did not keep the server open.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
