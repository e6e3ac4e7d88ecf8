// `npm run demo` (docs/product/demo-studio.md): runs the compiled demo command,
// apps/server/dist/demo.js, built first when it is missing or older than its sources (as
// `npm start` does for the server): a compiled command starts in a second or two where the
// TypeScript loader took seven. Arguments pass through (`npm run demo -- --size small`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/demo.js');

/** Newest modification time of the files under `dir`. */
function newestMtime(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

const sources = ['apps/server/src', 'packages/domain/src'].map((dir) => path.join(root, dir));
if (!existsSync(entry) || Math.max(...sources.map(newestMtime)) > statSync(entry).mtimeMs) {
  const built = spawnSync(process.execPath, ['build.mjs', 'demo'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const args = process.argv.slice(2);
const child = spawn(
  process.execPath,
  ['--enable-source-maps', entry, ...(args[0] === '--' ? args.slice(1) : args)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
