import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { REPORTS } from '@fitbase/domain/report-catalog';
import { loadDotEnv } from '../env.ts';
import { reportHandler } from '../modules/reports/report-registry.ts';
import { countRows } from './bench-reports-ledger.ts';
import { seedReportStudio } from './bench-reports-seed.ts';
import {
  benchEnvironment,
  seedNewStudio,
  startSignedInServer,
  type BenchServer,
} from './bench-server.ts';
import { measure, type Measurement } from './http-client.ts';

const USAGE = `Usage: npm run bench:reports -- [--members 5000] [--bookings 300000] [--transactions 100000]
  [--requests 20] [--clients 10] [--postgres-only] [--studio <slug>] [--only sales,members,...]

Seeds ONE new studio (America/New_York) by bulk SQL: --members members, two years of memberships
(monthly memberships with renewals, gaps, pauses in membership_pauses, class packs, drop-ins,
trials, add-ons, cancellations), 20 daily classes with --bookings bookings (attended, no-show,
late-cancelled, cancelled, booked, waitlisted) and --transactions ledger rows (paid, failed,
retried, written off, refunded, pending; card/demo and cash/manual; store orders with lines).
Then the real server in its own process: every report's first page (each report id and tab)
for the YEAR and the MONTH of today, --clients clients each sending --requests requests one
after another (--clients x --requests per row); the Transactions CSV of a custom period covering
the whole seeded range (time, rows, MB, server RSS before and peak during); the analytics
endpoints. PostgreSQL when DATABASE_URL is set (a scratch database: createdb it yourself), then
PGlite in a scratch folder unless --postgres-only.
--studio measures a studio an earlier run seeded (its slug is printed) instead of seeding one;
--only measures just the named reports and analytics endpoints (e.g. sales,overview), no CSV.
Targets (reports issue, PostgreSQL): p95 <= 300 ms a page; CSV <= 5 s; peak - before < 100 MB.`;

const P95_TARGET_MS = 300;
const CSV_TARGET_S = 5;
const FLAT_LIMIT_MB = 100;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '5000' },
      bookings: { type: 'string', default: '300000' },
      transactions: { type: 'string', default: '100000' },
      requests: { type: 'string', default: '20' },
      clients: { type: 'string', default: '10' },
      'postgres-only': { type: 'boolean', default: false },
      studio: { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    members: Number(values.members),
    bookings: Number(values.bookings),
    transactions: Number(values.transactions),
    requests: Number(values.requests),
    clients: Number(values.clients),
    postgresOnly: values['postgres-only'],
    studio: values.studio,
    only: values.only ? values.only.split(',').map((n) => n.trim()) : null,
  };
}
type Options = ReturnType<typeof options>;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Whether helpers A-C have written a report's handler yet (the registry throws if not). */
function built(id: (typeof REPORTS)[number]['id']): boolean {
  try {
    reportHandler(id);
    return true;
  } catch {
    return false;
  }
}

function row(name: string, m: Measurement | string) {
  if (typeof m === 'string') return `${name.padEnd(46)}${m}`;
  const verdict = m.p95 <= P95_TARGET_MS ? 'PASS' : 'FAIL';
  return `${name.padEnd(46)}${String(m.count).padStart(5)}${m.p50.toFixed(0).padStart(8)}${m.p95.toFixed(0).padStart(8)}${m.p99.toFixed(0).padStart(8)}  ${verdict}`;
}

async function pages(server: BenchServer, o: Options, failures: string[]) {
  console.log(
    `\nReport first pages: ${o.clients} clients x ${o.requests} requests each, each client sequential (load average ${load()})`,
  );
  console.log(
    `${'report (period, tab)'.padEnd(46)}${'n'.padStart(5)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}  p95 <= ${P95_TARGET_MS} ms`,
  );
  for (const period of ['year', 'month'] as const)
    for (const entry of REPORTS.filter((r) => !o.only || o.only.includes(r.id)))
      for (const tab of entry.tabs.length ? entry.tabs.map((t) => t.id) : [null]) {
        const name = `${entry.id} (${period}${tab ? `, ${tab}` : ''})`;
        if (!built(entry.id)) {
          console.log(row(name, 'not built (no handler yet)'));
          continue;
        }
        const path = `/api/reports/${entry.id}?period=${period}${tab ? `&tab=${tab}` : ''}`;
        try {
          await server.client.send('GET', path); // warm: JIT and plan caches
          const m = await measure(server.client, name, () => path, o.clients, o.requests);
          console.log(row(name, m));
          if (m.p95 > P95_TARGET_MS) failures.push(`${name} p95 ${m.p95.toFixed(0)} ms`);
        } catch (error) {
          console.log(row(name, `ERROR ${(error as Error).message.slice(0, 120)}`));
          failures.push(`${name} answered an error`);
        }
      }
}

async function analytics(server: BenchServer, o: Options, failures: string[]) {
  console.log(`\nAnalytics (same load; load average ${load()})`);
  for (const path of ['overview', 'members', 'revenue', 'performance']
    .filter((p) => !o.only || o.only.includes(p))
    .map((p) => `/api/analytics/${p}`)) {
    try {
      await server.client.send('GET', path);
      const m = await measure(server.client, path, () => path, o.clients, o.requests);
      console.log(row(path, m));
      // The analytics screens read a year of history too: held to the same target.
      if (m.p95 > P95_TARGET_MS) failures.push(`${path} p95 ${m.p95.toFixed(0)} ms`);
    } catch (error) {
      console.log(row(path, `ERROR ${(error as Error).message.slice(0, 120)}`));
      failures.push(`${path} answered an error`);
    }
  }
}

