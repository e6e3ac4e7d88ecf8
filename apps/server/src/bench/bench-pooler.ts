import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { MEMBER_PAGE_SIZE_DEFAULT } from '@fitbase/domain/contracts/members';
import { createDeps, openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig, loadDotEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { countMembers } from '../modules/members/members.queries.ts';
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

const USAGE = `Usage: DATABASE_URL=<PostgreSQL> PGBOUNCER_URL=<the same database through PgBouncer>
       npx tsx apps/server/src/bench/bench-pooler.ts [--members 20000] [--connections 10]
       [--seconds 10] [--rounds 2]

What transaction pooling costs FitBase's request paths (ADR 0036): two servers on one database,
one connected directly (the default mode: session-scoped read connections, PREPAREd lookups),
one through PgBouncer in transaction mode (DATABASE_URL=PGBOUNCER_URL, DATABASE_DIRECT_URL set:
reads in a read-only transaction, lookups inline). Each round loads the members first page
(a studio read), then a member's record (a read with a PREPAREd statement by default), on both,
alternating which goes first. Start pgbouncer yourself (scripts/pgbouncer-suite.sh shows a
configuration). Seeds "bench-pooler" with --members members when missing.`;

const SLUG = 'bench-pooler';

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '20000' },
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
): Promise<Figures> {
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
  };
}

async function main() {
  loadDotEnv();
  const o = options();
  const pooledUrl = process.env.PGBOUNCER_URL;
  const config = loadConfig();
  if (!config.databaseUrl || !pooledUrl) {
    console.log(USAGE);
    process.exit(2);
  }
  const database = await openConfiguredDatabase({ ...config, databaseDirectUrl: undefined });
  let organizationId: string;
  let memberId: string;
  let count: number;
  try {
    await database.migrate();
    const deps = createDeps(config, database, { logger: createLogger('silent') });
    const owner = await ensureSeedOwner(deps);
    const found = await findOrganizationBySlug(database.db, SLUG);
    organizationId = found?.id ?? (await ensureSeedOrganization(deps, SLUG, owner)).id;
    if (!found) {
      console.log(`Seeding ${o.members.toLocaleString('en-US')} members into "${SLUG}"...`);
      await seedMembers(database.db, { organizationId, createdBy: owner.id, count: o.members });
    }
    count = await countMembers(database.db, organizationId);
  } finally {
    await database.close();
  }
  const servers: RunningServer[] = [];
  try {
    const env = { ...process.env, METRICS_TOKEN: '', DATABASE_DIRECT_URL: '' };
    const direct = await startServer(env);
    servers.push(direct);
    const pooled = await startServer({
      ...env,
      DATABASE_URL: pooledUrl,
      DATABASE_DIRECT_URL: config.databaseUrl,
    });
    servers.push(pooled);
    const client = new HttpClient(direct.url, direct.url);
    await client.signIn(SEED_OWNER_EMAIL, SEED_OWNER_PASSWORD);
    const headers = { cookie: client.cookieHeader(), 'x-organization-id': organizationId };
    const page = (await client.send('GET', `/api/members?limit=1`)) as { items: { id: string }[] };
    memberId = page.items[0]!.id;
    const paths = {
      'members first page': `/api/members?limit=${MEMBER_PAGE_SIZE_DEFAULT}`,
      'one member': `/api/members/${memberId}`,
    };
    console.log(
      `\nbench-pooler: ${count.toLocaleString('en-US')} members, ${o.connections} connections, ${o.seconds} s per scenario, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}\n`,
    );
    for (const server of [direct, pooled])
      for (const p of Object.values(paths))
        await load('warm-up', `${server.url}${p}`, headers, { ...o, seconds: 2 });
    const rows: Figures[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      const order = round % 2 === 1 ? [direct, pooled] : [pooled, direct];
      for (const [label, p] of Object.entries(paths))
        for (const server of order)
          rows.push(
            await load(
              `${label}, ${server === direct ? 'direct' : 'pgbouncer'} (r${round})`,
              `${server.url}${p}`,
              headers,
              o,
            ),
          );
    }
    const pad = (v: string, n: number) => v.padStart(n);
    console.log(
      `${'scenario'.padEnd(40)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('failed', 8)}`,
    );
    for (const r of rows)
      console.log(
        `${r.name.padEnd(40)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50.toFixed(1), 9)}${pad(r.p95.toFixed(1), 9)}${pad(r.p99.toFixed(1), 9)}${pad(String(r.failures), 8)}`,
      );
    for (const label of Object.keys(paths)) {
      const total = (mode: string) =>
        rows
          .filter((r) => r.name.startsWith(`${label}, ${mode}`))
          .reduce((sum, r) => sum + r.rps, 0);
      const change = ((total('pgbouncer') - total('direct')) / total('direct')) * 100;
      console.log(`${label}: through PgBouncer ${change >= 0 ? '+' : ''}${change.toFixed(1)}% req/s`);
    }
    console.log(`load average after: ${loadavg()[0]?.toFixed(1)}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

await main();
