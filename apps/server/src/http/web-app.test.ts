import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../test/test-app.ts';
import { createApp, type App } from '../app.ts';
import type { AppEnv } from './types.ts';
import { compressResponses } from './web-app.ts';

// A small build of the shape `npm run build` writes (vite build, then scripts/prerender.mjs): the
// real build is checked by e2e/prerender.spec.ts, which runs after it; this file checks how the
// server serves any build, without building one.
const HERO = 'Run Your Entire Fitness Business From One Place';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestContext;
let app: App;
let distDir: string;

function page(body: string): string {
  return `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root">${body}</div></body></html>`;
}

function writeBuild(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'trial-request'));
  const script = Buffer.from(SCRIPT);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'index.html'), page(`<main><h1>${HERO}</h1></main>`));
  writeFileSync(path.join(dir, 'trial-request/index.html'), page('<h1>Start Your Free Trial</h1>'));
  writeFileSync(path.join(dir, 'app-shell.html'), page(''));
  writeFileSync(path.join(dir, 'portal.html'), page('<p>Member portal</p>'));
  writeFileSync(path.join(dir, 'kiosk.html'), page('<p>Check-in kiosk</p>'));
}

beforeAll(async () => {
  t = await createTestApp();
  distDir = mkdtempSync(path.join(tmpdir(), 'fitbase-web-app-'));
  writeBuild(distDir);
  app = createApp(t.deps, { webDistDir: distDir });
});
afterAll(async () => {
  await t?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

async function get(pathname: string, acceptEncoding?: string) {
  return app.request(`http://localhost:3000${pathname}`, {
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
}

describe('pre-rendered pages', () => {
  it('serve / with its hero text in the HTML, before any JavaScript', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain(`<h1>${HERO}</h1>`);
  });

  it('serve a public route from its own folder, the SPA shell for every other route', async () => {
    expect(await (await get('/trial-request')).text()).toContain('Start Your Free Trial');
    const shell = await get('/members');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const html = await shell.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(HERO);
  });

  it("serve the members' portal page, its own bundle, for every /m/ path", async () => {
    for (const pathname of ['/m/some-gym', '/m/some-gym/schedule']) {
      const res = await get(pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('Member portal');
    }
    expect(await (await get('/members')).text()).not.toContain('Member portal');
  });

  it('serve the kiosk page, its own bundle, for /kiosk and below it only', async () => {
    for (const pathname of ['/kiosk', '/kiosk/', '/kiosk?code=K7QH-2MXD']) {
      const res = await get(pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('Check-in kiosk');
    }
    expect(await (await get('/kiosks')).text()).not.toContain('Check-in kiosk');
    expect(await (await get('/settings')).text()).not.toContain('Check-in kiosk');
  });
});

describe('static assets', () => {
  it('go out as their Brotli copy when accepted, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('go out gzipped to a browser without Brotli, and as they are to one without either', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('answer 404 for a missing asset instead of the HTML shell', async () => {
    const res = await get('/assets/index-gone00.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/html/);
  });
});

describe('API responses', () => {
  it('are gzipped above 1 KB when accepted', async () => {
    const res = await call(app, 'GET', '/api/openapi.json', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    // `call` reads the body as text: app.request does not decompress, so the text is binary.
    const raw = await app.request('http://localhost:3000/api/openapi.json', {
      headers: { 'accept-encoding': 'gzip' },
    });
    const compressed = Buffer.from(await raw.arrayBuffer());
    const json = JSON.parse(gunzipSync(compressed).toString());
    expect(json.openapi).toMatch(/^3\./);
    expect(compressed.length).toBeLessThan(JSON.stringify(json).length / 3);
  });

  it('are left alone below 1 KB, or when the client does not accept compression', async () => {
    const small = await call(app, 'GET', '/api/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.body).toEqual({ status: 'ok' });
    expect(small.headers.get('content-encoding')).toBeNull();
    const unaccepted = await call(app, 'GET', '/api/openapi.json');
    expect(unaccepted.headers.get('content-encoding')).toBeNull();
    expect(unaccepted.body.openapi).toMatch(/^3\./);
  });

  it('leave any event stream alone, even one without Transfer-Encoding', async () => {
    // The real route's stream is also chunked, which `compress` skips by itself: this checks our filter.
    const bare = new Hono<AppEnv>();
    bare.use('*', compressResponses());
    bare.get('/stream', () => {
      const events = `data: ${'x'.repeat(2000)}\n\n`;
      return new Response(events, { headers: { 'content-type': 'text/event-stream' } });
    });
    const res = await bare.request('/stream', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toMatch(/^data: x+/);
  });

  it('never compress the event stream, which must flush each event', async () => {
    const owner = await createOwner(app);
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    const abort = new AbortController();
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { cookie: owner.cookie, 'accept-encoding': 'gzip, deflate, br' },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
    } finally {
      abort.abort();
      await new Promise((r) => server.close(r));
    }
  });
});
