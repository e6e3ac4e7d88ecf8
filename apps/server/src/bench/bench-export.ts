import { execFileSync } from 'node:child_process';
import {
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDeps, openConfiguredDatabase } from '../bootstrap.ts';
import type { Db } from '../db/client.ts';
import { loadConfig, loadDotEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { HttpClient } from './http-client.ts';
import { startServer } from './server-process.ts';
import {
  SEED_OWNER_EMAIL,
  SEED_OWNER_PASSWORD,
  ensureSeedOrganization,
  ensureSeedOwner,
} from './seed-members.ts';

const USAGE = `Usage: npm run bench:export -- [--members 1000000] [--visits 200000] [--leads 5000]

Seeds a new studio with --members members (one INSERT ... SELECT FROM generate_series, the
trigram indexes rebuilt after it), --visits visits, --leads leads, a few products and tags,
starts the real server in its own process, downloads GET /api/data/export over HTTP as the
owner and reports time, MB, rows/s and the server's resident memory (VmRSS sampled every
100 ms) before and at its peak during the download. PostgreSQL when DATABASE_URL is set (use a
scratch database: createdb fitbase_bench_export, dropdb it afterwards), else PGlite in a
scratch folder (slow at a million). Target (issue 14): memory flat, peak - before < 150 MB.`;

const FLAT_LIMIT_MB = 150;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '1000000' },
      visits: { type: 'string', default: '200000' },
      leads: { type: 'string', default: '5000' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    members: Number(values.members),
    visits: Number(values.visits),
    leads: Number(values.leads),
  };
}

/** Members in one statement; the trigram indexes are dropped first and rebuilt after. */
async function seedMembersFast(db: Db, organizationId: string, count: number) {
  const tag = Date.now().toString(36);
  await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'members' and indexdef like '%gin_trgm_ops%'`)) as unknown as {
      rows: Array<{ indexname: string; indexdef: string }>;
    };
    for (const index of result.rows)
      await tx.execute(sql`drop index ${sql.identifier(index.indexname)}`);
    await tx.execute(sql`
      insert into members (organization_id, first_name, last_name, email, phone, date_of_birth,
        gender, city, membership_status, membership_start_date, notes, created_at)
      select ${organizationId}::uuid,
        (array['Ann','Ben','Cara','Dev','Eli','Fay','Gus','Hana'])[1 + i % 8],
        'Member ' || i,
        'member' || i || '.' || ${tag} || '@example.com',
        case when i % 5 = 0 then null else '+1 555 ' || lpad((i % 10000)::text, 4, '0') end,
        date '1960-01-01' + (i % 15000),
        (array['male','female','other','prefer_not_to_say'])[1 + i % 4],
        'Springfield',
        (array['active','active','active','inactive','cancelled'])[1 + i % 5],
        date '2020-01-01' + (i % 2000),
        case when i % 50 = 0 then 'Prefers mornings, "quoted", with a comma' else null end,
        now() - (i % 100000) * interval '1 minute'
      from generate_series(1, ${count}) as i`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of result.rows) await tx.execute(sql.raw(index.indexdef));
  });
}

async function seedOthers(db: Db, organizationId: string, o: { visits: number; leads: number }) {
  await db.execute(sql`
    insert into member_visits (organization_id, member_id, visit_date, visit_type)
    select ${organizationId}::uuid, m.id, now() - (row_number() over ()) * interval '5 minutes', 'check_in'
    from (select id from members where organization_id = ${organizationId} limit ${o.visits}) m`);
  await db.execute(sql`
    insert into leads (organization_id, first_name, last_name, email, status)
    select ${organizationId}::uuid, 'Lead', 'Prospect ' || i, 'lead' || i || '@example.com', 'new'
    from generate_series(1, ${o.leads}) as i`);
  await db.execute(sql`
    insert into products (organization_id, name, sku, price, stock_on_hand)
    select ${organizationId}::uuid, 'Product ' || i, 'SKU-' || i, (i * 1.25)::numeric(10,2), 10
    from generate_series(1, 20) as i`);
  await db.execute(sql`
    insert into tags (organization_id, name)
    select ${organizationId}::uuid, 'Tag ' || i from generate_series(1, 5) as i`);
  await db.execute(sql`
    insert into member_tags (organization_id, member_id, tag_id)
    select ${organizationId}::uuid, m.id, t.id
    from (select id from members where organization_id = ${organizationId} limit 1000) m
    cross join (select id from tags where organization_id = ${organizationId}) t`);
}

async function prepare(env: NodeJS.ProcessEnv, o: ReturnType<typeof options>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const deps = createDeps(config, database, { logger: createLogger('silent') });
    const owner = await ensureSeedOwner(deps);
    const slug = `bench-export-${Date.now().toString(36)}`;
    const { id: organizationId } = await ensureSeedOrganization(deps, slug, owner);
    const started = performance.now();
    await seedMembersFast(database.db, organizationId, o.members);
    await seedOthers(database.db, organizationId, o);
    await database.db.execute(sql`analyze`);
    console.log(
      `Seeded ${o.members.toLocaleString('en-US')} members, ${o.visits.toLocaleString('en-US')} visits, ${o.leads.toLocaleString('en-US')} leads into "${slug}" in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { organizationId };
  } finally {
    await database.close();
  }
}

