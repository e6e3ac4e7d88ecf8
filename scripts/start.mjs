// `npm start`: serve the built web app and the compiled API (apps/server/dist) from one Node
// process. Builds what is missing first: the server when its build is missing or older than its
// sources (a few seconds), the web app only when no build exists, so starts stay fast.
// FITBASE_NO_BUILD=1 never builds (containers build at image time): a missing server build is
// then an error, a missing web build leaves the API alone being served.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
// OpenTelemetry traces, before the server's modules load; it does nothing unless OTEL_*
// variables ask for traces (docs/operations.md#traces).
const tracingEntry = path.join(root, 'apps/server/dist/tracing.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const mayBuild = process.env.FITBASE_NO_BUILD !== '1';

/** Newest modification time of the files under `dir` (0 when it does not exist). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function build(workspace, why) {
  console.log(`${why}: building it (npm run build -w ${workspace})...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(serverEntry)) {
  if (!mayBuild) {
    console.error(
      'No server build (apps/server/dist/main.js) and FITBASE_NO_BUILD=1: run `npm run build` first.',
    );
    process.exit(1);
  }
  build('apps/server', 'No server build found');
} else if (mayBuild) {
  const sources = ['apps/server/src', 'packages/domain/src'].map((dir) => path.join(root, dir));
  if (Math.max(...sources.map(newestMtime)) > statSync(serverEntry).mtimeMs) {
    build('apps/server', 'The server build is older than its sources');
  }
}
if (!existsSync(webIndex)) {
  if (mayBuild) build('apps/web', 'No web build found');
  else console.warn('No web build (apps/web/dist): serving the API only.');
}

const nodeArgs = ['--enable-source-maps'];
if (existsSync(tracingEntry)) nodeArgs.push('--import', pathToFileURL(tracingEntry).href);
const server = spawn(process.execPath, [...nodeArgs, serverEntry], {
  cwd: root,
  stdio: 'inherit',
  // NODE_ENV stays as given: production demands AUTH_SECRET and HTTPS-only cookies.
  env: process.env,
});
// Containers stop with SIGTERM and terminals with SIGINT (sent to the whole process group, so
// the server may get it twice: it shuts down once). Forward, then leave with the server.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
});
