import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { clientIp, forwardedClient, trustedList } from './client-ip.ts';
import type { AppEnv, Deps } from './types.ts';

/** A bare app that answers the client address clientIp() sees, from a given socket address. */
function echo(trustedProxies: string[]) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { config: { trustedProxies } } as unknown as Deps);
    await next();
  });
  app.get('/ip', (c) => c.text(clientIp(c)));
  return async (peer: string, headers: Record<string, string> = {}) => {
    const res = await app.request(
      '/ip',
      { headers },
      {
        incoming: {
          socket: { remoteAddress: peer, remoteFamily: peer.includes(':') ? 'IPv6' : 'IPv4' },
        },
      },
    );
    return res.text();
  };
}

describe('client address', () => {
  it('is the socket address when no proxy is trusted, whatever the headers say', async () => {
    const ip = echo([]);
    expect(await ip('198.51.100.7')).toBe('198.51.100.7');
    expect(await ip('198.51.100.7', { 'x-forwarded-for': '203.0.113.5' })).toBe('198.51.100.7');
    expect(await ip('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('ignores forwarding headers from a peer that is not a trusted proxy (spoofing)', async () => {
    const ip = echo(['10.0.0.0/8']);
    expect(await ip('198.51.100.7', { 'x-forwarded-for': '203.0.113.5' })).toBe('198.51.100.7');
    expect(await ip('198.51.100.7', { forwarded: 'for=203.0.113.5' })).toBe('198.51.100.7');
  });

  it('takes the right-most hop that is not a trusted proxy', async () => {
    const ip = echo(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    // The client wrote a fake first entry; our proxies appended the real one and each other.
    const xff = '1.2.3.4, 203.0.113.5, 10.1.2.3';
    expect(await ip('10.0.0.2', { 'x-forwarded-for': xff })).toBe('203.0.113.5');
    expect(await ip('192.168.1.7', { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(await ip('fd00::1', { 'x-forwarded-for': '2001:db8::5' })).toBe('2001:db8::5');
    // Ports and IPv4-mapped spellings are the same address.
    expect(await ip('::ffff:10.0.0.2', { 'x-forwarded-for': '203.0.113.5:4711' })).toBe(
      '203.0.113.5',
    );
    // Every hop trusted: the left-most is the best we know.
    expect(await ip('10.0.0.2', { 'x-forwarded-for': '10.0.0.9, 10.0.0.3' })).toBe('10.0.0.9');
    // No header from a trusted proxy: the proxy itself.
    expect(await ip('10.0.0.2')).toBe('10.0.0.2');
  });

  it('reads RFC 7239 Forwarded when there is no X-Forwarded-For', async () => {
    const trusted = trustedList(['10.0.0.0/8'])!;
    const header = 'for=1.2.3.4, for="[2001:db8:cafe::17]:4711";proto=https, for=10.0.0.5';
    expect(forwardedClient(trusted, '10.0.0.2', undefined, header)).toBe('2001:db8:cafe::17');
    // An obfuscated hop: the trusted proxy that reported it is all we know.
    expect(forwardedClient(trusted, '10.0.0.2', undefined, 'for=_hidden, for=10.0.0.5')).toBe(
      '10.0.0.5',
    );
  });
});

describe('per-address limits behind a trusted proxy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.config.trustedProxies = ['10.9.0.0/16'];
  });
  afterAll(async () => t?.close());

  const ask = async (peer: string, forwardedFor: string, i: number) => {
    const res = await t.app.request(
      `${TEST_ORIGIN}/api/auth/request-password-reset`,
      {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
        },
        body: JSON.stringify({ email: `nobody${i}@example.com`, redirectTo: '/reset-password' }),
      },
      { incoming: { socket: { remoteAddress: peer, remoteFamily: 'IPv4' } } },
    );
    return res.status;
  };

  it('count per forwarded client, and per socket for anyone else', async () => {
    // 5 password-reset requests per 5 minutes per address (auth/auth.ts).
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push(await ask('10.9.0.1', '203.0.113.5', i));
    expect(first).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client through the same proxy has its own bucket.
    expect(await ask('10.9.0.1', '203.0.113.6', 9)).toBe(200);
    // An untrusted peer cannot pick a fresh bucket per request with a forged header.
    const spoofed: number[] = [];
    for (let i = 0; i < 6; i++) spoofed.push(await ask('198.51.100.7', `203.0.113.${100 + i}`, i));
    expect(spoofed).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
