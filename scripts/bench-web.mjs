// `npm run bench:web`: how much JavaScript each public route loads, gzipped.
//
// Two measures:
//  - browser (primary): serve the build with `npm start`'s script, open each route in a fresh
//    Chromium context and gzip every .js response it received;
//  - manifest: from Vite's manifest, the entry chunk and its static imports plus the route's lazy
//    chunk and its static imports.
// Exits non-zero when / loads more than the budget (by the browser measure when it worked,
// else by the manifest), or when nothing could be measured.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, startThrowawayServer } from './lib/throwaway-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
const distDir = path.join(webRoot, 'dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');
// The portal and the kiosk are a build of their own (apps/web/vite.config.ts, `--mode members`).
const membersManifestPath = path.join(distDir, '.vite/manifest-members.json');
const BUDGET_KB = 150;
const BUDGET_ROUTE = '/';

const ROUTES = [
  { path: '/', module: 'src/features/marketing/routes/landing-route.tsx' },
  { path: '/trial-request', module: 'src/features/trial-request/routes/trial-request-route.tsx' },
  { path: '/auth', module: 'src/features/auth/routes/auth-route.tsx' },
  // The members' portal: its own page and entry (target 120 KB, reported, not enforced yet).
  { path: '/m/bench-studio', entry: 'portal.html' },
  // The check-in kiosk: its own page and entry (reported; the QR reader loads with the camera).
  { path: '/kiosk', entry: 'kiosk.html' },
];

const kb = (bytes) => bytes / 1024;
const fmt = (bytes) => (bytes === undefined ? 'n/a' : `${kb(bytes).toFixed(1)} KB`);
const gzipBytes = (buffer) => gzipSync(buffer).length;

function ensureBuild() {
  if (existsSync(manifestPath) && existsSync(membersManifestPath)) return;
  console.log('No web build with a manifest found: running npm run build...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  if (!existsSync(manifestPath) || !existsSync(membersManifestPath)) {
    console.error(
      `The build wrote no manifest at ${path.relative(root, manifestPath)} (build.manifest must be on).`,
    );
    process.exit(1);
  }
}

/** Manifest keys of a chunk and everything it imports statically, recursively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

function measureFromManifest() {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const membersManifest = JSON.parse(readFileSync(membersManifestPath, 'utf8'));
  // The staff app's entry: the members' pages are measured from their own build's manifest.
  const entryKey = manifest['index.html']
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const entryKeys = staticClosure(manifest, entryKey);
  const sizeCache = new Map();
  const gzippedSize = (file) => {
    if (!sizeCache.has(file))
      sizeCache.set(file, gzipBytes(readFileSync(path.join(distDir, file))));
    return sizeCache.get(file);
  };
  const result = new Map();
  for (const route of ROUTES) {
    if (route.entry) {
      const files = [
        ...new Set(
          [...staticClosure(membersManifest, route.entry)]
            .map((k) => membersManifest[k].file)
            .filter((f) => f.endsWith('.js')),
        ),
      ];
      result.set(route.path, {
        bytes: files.reduce((sum, f) => sum + gzippedSize(f), 0),
        files: files.length,
      });
      continue;
    }
    if (!manifest[route.module]) {
      result.set(route.path, { missing: `no chunk for ${route.module}` });
      continue;
    }
    const keys = staticClosure(manifest, route.module, new Set(entryKeys));
    const files = [
      ...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'))),
    ];
    const bytes = files.reduce((sum, f) => sum + gzippedSize(f), 0);
    result.set(route.path, { bytes, files: files.length });
  }
  return result;
}

async function measureInBrowser() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath}`);
  const { chromium } = await import('@playwright/test');

  const { baseUrl, stop } = await startThrowawayServer(root, 'fitbase-bench-');
  let browser;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
    const result = new Map();
    for (const route of ROUTES) {
      // A fresh context per route: empty cache, no cookies, like a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending = [];
      const seen = new Set();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== baseUrl || !url.pathname.endsWith('.js') || seen.has(url.pathname))
          return;
        seen.add(url.pathname);
        pending.push(response.body().then((body) => gzipBytes(body)));
      });
      await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(pending);
      result.set(route.path, { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length });
      await context.close();
    }
    return result;
  } finally {
    await browser?.close();
    await stop();
  }
}

ensureBuild();

const fromManifest = measureFromManifest();
let fromBrowser;
try {
  fromBrowser = await measureInBrowser();
} catch (error) {
  console.warn(
    `Browser measure unavailable (${error instanceof Error ? error.message : error}); using the manifest only.`,
  );
}

const rows = ROUTES.map((route) => {
  const m = fromManifest.get(route.path);
  const b = fromBrowser?.get(route.path);
  return {
    route: route.path,
    browser: b ? `${fmt(b.bytes)} (${b.files} files)` : 'n/a',
    manifest: m?.missing ? m.missing : `${fmt(m.bytes)} (${m.files} files)`,
  };
});
const widths = {
  route: Math.max(5, ...rows.map((r) => r.route.length)),
  browser: Math.max(18, ...rows.map((r) => r.browser.length)),
};
console.log(
  `\nJavaScript per public route, gzipped (budget for ${BUDGET_ROUTE}: ${BUDGET_KB} KB)\n`,
);
console.log(
  `${'Route'.padEnd(widths.route)}  ${'Browser (primary)'.padEnd(widths.browser)}  Manifest`,
);
console.log(`${'-'.repeat(widths.route)}  ${'-'.repeat(widths.browser)}  ${'-'.repeat(24)}`);
for (const r of rows)
  console.log(
    `${r.route.padEnd(widths.route)}  ${r.browser.padEnd(widths.browser)}  ${r.manifest}`,
  );

const primary = fromBrowser?.get(BUDGET_ROUTE)?.bytes ?? fromManifest.get(BUDGET_ROUTE)?.bytes;
const source = fromBrowser?.get(BUDGET_ROUTE) ? 'browser' : 'manifest';
if (primary === undefined) {
  console.error(`\n✖ Could not measure ${BUDGET_ROUTE}.`);
  process.exit(1);
}
if (kb(primary) > BUDGET_KB) {
  console.error(
    `\n✖ ${BUDGET_ROUTE} loads ${fmt(primary)} of JavaScript gzipped (${source}), over the ${BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
console.log(
  `\n✔ ${BUDGET_ROUTE} loads ${fmt(primary)} gzipped (${source}), within the ${BUDGET_KB} KB budget.`,
);
