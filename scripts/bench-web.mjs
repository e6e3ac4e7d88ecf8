// `npm run bench:web`: how much JavaScript each public route loads, gzipped, against its budget.
//
// Two measures:
//  - browser (primary): serve the build with `npm start`'s script, open each route in a fresh
//    Chromium context and gzip every .js response it received (what a first visit loads, with
//    whatever the page fetches once it runs);
//  - manifest: from Vite's manifest, the entry chunk and its static imports plus the route's lazy
//    chunk and its static imports.
// The public routes are read from apps/web/src/app/router.tsx (`publicRoutes`), so a new public
// page is measured without being listed here; the members' pages (portal, kiosk) are their own
// build. Exits non-zero when a route loads more than its budget (by the browser measure when it
// worked, else by the manifest), when one could not be measured, or when a public route with
// parameters has no address below to visit.
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
const routerPath = path.join(webRoot, 'src/app/router.tsx');

/** Budgets, KB of gzipped JavaScript on a first visit. */
const BUDGET_KB = {
  // The landing page (docs/product/marketing.md).
  landing: 150,
  // Every other public page of the staff app: what /auth must stay under (issue 32).
  publicPage: 200,
  // The members' portal's target (docs/decisions/0027-portal-bundle.md); the kiosk, the other
  // page of the members' build, is held to the same.
  members: 120,
};

/** Where to open a public route whose pattern has parameters: values that match nothing. */
const VISIT_URL = {
  '/join/:slug': '/join/bench-no-such-studio',
  '/unsubscribe/:token': '/unsubscribe/not-a-real-token',
  '/invite/:token': '/invite/not-a-real-token',
  // The link of a staff invitation carries its token in the query.
  '/accept-staff-invitation': '/accept-staff-invitation?token=not-a-real-token',
  '*': '/no-such-page',
};

/**
 * The public routes of the staff app, from router.tsx's `publicRoutes`: each pattern with the
 * module its lazy route imports (none for a route rendered by the first chunk, e.g. not-found).
 */
function publicRoutesOfRouter() {
  const source = readFileSync(routerPath, 'utf8');
  const start = source.indexOf('const publicRoutes');
  const end = source.indexOf('\n];', start);
  if (start < 0 || end < 0) throw new Error('router.tsx has no `const publicRoutes = [...]`');
  const block = source.slice(start, end);
  // Each route object starts at `index: true` or `path: '...'`; its lazy import follows.
  const starts = [...block.matchAll(/index: true|path: '([^']+)'/g)];
  return starts.map((match, i) => {
    const body = block.slice(match.index, starts[i + 1]?.index ?? block.length);
    const pattern = match[1] ?? '/';
    const spec = body.match(/import\('([^']+)'\)/)?.[1];
    const module = spec
      ? `${spec.replace(/^@\//, 'src/').replace(/^\.\//, 'src/app/')}.tsx`
      : undefined;
    return { pattern, module };
  });
}

function routesToMeasure() {
  const routes = publicRoutesOfRouter().map(({ pattern, module }) => {
    const url = VISIT_URL[pattern] ?? (/[:*]/.test(pattern) ? undefined : pattern);
    if (!url) {
      console.error(
        `✖ The public route ${pattern} has parameters: add an address to visit for it to VISIT_URL in scripts/bench-web.mjs.`,
      );
      process.exit(1);
    }
    return {
      path: url,
      module,
      budgetKb: pattern === '/' ? BUDGET_KB.landing : BUDGET_KB.publicPage,
    };
  });
  return [
    ...routes,
    // The members' portal: its own page and entry.
    { path: '/m/bench-studio', entry: 'portal.html', budgetKb: BUDGET_KB.members },
    // The check-in kiosk: its own page and entry (the QR reader loads with the camera).
    { path: '/kiosk', entry: 'kiosk.html', budgetKb: BUDGET_KB.members },
  ];
}

const ROUTES = routesToMeasure();

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
    if (route.module && !manifest[route.module]) {
      result.set(route.path, { missing: `no chunk for ${route.module}` });
      continue;
    }
    const keys = route.module
      ? staticClosure(manifest, route.module, new Set(entryKeys))
      : new Set(entryKeys);
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
      const failures = [];
      let done = false;
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (
          done ||
          url.origin !== baseUrl ||
          !url.pathname.endsWith('.js') ||
          seen.has(url.pathname)
        )
          return;
        seen.add(url.pathname);
        // A script that failed (a build replaced under a running measure) would make the page
        // look lighter than it is.
        if (!response.ok()) failures.push(`${url.pathname} answered ${response.status()}`);
        pending.push(
          response.body().then(
            (body) => gzipBytes(body),
            (error) => {
              throw new Error(`${route.path}: could not read ${url.pathname} (${error.message})`);
            },
          ),
        );
      });
      await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'networkidle' });
      // A page that redirects in the browser (an invalid invitation goes to /auth) loads more
      // after the first idle moment: wait until a quiet moment adds nothing.
      let settled;
      do {
        settled = pending.length;
        await Promise.all(pending);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
      } while (pending.length !== settled);
      done = true;
      if (failures.length > 0) throw new Error(`${route.path}: ${failures.join(', ')}`);
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
  const judged = b?.bytes ?? m?.bytes;
  return {
    route: route.path,
    budget: `${route.budgetKb} KB`,
    browser: b ? `${fmt(b.bytes)} (${b.files} files)` : 'n/a',
    manifest: m?.missing ? m.missing : `${fmt(m.bytes)} (${m.files} files)`,
    verdict: judged === undefined ? 'NOT MEASURED' : kb(judged) > route.budgetKb ? 'OVER' : 'ok',
  };
});
const width = (key, min) => Math.max(min, ...rows.map((r) => r[key].length));
const widths = {
  route: width('route', 5),
  budget: width('budget', 6),
  browser: width('browser', 18),
  manifest: width('manifest', 8),
};
console.log('\nJavaScript per public route, gzipped, against its budget\n');
const line = (cells) =>
  console.log(
    `${cells[0].padEnd(widths.route)}  ${cells[1].padEnd(widths.budget)}  ${cells[2].padEnd(widths.browser)}  ${cells[3].padEnd(widths.manifest)}  ${cells[4]}`,
  );
line(['Route', 'Budget', 'Browser (primary)', 'Manifest', '']);
line([
  '-'.repeat(widths.route),
  '-'.repeat(widths.budget),
  '-'.repeat(widths.browser),
  '-'.repeat(widths.manifest),
  '-'.repeat(7),
]);
for (const r of rows) line([r.route, r.budget, r.browser, r.manifest, r.verdict]);

const source = fromBrowser ? 'browser' : 'manifest';
const failed = rows.filter((r) => r.verdict !== 'ok');
if (failed.length > 0) {
  console.error(
    `\n✖ ${failed.map((r) => `${r.route} (${r.verdict === 'OVER' ? 'over its budget' : 'not measured'})`).join(', ')}: by the ${source} measure.`,
  );
  process.exit(1);
}
console.log(`\n✔ Every public route (${rows.length}) is within its budget (${source} measure).`);
