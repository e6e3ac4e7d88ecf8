import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from './types.ts';

/** Below this, compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const COMPRESSIBLE_TYPE =
  /^\s*(?:application\/(?:[\w.+-]*\+)?json|text\/(?:html|plain|css|javascript))/i;
/** Bodies that are already in memory (c.json, c.html, better-auth's answers): safe to measure. */
const BUFFERED_TYPE = /^\s*(?:application\/(?:[\w.+-]*\+)?json|text\/html)/i;

/**
 * gzip for API answers and HTML above 1 KB, for browsers that accept it. Never for
 * `text/event-stream`: a compressed stream would hold events back until a block fills.
 * Hono leaves Content-Length unset on c.json()/c.html(), and `compress` applies its threshold only
 * to a known length, so buffered bodies are measured first. Static files are precompressed at
 * build time (scripts/prerender.mjs) and already carry Content-Encoding, which `compress` skips.
 */
export function compressResponses(): MiddlewareHandler<AppEnv> {
  const gzip = compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    contentTypeFilter: (type) => COMPRESSIBLE_TYPE.test(type),
  });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      const type = c.res.headers.get('content-type') ?? '';
      if (!c.res.body || c.res.headers.has('content-length') || !BUFFERED_TYPE.test(type)) return;
      const body = await c.res.arrayBuffer();
      c.res = new Response(body, c.res);
      c.res.headers.set('content-length', String(body.byteLength));
    });
}

/** The SPA shell written by the prerender step; an older or hand-made build has only index.html. */
const SHELL_FILE = 'app-shell.html';
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
  // Client-side routes: every other GET gets the app shell.
  // Read on each request, like the other files: a rebuild under a running server (which empties
  // dist/ and renames every asset) must not leave it answering a shell that names deleted scripts.
  app.get('*', async (c) => {
    shellHtml = await readFile(shellPath, 'utf8').catch(() => shellHtml);
    c.header('cache-control', 'no-cache');
    return c.html(shellHtml);
  });
}
