import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadDotEnv } from '../env.ts';
import {
  benchEnvironment,
  processTree,
  rssKb,
  seedNewStudio,
  startSignedInServer,
} from './bench-server.ts';
import { seedMembers } from './seed-members.ts';
import { startSmtpSink } from './smtp-sink.ts';

const USAGE = `Usage: npm run bench:campaign -- [--members 20000] [--rate 100] [--requests 500] [--connections 10]

Seeds a new studio with --members members who agreed to marketing email (bulk INSERT) and a
postal address, starts an in-process SMTP sink and the real server (its job runner sends
through the sink), measures the API idle (--connections clients, --requests requests of
GET /api/members and GET /api/campaigns), then sends one campaign to everyone at --rate
messages per second and measures the same API load while it is sending. Checks that every
member got exactly one message. PGlite (a scratch data directory, removed afterwards) by
default; PostgreSQL when DATABASE_URL is set (use a scratch database: createdb
fitbase_bench_campaign, dropdb it afterwards).
Targets (issue 13): 20,000 messages sent in < 5 minutes; API p95 <= 100 ms while sending.`;

const SEND_TARGET_SECONDS = 300;
const P95_TARGET_MS = 100;
/** Longest the benchmark waits for the campaign to finish before it gives up. */
const SEND_DEADLINE_MS = 20 * 60_000;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '20000' },
      rate: { type: 'string', default: '100' },
      requests: { type: 'string', default: '500' },
      connections: { type: 'string', default: '10' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    members: Number(values.members),
    rate: Number(values.rate),
    requests: Number(values.requests),
    connections: Number(values.connections),
  };
}

/** A fresh studio per run (re-runs on one database stay independent), seeded with SQL. */
async function prepare(env: NodeJS.ProcessEnv, count: number) {
  const { organizationId, slug, result } = await seedNewStudio(
    env,
    'bench-campaign',
    async ({ db, organizationId, ownerId }) => {
      const started = performance.now();
      await seedMembers(db, { organizationId, createdBy: ownerId, count });
      await db.execute(sql`
        update members set marketing_consent = true, marketing_consent_at = now()
        where organization_id = ${organizationId}`);
      await db.execute(sql`analyze`);
      const rows = (
        (await db.execute(
          sql`select lower(email) as email from members where organization_id = ${organizationId}`,
        )) as unknown as { rows: Array<{ email: string }> }
      ).rows;
      return { rows, ms: performance.now() - started };
    },
  );
  console.log(
    `Seeded ${result.rows.length.toLocaleString('en-US')} members with marketing consent into "${slug}" in ${(result.ms / 1000).toFixed(1)} s`,
  );
  return { organizationId, emails: result.rows.map((r) => r.email) };
}

/** CPU seconds (user + system) the processes have used so far (clock ticks of 1/100 s). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks / 100;
}

/** Samples the resident memory of each process of the server's tree; keeps each one's peak. */
function sampleMemory(pids: number[]) {
  const peaks = new Map(pids.map((p) => [p, 0]));
  const sample = () => {
    for (const p of pids) peaks.set(p, Math.max(peaks.get(p)!, rssKb(p)));
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}

interface Load {
  count: number;
  p50: number;
  p95: number;
  rps: number;
  statuses: Record<string, number>;
}

const MIXED = ['/api/members', '/api/campaigns'];

/** `connections` keep-alive clients send `requests` requests in all, taking `paths` in turn. */
async function apiLoad(
  url: string,
  headers: Record<string, string>,
  requests: number,
  connections: number,
  paths: string[] = MIXED,
): Promise<Load> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const instance = autocannon({
    url,
    connections,
    amount: requests,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
  });
  await instance;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return {
    count: latencies.length,
    p50: at(50),
    p95: at(95),
    rps: latencies.length / seconds,
    statuses,
  };
}

function describe(label: string, load: Load) {
  const odd = Object.entries(load.statuses).filter(([status]) => !status.startsWith('2'));
  return `${label.padEnd(22)} n=${load.count}  ${load.rps.toFixed(0)} req/s  p50 ${load.p50.toFixed(1)} ms  p95 ${load.p95.toFixed(1)} ms${odd.length ? `  non-2xx ${JSON.stringify(Object.fromEntries(odd))}` : ''}`;
}

interface CampaignState {
  status: string;
  sentCount: number;
  failedCount: number;
  recipientCount: number;
}

