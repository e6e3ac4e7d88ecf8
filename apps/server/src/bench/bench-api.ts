import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { MEMBER_PAGE_SIZE_DEFAULT } from '@fitbase/domain/contracts/members';
import { HOME_CARD_IDS } from '@fitbase/domain/home-cards';
import { createDeps, openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig, loadDotEnv, REPO_ROOT } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { countMembers, listMembersQuery } from '../modules/members/members.queries.ts';
import { HttpClient } from './http-client.ts';
import { startServer, type RunningServer } from './server-process.ts';
import {
  SEED_OWNER_EMAIL,
  SEED_OWNER_PASSWORD,
  analyzeBenchTables,
  ensureSeedOrganization,
  ensureSeedOwner,
  findOrganizationBySlug,
  seedMembers,
} from './seed-members.ts';

const USAGE = `Usage: npm run bench:api -- [--members 200000] [--connections 10] [--seconds 10] [--rounds 2]
       [--no-metrics] [--before <path of another checkout's apps/server/src/main.ts>]

Compares FitBase's authenticated members first page with a bare node:http + pg server running
the same SQL, on the same machine and PostgreSQL database (DATABASE_URL), from one run:
each round measures FitBase, then the bare server, then the bare server running the query in
FitBase's row-level-security transaction (what RLS costs on its own), then FitBase's /api/health, with
--connections concurrent connections for --seconds each. Prints requests/s and p50/p95/p99
for each and FitBase's share of the bare server's throughput. Targets (issue 9): share >= 50%,
FitBase p95 <= 15 ms. Then the first page and /api/health again on a second FitBase server
with Prometheus metrics on (METRICS_TOKEN), alternating which goes first each round: the
metrics' throughput cost (target, issue 31: <= 5%; --no-metrics skips it). Then every dashboard
and summary endpoint the dashboards call (issue 31, point 5a: target p95 <= 50 ms), beside the
bare server's figures of the same run; with --before, the same endpoints on a second server
started from another checkout (e.g. the previous commit, \`git archive\` into /tmp) on the same
database, alternating which goes first. Seeds the organization "bench-api" with --members
members when missing.`;

/** The signed-in home, the plan dashboards and the summaries they call (issue 31, point 5a). */
const DASHBOARD_PATHS = [
  '/api/dashboard/home',
  '/api/dashboard/summary',
  '/api/members/summary',
  '/api/payments/summary',
  // The home's chosen cards with every card of the catalog chosen (issue 32): the most it computes.
  '/api/dashboard/home/cards',
];
const DASHBOARD_P95_TARGET_MS = 50;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '200000' },
      connections: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      'no-metrics': { type: 'boolean', default: false },
      before: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    members: Number(values.members),
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
    metrics: !values['no-metrics'],
    before: values.before,
  };
}

const SLUG = 'bench-api';
const METRICS_TOKEN = 'bench-api-metrics-token-0123456789';

async function prepare(members: number) {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (!config.databaseUrl)
    throw new Error('bench:api compares against PostgreSQL: set DATABASE_URL');
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const deps = createDeps(config, database, { logger: createLogger('silent') });
    const owner = await ensureSeedOwner(deps);
    let organizationId = (await findOrganizationBySlug(database.db, SLUG))?.id;
    if (!organizationId) {
      console.log(`Seeding ${members.toLocaleString('en-US')} members into "${SLUG}"...`);
      organizationId = (await ensureSeedOrganization(deps, SLUG, owner)).id;
      await seedMembers(database.db, { organizationId, createdBy: owner.id, count: members });
    }
    // What autovacuum would have done (off on the benchmark machine): statistics and the
    // visibility map, so the dashboards' counts are index-only scans as in a running studio.
    await analyzeBenchTables(database.db);
    const org = { id: organizationId };
    // The exact SQL and parameters of FitBase's first page, for the bare server.
    const query = listMembersQuery(database.db, org.id, { limit: MEMBER_PAGE_SIZE_DEFAULT + 1 });
    const { sql, params } = query.toSQL();
    return {
      organizationId: org.id,
      count: await countMembers(database.db, org.id),
      sql,
      params,
      databaseUrl: config.databaseUrl,
    };
  } finally {
    await database.close();
  }
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  o: ReturnType<typeof options>,
) {
  const times: number[] = [];
  const instance = autocannon({ url, connections: o.connections, duration: o.seconds, headers });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
  return {
    name,
    rps: result.requests.total / o.seconds,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    failures: result.non2xx + result.errors,
  } satisfies Figures;
}

/** How much throughput `on` lost against `off`, as a signed percentage. */
function cost(off: Figures, on: Figures): string {
  return `${(((off.rps - on.rps) / off.rps) * 100).toFixed(1)}%`;
}

