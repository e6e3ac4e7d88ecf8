import { parseArgs } from 'node:util';
import {
  DEFAULT_SEED_ORG,
  SEED_OWNER_EMAIL,
  SEED_OWNER_PASSWORD,
  analyzeMembers,
  ensureSeedOrganization,
  ensureSeedOwner,
  seedMembers,
} from '../bench/seed-members.ts';
import { createDeps, openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig, loadDotEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';

const USAGE = `Usage: npm run seed -- --members <N> [--org <slug>]

Adds N realistic members (names, emails, statuses, dates spread over five years) to the
organization with this slug (default ${DEFAULT_SEED_ORG}). A missing organization is created on
the enterprise plan (no member limit), owned by ${SEED_OWNER_EMAIL} / ${SEED_OWNER_PASSWORD}.

Uses PostgreSQL when DATABASE_URL is set, otherwise the embedded database in FITBASE_DATA_DIR
(default .fitbase), which cannot be used while the server is running.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : argv,
    options: {
      members: { type: 'string' },
      org: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const count = Number(values.members);
  if (!values.members || !Number.isInteger(count) || count < 0)
    fail('--members must be a whole number.');
  return { count, slug: values.org ?? DEFAULT_SEED_ORG };
}

async function main() {
  let options: ReturnType<typeof parse>;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const deps = createDeps(config, database, { logger: createLogger('warn') });
    const owner = await ensureSeedOwner(deps);
    const org = await ensureSeedOrganization(deps, options.slug, owner);
    console.log(
      `${org.created ? 'Created' : 'Using'} organization "${options.slug}" (${database.kind}).`,
    );
    let lastReport = 0;
    const result = await seedMembers(
      database.db,
      { organizationId: org.id, createdBy: owner.id, count: options.count },
      (p) => {
        if (p.elapsedMs - lastReport < 2_000 && p.inserted < p.total) return;
        lastReport = p.elapsedMs;
        console.log(
          `  ${p.inserted.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')} members (${Math.round(p.inserted / (p.elapsedMs / 1000)).toLocaleString('en-US')} rows/s)`,
        );
      },
    );
    const analyzeStart = performance.now();
    await analyzeMembers(database.db);
    console.log(
      `Inserted ${result.inserted.toLocaleString('en-US')} members in ${(result.elapsedMs / 1000).toFixed(1)} s ` +
        `(${Math.round(result.inserted / Math.max(result.elapsedMs / 1000, 0.001)).toLocaleString('en-US')} rows/s)` +
        (result.indexRebuildMs
          ? `; search indexes rebuilt in ${(result.indexRebuildMs / 1000).toFixed(1)} s`
          : '') +
        '; ' +
        `VACUUM ANALYZE ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s.`,
    );
    console.log(`Sign in as ${SEED_OWNER_EMAIL} / ${SEED_OWNER_PASSWORD}.`);
  } finally {
    await database.close();
  }
}

/** A failed batch's message quotes the whole INSERT: show its start and the database's reason. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const head = error.message.length > 200 ? `${error.message.slice(0, 200)}...` : error.message;
  return error.cause instanceof Error ? `${head}\nCaused by: ${error.cause.message}` : head;
}

main().catch((error: unknown) => {
  console.error(`Error: ${describeError(error)}`);
  process.exitCode = 1;
});