async function main() {
  loadDotEnv();
  const o = options();
  // PGlite: a scratch data directory, so the developer's own .fitbase is never touched.
  const bench = benchEnvironment('bench-campaign');
  const { env, onPostgres } = bench;
  console.log(
    `bench:campaign on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${o.members.toLocaleString('en-US')} members, rate ${o.rate}/s, ${o.connections} API clients x ${o.requests} requests; ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)} (a shared machine: figures vary)`,
  );
  const sink = await startSmtpSink({ parse: false });
  try {
    const { organizationId, emails } = await prepare(env, o.members);
    // The server process only: the PGlite lock is free once prepare() closed its database.
    const server = await startSignedInServer({ ...env, SMTP_URL: sink.url }, organizationId);
    try {
      const tree = processTree(server.pid);
      const memory = sampleMemory(tree);
      const client = server.client;
      await client.send('PATCH', '/api/organization/postal-address', {
        postalAddress: '1 Bench Street, Springfield 12345',
      });
      const headers = { ...server.headers, 'accept-encoding': 'gzip, deflate, br' };
      // Warm-up: the JIT, the connection pool and the database cache, as a running server has.
      await apiLoad(server.url, headers, 500, o.connections);
      const idle = await apiLoad(server.url, headers, o.requests, o.connections);

      const campaign = (await client.send('POST', '/api/campaigns', {
        name: 'Bench campaign',
        subject: 'Hello {{first_name}}',
        content:
          'Hi {{first_name}},\n\nOur **summer timetable** is out: [see it](https://example.com/timetable).\n\n{{studio_name}}',
      })) as { id: string };
      const sendStarted = performance.now();
      const cpuAtStart = cpuSeconds(tree);
      await client.send('POST', `/api/campaigns/${campaign.id}/send`, {
        sendRatePerSecond: o.rate,
      });
      const state = () =>
        client.send('GET', `/api/campaigns/${campaign.id}`) as Promise<CampaignState>;
      // The load runs once messages are flowing, so it measures the API against the send.
      const deadline = Date.now() + SEND_DEADLINE_MS;
      while (sink.count() === 0) {
        if (Date.now() > deadline) throw new Error('No message reached the sink');
        await new Promise((r) => setTimeout(r, 100));
      }
      const busy = await apiLoad(server.url, headers, o.requests, o.connections);
      const sentWhileLoaded = sink.count();
      // Each read alone, still while sending: which one the send slows down.
      const busyMembers = await apiLoad(server.url, headers, o.requests, o.connections, [
        '/api/members',
      ]);
      const busyCampaigns = await apiLoad(server.url, headers, o.requests, o.connections, [
        '/api/campaigns',
      ]);
      const stillSending = (await state()).status === 'active';
      let last = await state();
      let lastReport = Date.now();
      while (last.status !== 'sent') {
        if (Date.now() > deadline)
          throw new Error(
            `The campaign is still ${last.status} after ${SEND_DEADLINE_MS / 60_000} minutes`,
          );
        await new Promise((r) => setTimeout(r, 500));
        last = await state();
        if (Date.now() - lastReport > 15_000) {
          lastReport = Date.now();
          console.log(
            `  ... ${last.sentCount} sent, ${sink.count()} at the sink, ${((performance.now() - sendStarted) / 1000).toFixed(0)} s`,
          );
        }
      }
      const seconds = (performance.now() - sendStarted) / 1000;
      const cpuUsed = cpuSeconds(tree) - cpuAtStart;
      // The same load once the send is over: the list now aggregates a campaign of N recipients.
      const after = await apiLoad(server.url, headers, o.requests, o.connections);
      const peaks = memory.stop();

      // Exactly one message per member: each seeded address once, and no other address.
      const expected = new Set(emails);
      const missing = emails.filter((e) => !sink.perRecipient.has(e)).length;
      const duplicated = [...sink.perRecipient.values()].filter((n) => n > 1).length;
      const strangers = [...sink.perRecipient.keys()].filter((a) => !expected.has(a)).length;
      const exactlyOnce =
        missing === 0 && duplicated === 0 && strangers === 0 && sink.count() === emails.length;
      const sinkSpan = ((sink.lastAt() ?? 0) - (sink.firstAt() ?? 0)) / 1000;
      const serverPeakKb = Math.max(
        ...[...peaks.entries()].filter(([p]) => p !== server.pid).map(([, kb]) => kb),
        0,
      );
      const treePeakKb = [...peaks.values()].reduce((a, b) => a + b, 0);

      const sendMet = last.sentCount === o.members && seconds < SEND_TARGET_SECONDS;
      const p95Met =
        busy.p95 <= P95_TARGET_MS && !Object.keys(busy.statuses).some((s) => !s.startsWith('2'));
      console.log(`
messages sent          ${last.sentCount} of ${last.recipientCount} recipients (${last.failedCount} failed); ${sink.count()} received by the SMTP sink
total time             ${seconds.toFixed(1)} s from the send request to status sent (first to last message at the sink: ${sinkSpan.toFixed(1)} s)
messages per second    ${(last.sentCount / seconds).toFixed(1)} (campaign rate ${o.rate}/s)
server CPU             ${cpuUsed.toFixed(1)} s while sending (${((cpuUsed * 1000) / Math.max(1, last.sentCount)).toFixed(1)} ms per message, the API load included)
server peak RSS        ${(serverPeakKb / 1024).toFixed(0)} MB (the server process; ${(treePeakKb / 1024).toFixed(0)} MB with its tsx launcher)
exactly one each       ${exactlyOnce ? 'yes' : `NO: ${missing} members got none, ${duplicated} got more than one, ${strangers} unknown addresses`}
API (GET /api/members, GET /api/campaigns; ${o.connections} clients)
  ${describe('idle', idle)}
  ${describe('while sending', busy)}  (${sentWhileLoaded} messages sent when it started)
  ${describe('  members only', busyMembers)}${stillSending ? '' : '  (the send ended during it)'}
  ${describe('  campaigns only', busyCampaigns)}${stillSending ? '' : '  (the send ended during it)'}
  ${describe('after sending', after)}  (the list now holds a 20,000-recipient campaign)
load average now       ${loadavg()[0]?.toFixed(1)}

${o.members.toLocaleString('en-US')} sent in < 5 minutes: ${sendMet ? 'PASS' : 'FAIL'} (${seconds.toFixed(1)} s)
API p95 <= ${P95_TARGET_MS} ms while sending: ${p95Met ? 'PASS' : 'FAIL'} (${busy.p95.toFixed(1)} ms)
every member exactly one message: ${exactlyOnce ? 'PASS' : 'FAIL'}`);
      if (!sendMet || !p95Met || !exactlyOnce) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await sink.close();
    bench.dispose();
  }
}

await main();