function print(rows: Figures[]) {
  const pad = (v: string, n: number) => v.padStart(n);
  console.log(
    `${'scenario'.padEnd(34)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('failed', 8)}`,
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(34)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50.toFixed(1), 9)}${pad(r.p95.toFixed(1), 9)}${pad(r.p99.toFixed(1), 9)}${pad(String(r.failures), 8)}`,
    );
}

async function main() {
  loadDotEnv();
  const o = options();
  const prepared = await prepare(o.members);
  const servers: RunningServer[] = [];
  try {
    // METRICS_TOKEN unset on one, set on the other: the same code with metrics off and on.
    const fitbase = await startServer({ ...process.env, METRICS_TOKEN: '' });
    servers.push(fitbase);
    const withMetrics = o.metrics
      ? await startServer({ ...process.env, METRICS_TOKEN: METRICS_TOKEN })
      : null;
    if (withMetrics) servers.push(withMetrics);
    // The same configuration and database, another checkout's code (the dashboards' before).
    const before = o.before
      ? await startServer({ ...process.env, METRICS_TOKEN: '' }, { script: o.before })
      : null;
    if (before) servers.push(before);
    const bare = await startServer(
      {
        ...process.env,
        DATABASE_URL: prepared.databaseUrl,
        BARE_SQL: prepared.sql,
        BARE_PARAMS: JSON.stringify(prepared.params),
      },
      {
        script: path.join(REPO_ROOT, 'apps/server/src/bench/bare-server.ts'),
        healthPath: '/health',
      },
    );
    servers.push(bare);
    const bareRls = await startServer(
      {
        ...process.env,
        DATABASE_URL: prepared.databaseUrl,
        BARE_SQL: prepared.sql,
        BARE_PARAMS: JSON.stringify(prepared.params),
        BARE_RLS_ORG: prepared.organizationId,
      },
      {
        script: path.join(REPO_ROOT, 'apps/server/src/bench/bare-server.ts'),
        healthPath: '/health',
      },
    );
    servers.push(bareRls);
    // One sign-in (scrypt, ~190 ms) outside the measured loop.
    const client = new HttpClient(fitbase.url, fitbase.url);
    await client.signIn(SEED_OWNER_EMAIL, SEED_OWNER_PASSWORD);
    const headers = { cookie: client.cookieHeader(), 'x-organization-id': prepared.organizationId };
    const firstPage = `${fitbase.url}/api/members?limit=${MEMBER_PAGE_SIZE_DEFAULT}`;
    const firstPageMetrics = `${withMetrics?.url}/api/members?limit=${MEMBER_PAGE_SIZE_DEFAULT}`;
    await client.send('GET', `/api/members?limit=${MEMBER_PAGE_SIZE_DEFAULT}`);
    // Every card on the owner's home in the bench studio, so its cards endpoint computes all.
    const chosen = await fetch(`${fitbase.url}/api/dashboard/home/cards`, {
      method: 'PUT',
      headers: { ...headers, origin: fitbase.url, 'content-type': 'application/json' },
      body: JSON.stringify({ cards: [...HOME_CARD_IDS] }),
    });
    if (!chosen.ok) throw new Error(`PUT /api/dashboard/home/cards answered ${chosen.status}`);
    console.log(
      `\nbench:api on PostgreSQL, ${prepared.count.toLocaleString('en-US')} members, ${o.connections} connections, ${o.seconds} s per scenario, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}\n`,
    );
    // Warm-up: JIT, connection pools and the database cache, for both servers.
    await load('warm-up', firstPage, headers, { ...o, seconds: 2 });
    await load('warm-up', `${bare.url}/`, {}, { ...o, seconds: 2 });
    if (withMetrics) await load('warm-up', firstPageMetrics, headers, { ...o, seconds: 2 });
    const rows: Figures[] = [];
    const metricsRows: MetricsRound[] = [];
    const bareRows: Figures[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      const f = await load(`FitBase first page (round ${round})`, firstPage, headers, o);
      const b = await load(`bare node:http + pg (round ${round})`, `${bare.url}/`, {}, o);
      const r = await load(`bare + RLS transaction (round ${round})`, `${bareRls.url}/`, {}, o);
      const h = await load(
        `FitBase /api/health (round ${round})`,
        `${fitbase.url}/api/health`,
        {},
        o,
      );
      rows.push(f, b, r, h);
      bareRows.push(b);
      print([f, b, r, h]);
      console.log(
        `  FitBase / bare throughput: ${((f.rps / b.rps) * 100).toFixed(0)}% (target >= 50%); FitBase p95 ${f.p95.toFixed(1)} ms (target <= 15 ms)`,
      );
      console.log(
        `  Row-level security transaction / bare: ${((r.rps / b.rps) * 100).toFixed(0)}% throughput, p50 ${r.p50.toFixed(1)} vs ${b.p50.toFixed(1)} ms\n`,
      );
      if (!withMetrics) continue;
      // Metrics on and off, the order alternating per round (the machine warms and cools).
      const off = () => load(`first page, metrics off (round ${round})`, firstPage, headers, o);
      const on = () =>
        load(`first page, metrics on (round ${round})`, firstPageMetrics, headers, o);
      const healthOff = () =>
        load(`/api/health, metrics off (round ${round})`, `${fitbase.url}/api/health`, {}, o);
      const healthOn = () =>
        load(`/api/health, metrics on (round ${round})`, `${withMetrics.url}/api/health`, {}, o);
      const m =
        round % 2 === 1
          ? {
              off: await off(),
              on: await on(),
              healthOff: await healthOff(),
              healthOn: await healthOn(),
            }
          : {
              on: await on(),
              off: await off(),
              healthOn: await healthOn(),
              healthOff: await healthOff(),
            };
      metricsRows.push(m);
      rows.push(m.off, m.on, m.healthOff, m.healthOn);
      print([m.off, m.on, m.healthOff, m.healthOn]);
      console.log(
        `  Metrics cost: first page ${cost(m.off, m.on)}, /api/health ${cost(m.healthOff, m.healthOn)} of throughput (target <= 5%)\n`,
      );
    }
    // Its own sign-in: a checkout elsewhere may sign cookies with its own secret (data folder).
    let beforeSide: { url: string; headers: Record<string, string> } | null = null;
    if (before) {
      const beforeClient = new HttpClient(before.url, before.url);
      await beforeClient.signIn(SEED_OWNER_EMAIL, SEED_OWNER_PASSWORD);
      beforeSide = {
        url: before.url,
        headers: { ...headers, cookie: beforeClient.cookieHeader() },
      };
    }
    rows.push(...(await dashboards(fitbase.url, beforeSide, bareRows.at(-1)!, headers, o)));
    if (withMetrics) await metricsSummary(withMetrics.url, metricsRows, o.rounds);
    const failed = rows.filter((r) => r.failures > 0);
    if (failed.length > 0) {
      console.error(`Failed responses in: ${failed.map((r) => r.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const s of servers) await s.stop();
  }
}