/** The Transactions CSV of the whole seeded range, streamed and counted, never held whole. */
async function exportCsv(server: BenchServer, from: string, to: string, failures: string[]) {
  if (!built('transactions')) {
    console.log('\nTransactions CSV export: not built (no handler yet)');
    return;
  }
  const beforeKb = server.rss();
  const sampler = server.sampleRss(100);
  const started = performance.now();
  const response = await fetch(
    `${server.url}/api/reports/transactions/export?period=custom&from=${from}&to=${to}`,
    { headers: server.headers },
  );
  if (!response.ok || !response.body) {
    sampler.stop();
    console.log(
      `\nTransactions CSV export: ERROR ${response.status} ${(await response.text()).slice(0, 200)}`,
    );
    failures.push('CSV export answered an error');
    return;
  }
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const { peakKb } = sampler.stop();
  const growthMb = (peakKb - beforeKb) / 1024;
  const rows = lines - 1; // the header; no seeded text holds a line break
  const fast = seconds <= CSV_TARGET_S;
  const flat = growthMb < FLAT_LIMIT_MB;
  console.log(`
Transactions CSV export, custom period ${from} to ${to} (load average ${load()})
  time        ${seconds.toFixed(2)} s (first byte after ${firstByteMs.toFixed(0)} ms)
  rows        ${rows.toLocaleString('en-US')} (${Math.round(rows / seconds).toLocaleString('en-US')} rows/s)
  size        ${(bytes / 1024 / 1024).toFixed(1)} MB
  server RSS  ${(beforeKb / 1024).toFixed(0)} MB before, ${(peakKb / 1024).toFixed(0)} MB peak during (+${growthMb.toFixed(0)} MB)
  <= ${CSV_TARGET_S} s: ${fast ? 'PASS' : 'FAIL'}; memory flat (peak - before < ${FLAT_LIMIT_MB} MB): ${flat ? 'PASS' : 'FAIL'}`);
  if (!fast) failures.push(`CSV export ${seconds.toFixed(1)} s`);
  if (!flat) failures.push(`CSV export +${growthMb.toFixed(0)} MB`);
}

async function run(o: Options, postgres: boolean) {
  const bench = benchEnvironment('bench-reports');
  const env = postgres
    ? bench.env
    : { ...bench.env, DATABASE_URL: '', FITBASE_DATA_DIR: bench.scratch };
  const failures: string[] = [];
  try {
    console.log(
      `\n=== bench:reports on ${postgres ? 'PostgreSQL' : 'PGlite'}: ${o.members} members, ${o.bookings} bookings, ${o.transactions} transactions; ${cpus().length} CPUs, load average ${load()} (a shared machine: figures vary)`,
    );
    const started = performance.now();
    const { organizationId, slug, result } = await seedNewStudio(
      env,
      'bench-reports',
      async ({ db, organizationId, ownerId }) => {
        if (!o.studio) await seedReportStudio(db, organizationId, ownerId, o);
        const n = (table: string) =>
          countRows(
            db,
            sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${organizationId}`,
          );
        const { rows } = (await db.execute(sql`
        select (now() at time zone timezone)::date::text as today,
               ((now() at time zone timezone)::date - 730)::text as first
        from organizations where id = ${organizationId}`)) as unknown as {
          rows: Array<{ today: string; first: string }>;
        };
        return {
          counts: `${await n('members')} members, ${await n('memberships')} memberships, ${await n('membership_pauses')} pauses, ${await n('class_sessions')} sessions, ${await n('bookings')} bookings, ${await n('ledger_entries')} ledger rows, ${await n('orders')} orders`,
          today: rows[0]!.today,
          first: rows[0]!.first,
        };
      },
      o.studio,
    );
    console.log(
      `${o.studio ? 'Reused' : 'Seeded'} "${slug}" in ${((performance.now() - started) / 1000).toFixed(1)} s: ${result.counts}`,
    );
    const server = await startSignedInServer(env, organizationId);
    try {
      await pages(server, o, failures);
      if (!o.only) await exportCsv(server, result.first, result.today, failures);
      await analytics(server, o, failures);
    } finally {
      await server.stop();
    }
    console.log(
      `\n${postgres ? 'PostgreSQL' : 'PGlite'}: ${failures.length ? `FAIL (${failures.join('; ')})` : 'PASS (every built report, the analytics screens and the export within target)'}`,
    );
    return failures.length === 0;
  } finally {
    bench.dispose();
  }
}

async function main() {
  loadDotEnv();
  const o = options();
  const onPostgres = Boolean(process.env.DATABASE_URL);
  if (o.postgresOnly && !onPostgres) throw new Error('--postgres-only needs DATABASE_URL');
  let ok = true;
  if (onPostgres) ok = (await run(o, true)) && ok;
  if (!o.postgresOnly) ok = (await run(o, false)) && ok;
  if (!ok) process.exitCode = 1;
}

await main();
