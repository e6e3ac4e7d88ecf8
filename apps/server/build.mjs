// `npm run build -w apps/server`: compiles the server to one ES module, apps/server/dist/main.js,
// so `npm start` runs plain JavaScript (no TypeScript loader at start-up).
// Dependencies are bundled in too (a few hundred files fewer to resolve and load at every
// start), except PGlite, which loads its WebAssembly and extensions from next to its own files.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(serverDir, 'dist');

/**
 * Left to Node: PGlite reads files beside its modules; pg-native is pg's optional addon; sharp
 * loads its native libvips binding for the platform at run time; pdfkit reads its font files
 * beside its modules; pg and pino are the modules OpenTelemetry's instrumentations patch as
 * `require` loads them (src/tracing.ts), and the SDK is loaded only when tracing is on.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'pg-native',
  'sharp',
  'pdfkit',
  'pg',
  'pino',
  '@opentelemetry/*',
];

// `node build.mjs demo` (scripts/demo.mjs, when its build is missing or stale): the demo
// command alone, apps/server/dist/demo.js, so `npm run demo` starts without a TypeScript loader
// and the server build does not pay for a second bundle.
const demo = process.argv[2] === 'demo';
const started = Date.now();
const result = await build({
  entryPoints: demo
    ? { demo: path.join(serverDir, 'src/cli/demo.ts') }
    : {
        main: path.join(serverDir, 'src/main.ts'),
        // Loaded before main.js with --import (scripts/start.mjs): OpenTelemetry traces when asked.
        tracing: path.join(serverDir, 'src/tracing.ts'),
      },
  outdir,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces in logs then point at the TypeScript sources.
  sourcesContent: false,
  logLevel: 'warning',
  external: EXTERNAL,
  // CommonJS dependencies bundled into an ES module still call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
// Each file is replaced in one rename: a server starting meanwhile reads the old or the new build,
// never half of one.
mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
const name = demo ? 'demo.js' : 'main.js';
const main = result.outputFiles.find((file) => file.path.endsWith(name));
console.log(
  `Built apps/server/dist/${name} (${Math.round((main?.contents.length ?? 0) / 1024)} KB) in ${Date.now() - started} ms`,
);