/** The process ids of `pid` and its descendants (tsx runs the server in a child process). */
function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

async function main() {
  loadDotEnv();
  const o = options();
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const scratch = mkdtempSync(path.join(tmpdir(), 'fitbase-bench-export-'));
  const env: NodeJS.ProcessEnv = onPostgres
    ? process.env
    : { ...process.env, FITBASE_DATA_DIR: scratch };
  console.log(
    `bench:export on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${o.members.toLocaleString('en-US')} members; ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)} (a shared machine: figures vary)`,
  );
  try {
    const { organizationId } = await prepare(env, o);
    const server = await startServer(env);
    try {
      // The server itself, not its tsx launcher.
      const serverPids = processTree(server.pid).filter((p) => p !== server.pid);
      const rss = () => serverPids.reduce((sum, p) => sum + rssKb(p), 0);
      const client = new HttpClient(server.url, server.url);
      await client.signIn(SEED_OWNER_EMAIL, SEED_OWNER_PASSWORD);
      await client.send('PUT', '/api/me/current-organization', { organizationId });
      await client.send('GET', '/api/members');
      const beforeKb = rss();
      let peakKb = beforeKb;
      // (ms since start, kB): flat means the peak of the last quarter is no higher than the first's.
      const samples: Array<[number, number]> = [];
      const timer = setInterval(() => {
        const kb = rss();
        peakKb = Math.max(peakKb, kb);
        samples.push([performance.now(), kb]);
      }, 100);

      const file = path.join(scratch, 'export.zip');
      const started = performance.now();
      const response = await fetch(`${server.url}/api/data/export`, {
        headers: {
          cookie: client.cookieHeader(),
          origin: server.url,
          'x-organization-id': organizationId,
        },
      });
      if (!response.ok || !response.body)
        throw new Error(
          `GET /api/data/export answered ${response.status}: ${await response.text()}`,
        );
      let firstByteMs = 0;
      const body = Readable.fromWeb(response.body as never);
      body.once('data', () => (firstByteMs = performance.now() - started));
      await pipeline(body, createWriteStream(file));
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      peakKb = Math.max(peakKb, rss());

      const bytes = statSync(file).size;
      const manifest = JSON.parse(
        execFileSync('unzip', ['-p', file, 'manifest.json'], { encoding: 'utf8' }),
      ) as {
        files: Array<{ name: string; rows: number | null }>;
      };
      const rows = manifest.files.reduce((sum, f) => sum + (f.rows ?? 0), 0);
      const exported = manifest.files.find((f) => f.name === 'members.csv')?.rows ?? 0;
      const growthMb = (peakKb - beforeKb) / 1024;
      const span = performance.now() - started;
      const quarterPeaks = [0, 1, 2, 3].map((q) =>
        Math.max(
          0,
          ...samples
            .filter(([at]) => at - started >= (q * span) / 4 && at - started < ((q + 1) * span) / 4)
            .map(([, kb]) => kb),
        ),
      );
      const flat = growthMb < FLAT_LIMIT_MB;
      const complete = exported === o.members;
      console.log(`
download time          ${seconds.toFixed(1)} s (first byte after ${firstByteMs.toFixed(0)} ms)
ZIP size               ${(bytes / 1024 / 1024).toFixed(1)} MB (${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s)
rows                   ${rows.toLocaleString('en-US')} in all, ${exported.toLocaleString('en-US')} members (${Math.round(rows / seconds).toLocaleString('en-US')} rows/s)
server RSS             ${(beforeKb / 1024).toFixed(0)} MB before, ${(peakKb / 1024).toFixed(0)} MB peak during (+${growthMb.toFixed(0)} MB)
RSS peak per quarter   ${quarterPeaks.map((kb) => `${(kb / 1024).toFixed(0)} MB`).join(', ')} (of the download's time)
files                  ${manifest.files.map((f) => `${f.name} ${f.rows ?? '-'}`).join(', ')}

every member exported: ${complete ? 'PASS' : 'FAIL'} (${exported} of ${o.members})
memory flat (peak - before < ${FLAT_LIMIT_MB} MB): ${flat ? 'PASS' : 'FAIL'} (+${growthMb.toFixed(0)} MB)`);
      if (!flat || !complete) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
