import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { MEMBER_PAGE_SIZE_DEFAULT } from '@fitbase/domain/contracts/members';
import { createDeps, openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig, loadDotEnv, REPO_ROOT } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { countMembers, listMembersQuery } from '../modules/members/members.queries.ts';
import { HttpClient } from './http-client.ts';
import { startServer, type RunningServer } from './server-process.ts';
import {
  SEED_OWNER_EMAIL,
  SEED_OWNER_PASSWORD,
  ensureSeedOrganization,
  ensureSeedOwner,
  findOrganizationBySlug,
  seedMembers,
} from './seed-members.ts';

const USAGE = `Usage: npm run bench:api -- [--members 200000] [--connections 10] [--seconds 10] [--rounds 2]

Compares FitBase's authenticated members first page with a bare node:http + pg server running
the same SQL, on the same machine and PostgreSQL database (DATABASE_URL), from one run:
each round measures FitBase, then the bare server, then the bare server running the query in
FitBase's row-level-security transaction (what RLS costs on its own), then FitBase's /api/health, with
--connections concurrent connections for --seconds each. Prints requests/s and p50/p95/p99
for each and FitBase's share of the bare server's throughput. Targets (issue 9): share >= 50%,
FitBase p95 <= 15 ms. Then the first page and /api/health again on a second FitBase server
with Prometheus metrics on (METRICS_TOKEN), alternating which goes first each round: the
metrics' throughput cost (target, issue 31: <= 5%). Seeds the organization "bench-api" with
--members members when missing.`;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '200000' },
      connections: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
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
    const withMetrics = await startServer({ ...process.env, METRICS_TOKEN: METRICS_TOKEN });
    servers.push(withMetrics);
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
    const firstPageMetrics = `${withMetrics.url}/api/members?limit=${MEMBER_PAGE_SIZE_DEFAULT}`;
    await client.send('GET', `/api/members?limit=${MEMBER_PAGE_SIZE_DEFAULT}`);
    console.log(
      `\nbench:api on PostgreSQL, ${prepared.count.toLocaleString('en-US')} members, ${o.connections} connections, ${o.seconds} s per scenario, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}\n`,
    );
    // Warm-up: JIT, connection pools and the database cache, for both servers.
    await load('warm-up', firstPage, headers, { ...o, seconds: 2 });
    await load('warm-up', `${bare.url}/`, {}, { ...o, seconds: 2 });
    await load('warm-up', firstPageMetrics, headers, { ...o, seconds: 2 });
    const rows: Figures[] = [];
    const metricsRows: Array<{ off: Figures; on: Figures; healthOff: Figures; healthOn: Figures }> =
      [];
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
      print([f, b, r, h]);
      console.log(
        `  FitBase / bare throughput: ${((f.rps / b.rps) * 100).toFixed(0)}% (target >= 50%); FitBase p95 ${f.p95.toFixed(1)} ms (target <= 15 ms)`,
      );
      console.log(
        `  Row-level security transaction / bare: ${((r.rps / b.rps) * 100).toFixed(0)}% throughput, p50 ${r.p50.toFixed(1)} vs ${b.p50.toFixed(1)} ms\n`,
      );
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
    const sum = (pick: (m: (typeof metricsRows)[number]) => Figures) =>
      metricsRows.reduce((total, m) => total + pick(m).rps, 0);
    const pageCost = 1 - sum((m) => m.on) / sum((m) => m.off);
    const healthCost = 1 - sum((m) => m.healthOn) / sum((m) => m.healthOff);
    console.log(
      `Metrics cost over ${o.rounds} rounds: first page ${(pageCost * 100).toFixed(1)}%, /api/health ${(healthCost * 100).toFixed(1)}% of throughput: ${pageCost <= 0.05 ? 'PASS' : 'FAIL'} (<= 5% on the first page)`,
    );
    const scrape = await fetch(`${withMetrics.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    console.log(
      `/metrics after the run: ${scrape.status}, ${(await scrape.text()).split('\n').length} lines`,
    );
    const failed = rows.filter((r) => r.failures > 0);
    if (failed.length > 0) {
      console.error(`Failed responses in: ${failed.map((r) => r.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const s of servers) await s.stop();
  }
}

await main();
