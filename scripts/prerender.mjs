// Post-build step of the web app (`npm run build` runs it after `vite build`):
//
//  1. pre-renders the public pages (`/`, `/trial-request`, `/auth`) to HTML with a Vite SSR build of
//     apps/web/src/entry-server.tsx, so their content paints before any JavaScript runs on a phone;
//     the browser then hydrates them (apps/web/src/main.tsx). Each page is written as
//     dist/<path>/index.html with the stylesheet inlined and a small boot script that loads the
//     entry and the route's chunks once the page has painted. The empty SPA shell, for every other
//     URL, is kept as dist/app-shell.html (the server answers it for client-side routes).
//  2. writes Brotli (.br) and gzip (.gz) copies of every compressible file of dist, which the
//     server sends as they are to browsers that accept them (no compression per request).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
const distDir = path.join(webRoot, 'dist');
// Inside apps/web so the SSR bundle resolves its external packages from node_modules; removed after.
const ssrDir = path.join(webRoot, `node_modules/.cache/fitbase-prerender-${process.pid}`);
const ROOT_MARKUP = '<div id="root"></div>';
export const SHELL_FILE = 'app-shell.html';
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_COMPRESS_BYTES = 1024;

/** The route modules of the pre-rendered paths, as keys of Vite's manifest. */
const ROUTE_MODULES = {
  '/': 'src/features/marketing/routes/landing-route.tsx',
  '/trial-request': 'src/features/trial-request/routes/trial-request-route.tsx',
  '/auth': 'src/features/auth/routes/auth-route.tsx',
};

async function buildServerEntry() {
  const { build } = await import('vite');
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  return import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
}

/** Files of a manifest chunk and everything it imports statically, recursively. */
function staticFiles(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticFiles(manifest, dep, seen);
  return seen;
}

/** The scripts a pre-rendered page needs: the entry and its imports, then the route's chunks. */
function pageScripts(manifest, pathname) {
  // The staff app's entry: the members' portal (portal.html) is an entry of its own.
  const entryKey = manifest['index.html']
    ? 'index.html'
    : Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const files = new Set([
    ...staticFiles(manifest, entryKey),
    ...staticFiles(manifest, ROUTE_MODULES[pathname]),
  ]);
  files.delete(manifest[entryKey].file);
  return { entry: `/${manifest[entryKey].file}`, preload: [...files].map((file) => `/${file}`) };
}

/**
 * The pre-rendered pages start their scripts only once they have painted, through this small
 * module (the CSP allows no inline script): on a slow phone connection the page's text then does
 * not share the line with 130 KB of JavaScript it does not need to paint. It preloads the route's
 * chunks alongside the entry, so hydration does not wait for one after the other.
 */
const BOOT_SCRIPT = `const { entry, preload } = document.querySelector('script[data-entry]').dataset;
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(entry);
  }),
);
`;

function writeBootScript() {
  const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64url').slice(0, 8);
  const file = `assets/boot-${hash}.js`;
  writeFileSync(path.join(distDir, file), BOOT_SCRIPT);
  return `/${file}`;
}

/** Swaps the entry's script and modulepreload tags for the boot script. */
function bootFromScript(html, bootFile, { entry, preload }) {
  const withoutScripts = html
    .replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (withoutScripts.includes('<script'))
    throw new Error('Unexpected script in the built index.html');
  const tag = `<script type="module" src="${bootFile}" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
  return withoutScripts.replace('</head>', () => `${tag}</head>`);
}

/**
 * The stylesheet goes inside the pre-rendered pages: it is the one resource that blocks their first
 * paint, and a phone on a slow network saves a round trip (the CSP allows inline styles).
 */
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, file) => {
    const css = readFileSync(path.join(distDir, file), 'utf8');
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
    return `<style>${css}</style>`;
  });
}

function outputFile(pathname) {
  return pathname === '/'
    ? path.join(distDir, 'index.html')
    : path.join(distDir, pathname.slice(1), 'index.html');
}

async function prerender() {
  // Run again on the same build, dist/index.html is already a pre-rendered page: start from the shell.
  const shellPath = path.join(distDir, SHELL_FILE);
  let builtIndex = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!builtIndex.includes(ROOT_MARKUP) && existsSync(shellPath)) {
    builtIndex = readFileSync(shellPath, 'utf8');
  }
  if (!builtIndex.includes(ROOT_MARKUP)) {
    throw new Error(`dist/index.html has no empty ${ROOT_MARKUP}: run vite build first`);
  }
  writeFileSync(shellPath, builtIndex);
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const bootFile = writeBootScript();
  const entry = await buildServerEntry();
  try {
    for (const pathname of entry.PRERENDERED_PATHS) {
      if (!ROUTE_MODULES[pathname]) throw new Error(`No route module known for ${pathname}`);
      const html = await entry.render(pathname);
      const page = bootFromScript(
        inlineStylesheets(builtIndex),
        bootFile,
        pageScripts(manifest, pathname),
      )
        // A replacer function: a `$` in the page's text must not be read as a replacement pattern.
        .replace(ROOT_MARKUP, () => `<div id="root">${html}</div>`);
      mkdirSync(path.dirname(outputFile(pathname)), { recursive: true });
      writeFileSync(outputFile(pathname), page);
      console.log(`prerendered ${pathname} (${(page.length / 1024).toFixed(1)} KB)`);
    }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
  // The members' portal (its own entry) paints its first text with the stylesheet inlined too:
  // its public schedule is opened on phones and framed by studios' websites.
  const portalPath = path.join(distDir, 'portal.html');
  if (existsSync(portalPath))
    writeFileSync(portalPath, inlineStylesheets(readFileSync(portalPath, 'utf8')));
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* walk(file);
    else yield file;
  }
}

function precompress() {
  let count = 0;
  for (const file of walk(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_COMPRESS_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  console.log(`precompressed ${count} files (.br, .gz)`);
}

await prerender();
precompress();