interface MetricsRound {
  off: Figures;
  on: Figures;
  healthOff: Figures;
  healthOn: Figures;
}

async function metricsSummary(metricsUrl: string, metricsRows: MetricsRound[], rounds: number) {
  const sum = (pick: (m: (typeof metricsRows)[number]) => Figures) =>
    metricsRows.reduce((total, m) => total + pick(m).rps, 0);
  const pageCost = 1 - sum((m) => m.on) / sum((m) => m.off);
  const healthCost = 1 - sum((m) => m.healthOn) / sum((m) => m.healthOff);
  console.log(
    `Metrics cost over ${rounds} rounds: first page ${(pageCost * 100).toFixed(1)}%, /api/health ${(healthCost * 100).toFixed(1)}% of throughput: ${pageCost <= 0.05 ? 'PASS' : 'FAIL'} (<= 5% on the first page)`,
  );
  const scrape = await fetch(`${metricsUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  console.log(
    `/metrics after the run: ${scrape.status}, ${(await scrape.text()).split('\n').length} lines`,
  );
}

/**
 * Each dashboard endpoint at the same connections and duration as the first page, printed under
 * the bare server's last round; with `before`, also on that server (signed in there), alternating which goes
 * first per endpoint (the machine warms and cools).
 */
async function dashboards(
  url: string,
  before: { url: string; headers: Record<string, string> } | null,
  bareFigures: Figures,
  headers: Record<string, string>,
  o: ReturnType<typeof options>,
): Promise<Figures[]> {
  console.log(
    `\nDashboards and summaries (target p95 <= ${DASHBOARD_P95_TARGET_MS} ms), load average ${loadavg()[0]?.toFixed(1)}`,
  );
  const rows: Figures[] = [];
  for (const [i, p] of DASHBOARD_PATHS.entries()) {
    const now = () => load(`${p}${before ? ' (after)' : ''}`, `${url}${p}`, headers, o);
    const then = () => load(`${p} (before)`, `${before?.url}${p}`, before?.headers ?? {}, o);
    await load('warm-up', `${url}${p}`, headers, { ...o, seconds: 1 });
    if (before) await load('warm-up', `${before.url}${p}`, before.headers, { ...o, seconds: 1 });
    let measured: Figures[];
    if (!before) measured = [await now()];
    else if (i % 2 === 0) measured = [await then(), await now()];
    else {
      const after = await now();
      measured = [await then(), after];
    }
    print(i === 0 ? [bareFigures, ...measured] : measured);
    const mine = measured.at(-1)!;
    console.log(
      `  p95 ${mine.p95.toFixed(1)} ms: ${mine.p95 <= DASHBOARD_P95_TARGET_MS ? 'PASS' : 'FAIL'}\n`,
    );
    rows.push(...measured);
  }
  return rows;
}

await main();
