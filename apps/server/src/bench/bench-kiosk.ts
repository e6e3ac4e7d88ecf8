import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../bootstrap.ts';
import { rows } from '../db/rows.ts';
import { REPO_ROOT, loadConfig } from '../env.ts';
import { z } from 'zod';
import { benchEnvironment, seedNewStudio, startSignedInServer } from './bench-server.ts';
import { seedMembers } from './seed-members.ts';

const USAGE = `Usage: DATABASE_URL=postgres://.../scratch npm run bench:kiosk -- [--members 5000] [--scans 100] [--sync 500]

PostgreSQL only, and the web app built (npm run build). Seeds a new studio of --members members,
each with a check-in code, one class starting in 20 minutes that half of the scanned members
are booked into, pairs two kiosks through the API, then measures (targets from docs/product/kiosk.md):
  roster   GET /api/kiosk/roster: gzipped bytes for the studio (target <= 200 KB for 5,000)
  sync     POST /api/kiosk/check-ins/sync of --sync queued check-ins, then the same batch again
           (each counted once: all "already") (target: 500 in < 10 s)
  scan     the kiosk page in Chromium: a scanner types a member's code and Enter; time until
           "Welcome, {name}!" is shown, --scans times (target p95 <= 300 ms)
Exits 1 when a target fails.`;

