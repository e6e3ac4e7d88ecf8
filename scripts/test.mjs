// `npm test`: every check the CI runs, in order, stopping at the first failure with its exit code.
// The build (compiled server and web app) comes before Playwright, so the end-to-end suite
// always runs what `npm start` would: fresh builds of both.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const steps = [
  ['Type check', 'npm', ['run', 'typecheck']],
  ['Lint', 'npm', ['run', 'lint']],
  ['Unit and API tests (vitest)', 'npx', ['vitest', 'run']],
  ['Build (server and web)', 'npm', ['run', 'build']],
  ['End-to-end tests (playwright)', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [index, [title, command, args]] of steps.entries()) {
  const line = '='.repeat(72);
  console.log(
    `\n${line}\n[${index + 1}/${steps.length}] ${title}: ${command} ${args.join(' ')}\n${line}`,
  );
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.error) {
    console.error(`\n✖ ${title}: could not run ${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    const why =
      result.status === null ? `killed by ${result.signal}` : `exit code ${result.status}`;
    console.error(`\n✖ ${title} failed (${why}, ${seconds}s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}
console.log(
  `\n✔ All ${steps.length} steps passed in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
