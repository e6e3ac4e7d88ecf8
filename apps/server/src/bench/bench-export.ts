import { execFileSync } from 'node:child_process';
import { createWriteStream, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loadDotEnv } from '../env.ts';
import { benchEnvironment, seedNewStudio, startSignedInServer } from './bench-server.ts';

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
  const { organizationId, slug, result } = await seedNewStudio(
    env,
    'bench-export',
    async ({ db, organizationId }) => {
      const started = performance.now();
      await seedMembersFast(db, organizationId, o.members);
      await seedOthers(db, organizationId, o);
      await db.execute(sql`analyze`);
      return performance.now() - started;
    },
  );
  console.log(
    `Seeded ${o.members.toLocaleString('en-US')} members, ${o.visits.toLocaleString('en-US')} visits, ${o.leads.toLocaleString('en-US')} leads into "${slug}" in ${(result / 1000).toFixed(1)} s`,
  );
  return { organizationId };
}

async function main() {
  loadDotEnv();
  const o = options();
  const bench = benchEnvironment('bench-export');
  const { env, onPostgres, scratch } = bench;
  console.log(
    `bench:export on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${o.members.toLocaleString('en-US')} members; ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)} (a shared machine: figures vary)`,
  );
  try {
    const { organizationId } = await prepare(env, o);
    const server = await startSignedInServer(env, organizationId);
    try {
      const client = server.client;
      await client.send('GET', '/api/members');
      const beforeKb = server.rss();
      // (ms since start, kB): flat means the peak of the last quarter is no higher than the first's.
      const sampler = server.sampleRss(100);

      const file = path.join(scratch, 'export.zip');
      const started = performance.now();
      const response = await fetch(`${server.url}/api/data/export`, { headers: server.headers });
      if (!response.ok || !response.body)
        throw new Error(
          `GET /api/data/export answered ${response.status}: ${await response.text()}`,
        );
      let firstByteMs = 0;
      const body = Readable.fromWeb(response.body as never);
      body.once('data', () => (firstByteMs = performance.now() - started));
      await pipeline(body, createWriteStream(file));
      const seconds = (performance.now() - started) / 1000;
      const { peakKb, samples } = sampler.stop();

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
    bench.dispose();
  }
}

await main();
