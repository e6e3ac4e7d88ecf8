// `node scripts/bench-compare.mjs --before <checkout>`: the same benchmarks of two checkouts on
// ONE scratch PostgreSQL database in one run, alternating before/after so that the machine's
// drift falls on both (these machines are noisy: compare figures of one run only). The other
// checkout is any git worktree with its own `npm ci`, e.g.
//   git worktree add ../before <commit> && (cd ../before && npm ci)
// Each benchmark seeds its own studio on the first run; later runs reuse it. Prints each run's
// output, labelled, without its progress lines.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string', default: 'api,schedule,billing,reports' },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    studio: { type: 'string' },
  },
});
if (!values.before) {
  console.error(
    'Usage: node scripts/bench-compare.mjs --before <checkout> [--rounds 2] [--only api,schedule,billing,reports]',
  );
  process.exit(2);
}
const before = path.resolve(values.before);
const rounds = Number(values.rounds);

const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `fitbase_bench_compare_${Date.now()}`;
const databaseUrl = values['database-url'] ?? `postgres://postgres@127.0.0.1:5432/${scratch}`;
const psql = (sql) =>
  spawnSync('psql', [admin, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'inherit' });
if (!values['database-url'] && psql(`create database "${scratch}"`).status !== 0) process.exit(1);

// Everything a benchmark prints but its progress lines.
const NOISE = /^(Seeding|Seeded|Reused|> |npm )|warm-?up\.\.\./i;

/** Runs `npm run <script> -- args` in `dir`; returns its output. */
function run(dir, script, args) {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  // A benchmark exits 1 when it misses a target: its figures still count. Only a run that
  // printed no figures at all failed.
  if (result.status !== 0 && !/p95/.test(out)) {
    console.error(out);
    throw new Error(`${script} failed in ${dir} (exit ${result.status})`);
  }
  return out;
}

const benches = {
  api: { script: 'bench:api', args: [] },
  schedule: { script: 'bench:schedule', args: ['--only', 'booking,check-in'] },
  billing: {
    script: 'bench:billing',
    args: ['--sales-only'],
    seed: ['--postgres-only', '--members', '2000'],
  },
  reports: { script: 'bench:reports', args: ['--postgres-only', '--only', 'sales,members'] },
};

try {
  for (const name of values.only.split(',')) {
    const bench = benches[name];
    if (!bench) throw new Error(`Unknown benchmark ${name}`);
    let args = bench.args;
    // `--studio SLUG` (bench:reports): measure a studio an earlier run seeded.
    if (name === 'reports' && values.studio) args = [...args, '--studio', values.studio];
    if (bench.seed) {
      console.log(`\n=== ${bench.script}: seeding (not compared)`);
      run(root, bench.script, bench.seed);
    }
    for (let round = 1; round <= rounds; round++) {
      // before, after; then after, before: each side runs first once.
      const order = round % 2 === 1 ? ['before', 'after'] : ['after', 'before'];
      for (const side of order) {
        const out = run(side === 'before' ? before : root, bench.script, args);
        // bench:reports seeds a new studio unless told which: the first run's is reused.
        const seeded = /Seeded "([^"]+)"/.exec(out);
        if (name === 'reports' && seeded && !args.includes('--studio'))
          args = [...args, '--studio', seeded[1]];
        console.log(`\n=== ${bench.script} ${args.join(' ')} · round ${round} · ${side}`);
        for (const line of out.split('\n')) if (line.trim() && !NOISE.test(line)) console.log(line);
      }
    }
  }
} finally {
  if (!values['database-url'] && !values.keep)
    psql(`drop database if exists "${scratch}" with (force)`);
}