const ROSTER_TARGET_BYTES = 200 * 1024;
const SYNC_TARGET_MS = 10_000;
const SCAN_TARGET_MS = 300;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '5000' },
      scans: { type: 'string', default: '100' },
      sync: { type: 'string', default: '500' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const o = {
    members: Number(values.members),
    scans: Number(values.scans),
    sync: Number(values.sync),
  };
  if (!(o.members >= o.scans + o.sync + 10) || o.scans < 1 || o.sync < 1 || o.sync > 500) {
    console.error(`--members must exceed --scans + --sync; --sync at most 500\n\n${USAGE}`);
    process.exit(1);
  }
  return o;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The roster as the wire carries it: gzipped bytes and the JSON inside. */
function getGzipped(url: string, token: string): Promise<{ gzipped: number; raw: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/kiosk/roster`,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode !== 200) return reject(new Error(`roster: ${res.statusCode}`));
          const gzip = res.headers['content-encoding'] === 'gzip';
          resolve({
            gzipped: body.byteLength,
            raw: gzip ? gunzipSync(body).byteLength : body.byteLength,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function postJson(url: string, pathname: string, body: unknown, headers = {}) {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const memberRow = z.object({ number: z.number(), code: z.string(), first_name: z.string() });

async function main() {
  const o = options();
  if (!process.env.DATABASE_URL) {
    console.error(`bench:kiosk runs on PostgreSQL only.\n\n${USAGE}`);
    process.exit(1);
  }
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/kiosk.html'))) {
    console.error('The web app is not built: run `npm run build` first.');
    process.exit(1);
  }
  const bench = benchEnvironment('kiosk');
  const env = bench.env;
  console.log(`Seeding ${o.members.toLocaleString('en-US')} members into a new studio...`);
  const { organizationId, slug } = await seedNewStudio(env, 'bench-kiosk', async (ctx) => {
    await seedMembers(ctx.db, {
      organizationId: ctx.organizationId,
      createdBy: ctx.ownerId,
      count: o.members,
    });
    // Every member can show a code, as after opening `My check-in code` once; all active, so
    // every scan is a check-in the kiosk accepts.
    await ctx.db.execute(sql`
      update members set check_in_code = 'k' || substr(md5(id::text || random()::text), 1, 19),
        membership_status = 'active'
      where organization_id = ${ctx.organizationId}`);
  });
  const server = await startSignedInServer(env, organizationId);
  const database = await openConfiguredDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const verdicts: Array<[string, boolean]> = [];
  try {
    const startsAt = new Date(Date.now() + 20 * 60_000);
    startsAt.setUTCMinutes(Math.ceil(startsAt.getUTCMinutes() / 5) * 5, 0, 0);
    await server.client.send('POST', '/api/classes', {
      name: 'Kiosk Bench Class',
      capacity: 1000,
      durationMinutes: 60,
      startsOn: startsAt.toISOString().slice(0, 10),
      startTime: startsAt.toISOString().slice(11, 16),
    });
    const members = await rows(
      database.db,
      memberRow,
      sql`select member_number as number, check_in_code as code, first_name from members
        where organization_id = ${organizationId} order by member_number`,
    );
    // The first --scans members scan at the door; every other one of them is booked.
    const scanned = members.slice(0, o.scans + 5);
    await database.db.execute(sql`
      with s as (select id, starts_at, ends_at from class_sessions
                 where organization_id = ${organizationId} limit 1)
      insert into bookings (organization_id, session_id, member_id, status, starts_at, ends_at)
      select ${organizationId}, s.id, m.id, 'booked', s.starts_at, s.ends_at
      from s, members m
      where m.organization_id = ${organizationId} and m.member_number <= ${scanned.length}
        and m.member_number % 2 = 0`);
    await database.db.execute(sql`
      update class_sessions cs set booked_count = (select count(*) from bookings b
        where b.session_id = cs.id and b.status = 'booked')
      where cs.organization_id = ${organizationId}`);
    await database.db.execute(sql`vacuum (analyze) members, bookings, class_sessions`);

    const pair = async (name: string) => {
      const pairing = (await server.client.send('POST', '/api/kiosks', { name })) as {
        pairingCode: string;
      };
      return pairing.pairingCode;
    };
    const apiCode = await pair('Bench API');
    const paired = await postJson(server.url, '/api/kiosk/pair', { code: apiCode });
    const token = paired.token as string;
    const auth = { authorization: `Bearer ${token}` };

    console.log(
      `\nbench:kiosk on PostgreSQL: studio ${slug}, ${members.length} members, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}\n`,
    );

    // Roster: the cached list's size on the wire, and how long the server takes to make it.
    await getGzipped(server.url, token);
    const t0 = performance.now();
    const roster = await getGzipped(server.url, token);
    const rosterMs = performance.now() - t0;
    console.log(
      `roster   ${members.length} members: ${(roster.gzipped / 1024).toFixed(1)} KB gzipped (${(roster.raw / 1024).toFixed(1)} KB JSON), ${rosterMs.toFixed(0)} ms`,
    );
    verdicts.push([
      `roster <= ${ROSTER_TARGET_BYTES / 1024} KB gzipped`,
      roster.gzipped <= ROSTER_TARGET_BYTES,
    ]);

    // Sync: members not scanned below, at original times over the last hour.
    const queued = members.slice(scanned.length, scanned.length + o.sync).map((m, i) => ({
      clientId: randomUUID(),
      memberNumber: m.number,
      sessionId: null,
      checkedInAt: new Date(Date.now() - (o.sync - i) * 5_000).toISOString(),
    }));
    const s0 = performance.now();
    const first = await postJson(
      server.url,
      '/api/kiosk/check-ins/sync',
      { checkIns: queued },
      auth,
    );
    const syncMs = performance.now() - s0;
    const s1 = performance.now();
    const again = await postJson(
      server.url,
      '/api/kiosk/check-ins/sync',
      { checkIns: queued },
      auth,
    );
    const againMs = performance.now() - s1;
    const tally = (r: Record<string, unknown>) => {
      const counts: Record<string, number> = {};
      for (const item of r.results as Array<{ outcome: string }>)
        counts[item.outcome] = (counts[item.outcome] ?? 0) + 1;
      return JSON.stringify(counts);
    };
    console.log(
      `sync     ${queued.length} queued check-ins: ${syncMs.toFixed(0)} ms ${tally(first)}`,
    );
    console.log(`         the same batch again: ${againMs.toFixed(0)} ms ${tally(again)}`);
    verdicts.push([
      `sync of ${queued.length} < ${SYNC_TARGET_MS / 1000} s`,
      syncMs < SYNC_TARGET_MS,
    ]);

    // Scan to confirmed, in the kiosk page.
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/kiosk?code=${encodeURIComponent(await pair('Bench door'))}`);
    await page.getByRole('heading', { name: 'Check in' }).waitFor({ timeout: 30_000 });
    const welcome = page.getByText(/^Welcome, /);
    const scan = async (code: string) => {
      await page.keyboard.type(code);
      const start = performance.now();
      await page.keyboard.press('Enter');
      await welcome.waitFor();
      const ms = performance.now() - start;
      await page.keyboard.press('Escape');
      await welcome.waitFor({ state: 'hidden' });
      return ms;
    };
    for (const m of scanned.slice(0, 5)) await scan(m.code);
    const times: number[] = [];
    for (const m of scanned.slice(5)) times.push(await scan(m.code));
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `scan     ${times.length} scans (half booked, half walk-ins): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
    );
    verdicts.push([`scan-to-confirmed p95 <= ${SCAN_TARGET_MS} ms`, p95 <= SCAN_TARGET_MS]);

    console.log('');
    for (const [target, ok] of verdicts) console.log(`${target}: ${ok ? 'PASS' : 'FAIL'}`);
    if (verdicts.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await browser.close();
    await database.close();
    await server.stop();
    bench.dispose();
  }
}

await main();
