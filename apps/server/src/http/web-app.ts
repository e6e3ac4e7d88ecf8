import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { AppEnv } from './types.ts';
import { embedOriginsOfSlug } from '../context/member-session.queries.ts';
import { framedPagePolicy } from './middleware/security.ts';

/** Below this, compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const COMPRESSIBLE_TYPE =
  /^\s*(?:application\/(?:[\w.+-]*\+)?json|text\/(?:html|plain|css|javascript))/i;
const ACCEPTS_GZIP = /\bgzip\b/i;

/** Whether the request's client takes gzip. */
export const acceptsGzip = (header: string | undefined) => ACCEPTS_GZIP.test(header ?? '');
/** Measured on the 72 KB week view: level 1 takes 0.41 ms for 8.0 KB, level 6 0.69 ms for 7.6 KB. */
const GZIP_LEVEL = 1;
const gzipAsync = promisify(gzip);

/** gzip on the thread pool, at the level measured for JSON answers. */
export const gzipBody = (body: Buffer | string) => gzipAsync(body, { level: GZIP_LEVEL });
/** Bodies that are already in memory (c.json, c.html, better-auth's answers): safe to measure. */
const BUFFERED_TYPE = /^\s*(?:application\/(?:[\w.+-]*\+)?json|text\/html)/i;

/**
 * gzip for API answers and HTML above 1 KB, for browsers that accept it. Never for
 * `text/event-stream`: a compressed stream would hold events back until a block fills.
 * Static files are precompressed at build time (scripts/prerender.mjs) and already carry
 * Content-Encoding, which is left alone.
 *
 * Why not `hono/compress` alone: it compresses through a web stream, and a streamed body makes
 * @hono/node-server leave its fast path (it polls the stream, with timer waits) and reading a
 * body materialises Hono's lightweight Response. bench:schedule measured that on the week view
 * (72 KB of JSON). So bodies already in memory (c.json, c.html, better-auth's answers) are
 * gzipped in one zlib call on the thread pool, and a client that does not accept gzip gets the
 * response untouched, on the fast path. Other compressible types go through `compress`.
 */
export function compressResponses(): MiddlewareHandler<AppEnv> {
  const streamed = compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    contentTypeFilter: (type) => COMPRESSIBLE_TYPE.test(type),
  });
  return async (c, next) => {
    if (!acceptsGzip(c.req.header('accept-encoding'))) return next();
    await next();
    const res = c.res;
    // Headers first: reading `body` turns node-server's lightweight response into a stream.
    if (res.headers.has('content-encoding') || c.req.method === 'HEAD') return;
    const type = res.headers.get('content-type') ?? '';
    if (!res.body) return;
    if (!BUFFERED_TYPE.test(type)) {
      // Files and other streams: `compress` decides (it skips chunked and small bodies).
      if (COMPRESSIBLE_TYPE.test(type)) await streamed(c, async () => {});
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('vary', 'Accept-Encoding');
    if (body.byteLength < COMPRESS_THRESHOLD_BYTES) {
      headers.set('content-length', String(body.byteLength));
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    const zipped = await gzipBody(body);
    headers.set('content-encoding', 'gzip');
    headers.set('content-length', String(zipped.byteLength));
    headers.delete('etag');
    c.res = new Response(zipped, { status: res.status, headers });
  };
}

/** The SPA shell written by the prerender step; an older or hand-made build has only index.html. */
const SHELL_FILE = 'app-shell.html';
/** The members' portal page (its own Vite entry). */
const PORTAL_FILE = 'portal.html';
/** The check-in kiosk's page (its own Vite entry, docs/product/kiosk.md). */
const KIOSK_FILE = 'kiosk.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves files of the build with a Cache-Control header, set on the response serveStatic returns:
 * its `onFound` runs after that response is built, too late for `c.header`.
 */
function serveFiles(root: string, cacheControl: string): MiddlewareHandler<AppEnv> {
  const files = serveStatic<AppEnv>({ root, precompressed: true });
  return async (c, next) => {
    let missing = false;
    const res = await files(c, async () => {
      missing = true;
      await next();
    });
    if (!missing && res instanceof Response && res.ok)
      res.headers.set('cache-control', cacheControl);
    return res;
  };
}

/**
 * Serves the built web app (apps/web/dist): hashed assets cached for a year, the pre-rendered public
 * pages (dist/index.html, dist/trial-request/index.html, dist/auth/index.html) at their paths, and
 * the SPA shell for every other client-side route. Files go out as their build-time .br/.gz copy when
 * the browser accepts it. HTML is revalidated on every visit (`no-cache`): it names the hashed assets
 * of the current build.
 */
export function serveWebApp(app: Hono<AppEnv>, distDir: string): void {
  const root = path.relative(process.cwd(), distDir) || '.';
  const shellPath = path.join(
    distDir,
    existsSync(path.join(distDir, SHELL_FILE)) ? SHELL_FILE : 'index.html',
  );
  let shellHtml = readFileSync(shellPath, 'utf8');
  app.use('/assets/*', serveFiles(root, IMMUTABLE));
  // A missing hashed asset (an old tab after a deploy) is a 404, not the HTML shell.
  app.get('/assets/*', (c) => c.text('Not Found', 404));
  app.use('*', serveFiles(root, 'no-cache'));
  // The members' portal is its own page and bundle (docs/product/member-portal.md): /m/{slug}/...
  const portalPath = path.join(distDir, PORTAL_FILE);
  app.get('/m/*', async (c, next) => {
    const html = await readFile(portalPath, 'utf8').catch(() => null);
    if (html === null) return next();
    c.header('cache-control', 'no-cache');
    // The public schedule alone may be framed, by the websites its studio listed.
    const schedule = /^\/m\/([^/]+)\/schedule\/?$/.exec(c.req.path);
    if (schedule) {
      const origins = await embedOriginsOfSlug(c.get('deps').database.db, schedule[1]!);
      c.header('content-security-policy', framedPagePolicy(origins));
    }
    return c.html(html);
  });
  // The check-in kiosk is its own page and bundle too: /kiosk and /kiosk/...
  const kioskPath = path.join(distDir, KIOSK_FILE);
  const kioskPage: MiddlewareHandler<AppEnv> = async (c, next) => {
    const html = await readFile(kioskPath, 'utf8').catch(() => null);
    if (html === null) return next();
    c.header('cache-control', 'no-cache');
    return c.html(html);
  };
  app.get('/kiosk', kioskPage);
  app.get('/kiosk/*', kioskPage);
  // Client-side routes: every other GET gets the app shell.
  // Read on each request, like the other files: a rebuild under a running server (which empties
  // dist/ and renames every asset) must not leave it answering a shell that names deleted scripts.
  app.get('*', async (c) => {
    shellHtml = await readFile(shellPath, 'utf8').catch(() => shellHtml);
    c.header('cache-control', 'no-cache');
    return c.html(shellHtml);
  });
}
