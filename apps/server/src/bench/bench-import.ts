import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { autoMapHeaders } from '@fitbase/domain/import-mapping';
import { createDeps } from '../bootstrap.ts';
import { runInStudio } from '../context/run-in-studio.ts';
import { openDatabase } from '../db/client.ts';
import { organizations } from '../db/schema/organizations.ts';
import { loadConfig, loadDotEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { runImportJob } from '../modules/data-import/data-import-job.service.ts';
import { getImport, startImport } from '../modules/data-import/data-import.service.ts';
import { ensureSeedOrganization, ensureSeedOwner } from './seed-members.ts';

const USAGE = `Usage: DATABASE_URL=postgres://…/scratch npm run bench:import [-- --rows N]

Builds a members CSV of 100,000 rows (Mindbody-style headers, auto-mapped), starts an import in a
new studio of a scratch PostgreSQL database and runs the data.import job to the end, as a worker
would: prints the time and rows per second. Target (issue 14): under 2 minutes. Each run uses a
new studio, so the database can be reused; drop it afterwards.`;

/** `--rows N` for a quick look; the figure is 100,000. */
const ROWS = Number(process.argv[process.argv.indexOf('--rows') + 1]) || 100_000;
const TARGET_MS = 120_000;

function buildCsv(rows: number): string {
  const lines = ['First Name,Last Name,Email,Mobile Phone,Birth Date,Gender,City,Creation Date'];
  const first = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gia', 'Hugo'];
  const last = ['Lopez', 'Okafor', 'Stone', 'Patel', "O'Neil", 'Kim', 'Novak', 'Berg'];
  for (let i = 0; i < rows; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      [
        first[i % first.length],
        `"${last[(i * 7) % last.length]}"`,
        `member${i}@bench.example.com`,
        `555-${String(i % 10_000).padStart(4, '0')}`,
        `${month}/${day}/${1960 + (i % 45)}`,
        i % 3 === 0 ? 'F' : i % 3 === 1 ? 'M' : '',
        'Springfield',
        `${month}/${day}/2023`,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function main() {
  loadDotEnv();
  if (!process.env.DATABASE_URL) {
    console.error(USAGE);
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  try {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
    const deps = createDeps(config, database, { logger: createLogger('silent') });
    await database.migrate();
    const owner = await ensureSeedOwner(deps);
    const slug = `bench-import-${randomBytes(3).toString('hex')}`;
    const org = await ensureSeedOrganization(deps, slug, owner);
    // Enterprise: no member limit, so every row is created.
    await database.db
      .update(organizations)
      .set({ maxMembers: null })
      .where(eq(organizations.id, org.id));

    const text = buildCsv(ROWS);
    const headers = text.slice(0, text.indexOf('\r\n')).split(',');
    console.log(
      `bench:import on PostgreSQL: ${ROWS.toLocaleString('en-US')} member rows (${(Buffer.byteLength(text) / 1_048_576).toFixed(1)} MB CSV); ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)} (a shared machine: figures vary)`,
    );
    const started = performance.now();
    const queued = await runInStudio(database.db, org.id, (tx, work) =>
      startImport(
        { organizationId: org.id, userId: owner.id, work, db: tx },
        {
          kind: 'members',
          fileName: 'bench.csv',
          text,
          mapping: autoMapHeaders('members', headers),
          dateFormat: 'MM/DD/YYYY',
        },
      ),
    );
    const queuedMs = performance.now() - started;
    await runImportJob(deps, { organizationId: org.id, importId: queued.id });
    const ms = performance.now() - started;
    const done = await runInStudio(database.db, org.id, (tx) =>
      getImport({ organizationId: org.id, userId: owner.id, db: tx }, queued.id),
    );
    const rate = Math.round(ROWS / (ms / 1000));
    console.log(
      `  upload + parse + queue: ${(queuedMs / 1000).toFixed(1)} s; import job: ${((ms - queuedMs) / 1000).toFixed(1)} s`,
    );
    console.log(
      `  status ${done.status}: ${done.createdCount} created, ${done.skippedCount} skipped, ${done.errorCount} errors`,
    );
    const pass = done.createdCount === ROWS && ms < TARGET_MS;
    console.log(
      `  total ${(ms / 1000).toFixed(1)} s, ${rate.toLocaleString('en-US')} rows/s (target < ${TARGET_MS / 1000} s): ${pass ? 'PASS' : 'FAIL'}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
