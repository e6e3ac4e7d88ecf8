import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '../bootstrap.ts';
import { MEMBER_COOKIE } from '../context/member-session.ts';
import { signToken } from '../context/session-cookie.ts';
import { memberLogins, memberSessions } from '../db/schema/member-auth.ts';
import { loadConfig, loadDotEnv, REPO_ROOT } from '../env.ts';
import { seedNewStudio, startSignedInServer } from './bench-server.ts';
import { seedMembers } from './seed-members.ts';
import { startServer } from './server-process.ts';

const USAGE = `Usage: DATABASE_URL=postgres://.../scratch npm run bench:portal -- [--members 2000] [--requests 2000] [--connections 50] [--think 1000] [--only week,booking,paced]

PostgreSQL only: DATABASE_URL must name a scratch database (the bench migrates it and adds a new
studio "bench-portal-<time>" on every run). Seeds --members members, 40 one-off classes over the
7 days from tomorrow (capacity 20, one "Popular Class" already full) and some bookings, gives
--connections members a portal session each, then measures the member portal through the HTTP
API of the real server with that many signed-in members at once (one keep-alive connection each):
  week     GET /api/m/{slug}/schedule, --requests requests: p50/p95/p99, req/s (target p95 <= 50 ms)
  booking  POST /api/m/{slug}/sessions/{id}/book, --requests requests in rounds: each member books
           10 classes (the full popular one among them: waitlisted), then every place is cancelled
           (POST /api/m/{slug}/bookings/{id}/cancel, timed apart) (target p95 <= 100 ms)
  floor    the same booking rounds against bare-booking-server.ts (node:http + pg, the fewest
           statements a booking needs): what this machine allows, beside FitBase's figures
  paced    week and booking again with each member pausing between requests as a person does
           (--think ms on average, uniformly 0.5x to 1.5x, starts spread over one pause): the same
           targets for 50 people using the portal at once, where the first two scenarios keep
           50 requests always in flight (a far heavier load than 50 people)
A target is not judged when under 95% of its answers are 2xx. Exits 1 when a judged target fails.`;

const CLASSES = 40;
const CAPACITY = 20;
const POPULAR = 'Popular Class';
/** Places already taken in each other class (from members without a portal session). */
const BOOKED_ELSEWHERE = 4;
/** Bookings per member in one round: the popular class once, nine others. */
const BOOKINGS_PER_ROUND = 10;
const WEEK_TARGET_MS = 50;
const BOOKING_TARGET_MS = 100;
/**
 * Below this share of 2xx answers a scenario's target is not judged: refusals answer fast and
 * would flatter the p95 (as in bench:schedule).
 */
const MIN_SUCCESS_SHARE = 0.95;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      members: { type: 'string', default: '2000' },
      requests: { type: 'string', default: '2000' },
      connections: { type: 'string', default: '50' },
      think: { type: 'string', default: '1000' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const o = {
    members: Number(values.members),
    requests: Number(values.requests),
    connections: Number(values.connections),
    think: Number(values.think),
    only: values.only ? values.only.split(',').map((s) => s.trim()) : null,
  };
  // Popular class full (20) + the portal members + room for the other classes' bookings.
  if (!(o.members >= o.connections + 50) || !(o.connections >= 1) || !(o.requests >= 1)) {
    console.error(`--members must be at least --connections + 50, and all positive\n\n${USAGE}`);
    process.exit(1);
  }
  return o;
}

/** YYYY-MM-DD, `days` after today (UTC: the bench studio's time zone). */
function dateFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface PortalMember {
  memberId: string;
  /** The Cookie header a browser signed in to this studio's portal sends. */
  cookie: string;
}

/**
 * Gives `count` active members a portal session each by inserting member_logins and
 * member_sessions rows directly, with the cookie the server would have set. Signing in (an
 * emailed code through better-auth) is not what this bench measures, so it is skipped.
 */
async function signInMembers(
  env: NodeJS.ProcessEnv,
  organizationId: string,
  count: number,
  secret: string,
): Promise<PortalMember[]> {
  const database = await openConfiguredDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    const { rows } = (await database.db.execute(sql`
      select id, email, first_name, last_name from members
      where organization_id = ${organizationId} and membership_status = 'active'
      order by md5(id::text) limit ${count}`)) as unknown as {
      rows: Array<{ id: string; email: string; first_name: string; last_name: string }>;
    };
    if (rows.length < count) throw new Error(`Only ${rows.length} active members to sign in`);
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const people = rows.map((m) => ({
      member: m,
      loginId: randomUUID(),
      token: randomBytes(24).toString('base64url'),
    }));
    await database.db.insert(memberLogins).values(
      people.map((p) => ({
        id: p.loginId,
        name: `${p.member.first_name} ${p.member.last_name}`,
        email: p.member.email,
        emailVerified: true,
      })),
    );
    await database.db.insert(memberSessions).values(
      people.map((p) => ({
        id: randomUUID(),
        token: p.token,
        expiresAt,
        userId: p.loginId,
        organizationId,
        memberId: p.member.id,
        userAgent: 'bench:portal',
      })),
    );
    // URL-encoded, as the server's setCookie sends it to the browser (hono/cookie).
    return people.map((p) => ({
      memberId: p.member.id,
      cookie: `${MEMBER_COOKIE}=${encodeURIComponent(signToken(p.token, secret))}`,
    }));
  } finally {
    await database.close();
  }
}

/** The popular class full, BOOKED_ELSEWHERE places taken in every other one: by members who have no portal session. */
async function seedBookings(
  env: NodeJS.ProcessEnv,
  organizationId: string,
  portalMemberIds: string[],
) {
  const database = await openConfiguredDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    const db = database.db;
    await db.execute(sql`
      with s as (
        select id, name, starts_at, ends_at, row_number() over (order by starts_at, id) as n
        from class_sessions where organization_id = ${organizationId}
      ), m as (
        select id, row_number() over (order by md5(id::text)) as k, count(*) over () as total
        from members where organization_id = ${organizationId}
          and id <> all(${sql.param(portalMemberIds)}::uuid[])
      )
      insert into bookings (organization_id, session_id, member_id, status, starts_at, ends_at)
      select ${organizationId}, s.id, m.id, 'booked', s.starts_at, s.ends_at
      from s cross join lateral generate_series(
        0, case when s.name = ${POPULAR} then ${CAPACITY - 1}::int else ${BOOKED_ELSEWHERE - 1}::int end) g
      join m on m.k = ((s.n * 37 + g * 199) % m.total) + 1
      on conflict do nothing`);
    await db.execute(sql`
      update class_sessions cs set booked_count = b.n
      from (select session_id, count(*)::int as n from bookings
            where organization_id = ${organizationId} group by session_id) b
      where cs.id = b.session_id and cs.organization_id = ${organizationId}`);
    await db.execute(
      sql`vacuum (analyze) members, class_sessions, bookings, member_sessions, member_logins, organizations`,
    );
  } finally {
    await database.close();
  }
}

interface Figures {
  name: string;
  latencies: number[];
  seconds: number;
  statuses: Record<string, number>;
}

interface PortalRequest {
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * `connections` keep-alive connections (autocannon, a lean client, so the machine's two cores
 * go to the server) send `requests` requests in all, request i as `request(i)` says; each
 * connection sends its next request when the last one answered. Latencies and statuses are
 * added to `into` (several rounds make one figure).
 */
async function run(
  base: string,
  into: Figures,
  requests: number,
  connections: number,
  request: (i: number) => PortalRequest,
): Promise<void> {
  if (requests === 0) return;
  let next = 0;
  const started = performance.now();
  const common = { origin: base, 'accept-encoding': 'gzip, deflate, br' };
  const instance = autocannon({
    url: base,
    connections: Math.min(connections, requests),
    amount: requests,
    headers: common,
    requests: [
      {
        setupRequest: (req) => {
          const r = request(next++ % requests);
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: { ...common, ...(r.cookie ? { cookie: r.cookie } : {}), ...r.headers },
          };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    into.latencies.push(ms);
    into.statuses[String(status)] = (into.statuses[String(status)] ?? 0) + 1;
  });
  await instance;
  into.seconds += (performance.now() - started) / 1000;
}

/**
 * `connections` members, each on its own keep-alive connection as a browser would be, member w
 * sending requests w, w + connections, ... one at a time with a pause of about `thinkMs` after
 * each answer (uniformly half to one and a half times it), their first requests spread over one
 * pause: people using the portal rather than a client that never waits.
 */
async function runPaced(
  base: string,
  into: Figures,
  requests: number,
  connections: number,
  thinkMs: number,
  request: (i: number) => PortalRequest,
): Promise<void> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const send = (r: PortalRequest) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          agent,
          method: r.method,
          path: r.path,
          headers: {
            origin: base,
            'accept-encoding': 'gzip, deflate, br',
            ...(r.cookie ? { cookie: r.cookie } : {}),
            ...r.headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      await pause(Math.random() * thinkMs);
      for (let i = w; i < requests; i += connections) {
        const t0 = performance.now();
        const status = await send(request(i));
        into.latencies.push(performance.now() - t0);
        into.statuses[String(status)] = (into.statuses[String(status)] ?? 0) + 1;
        await pause(thinkMs * (0.5 + Math.random()));
      }
    }),
  );
  agent.destroy();
  into.seconds += (performance.now() - started) / 1000;
}

const figures = (name: string): Figures => ({ name, latencies: [], seconds: 0, statuses: {} });

interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  share2xx: number;
}

function summarize(f: Figures): Summary {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const ok = Object.entries(f.statuses)
    .filter(([k]) => k.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);
  return {
    count: sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    rps: f.seconds > 0 ? sorted.length / f.seconds : 0,
    share2xx: sorted.length === 0 ? 0 : ok / sorted.length,
  };
}

type Verdict = 'PASS' | 'FAIL' | 'NOT JUDGED';

function print(f: Figures, target?: number): Verdict | null {
  const s = summarize(f);
  const verdict: Verdict | null =
    target === undefined
      ? null
      : s.share2xx < MIN_SUCCESS_SHARE
        ? 'NOT JUDGED'
        : s.p95 <= target
          ? 'PASS'
          : 'FAIL';
  const note =
    verdict === null
      ? ''
      : verdict === 'NOT JUDGED'
        ? `  (target p95 <= ${target} ms: NOT JUDGED, ${(s.share2xx * 100).toFixed(0)}% answered 2xx)`
        : `  (target p95 <= ${target} ms: ${verdict})`;
  console.log(
    `${f.name.padEnd(34)}${s.count.toString().padStart(7)}${s.rps.toFixed(0).padStart(8)}${s.p50.toFixed(1).padStart(9)}${s.p95.toFixed(1).padStart(9)}${s.p99.toFixed(1).padStart(9)}${note}`,
  );
  const odd = Object.entries(f.statuses).filter(([k]) => !k.startsWith('2'));
  console.log(
    `  non-2xx: ${odd.length > 0 ? JSON.stringify(Object.fromEntries(odd)) : 'none'} (statuses: ${JSON.stringify(f.statuses)})`,
  );
  return verdict;
}

/**
 * The same booking rounds against bare-booking-server.ts (node:http + pg, the fewest statements
 * a booking needs, row-level security on, no session): the floor this machine sets for 50
 * members booking at once, printed beside FitBase's figures from the same run. Its places are
 * deleted after each round (the floor has no cancel).
 */
async function bookingFloor(
  env: NodeJS.ProcessEnv,
  organizationId: string,
  q: <T>(query: ReturnType<typeof sql>) => Promise<T[]>,
  o: ReturnType<typeof options>,
  book: (round: number) => (i: number) => PortalRequest,
  members: PortalMember[],
) {
  const bare = await startServer(
    { ...env, BARE_ORG: organizationId },
    {
      script: path.join(REPO_ROOT, 'apps/server/src/bench/bare-booking-server.ts'),
      healthPath: '/health',
    },
  );
  try {
    const idOf = new Map(members.map((m) => [m.cookie, m.memberId]));
    const asBare =
      (request: (i: number) => PortalRequest) =>
      (i: number): PortalRequest => {
        const r = request(i);
        return {
          method: 'POST',
          path: r.path.replace(/^.*\/sessions\/([0-9a-f-]+)\/book$/, '/book/$1'),
          headers: { 'x-member': idOf.get(r.cookie!)! },
        };
      };
    const clear = () =>
      q(sql`with gone as (
          delete from bookings where organization_id = ${organizationId}
            and member_id = any(${sql.param(members.map((m) => m.memberId))}::uuid[])
            and status in ('booked', 'waitlisted')
          returning session_id, status)
        update class_sessions cs
        set booked_count = cs.booked_count - g.booked, waitlist_count = cs.waitlist_count - g.waiting
        from (select session_id, count(*) filter (where status = 'booked')::int as booked,
                count(*) filter (where status = 'waitlisted')::int as waiting
              from gone group by session_id) g
        where cs.organization_id = ${organizationId} and cs.id = g.session_id`);
    await run(bare.url, figures('warm-up'), 2 * members.length, o.connections, asBare(book(98)));
    await clear();
    const floor = figures('floor: bare node:http + pg book');
    const perRound = members.length * BOOKINGS_PER_ROUND;
    for (let round = 0, left = o.requests; left > 0; round++, left -= perRound) {
      await run(bare.url, floor, Math.min(left, perRound), o.connections, asBare(book(round)));
      await clear();
    }
    print(floor);
  } finally {
    await bare.stop();
  }
}

async function main() {
  loadDotEnv();
  const o = options();
  if (!process.env.DATABASE_URL) {
    console.error(
      `bench:portal measures PostgreSQL: set DATABASE_URL to a scratch database\n\n${USAGE}`,
    );
    process.exit(1);
  }
  const wants = (scenario: string) => !o.only || o.only.includes(scenario);
  // The secret the server signs member cookies with (AUTH_SECRET, or the development one in
  // the data folder), passed to it explicitly so the cookies built here are the ones it accepts.
  const secret = loadConfig({ ...process.env, LOG_LEVEL: 'silent' }).authSecret;
  const env = { ...process.env, AUTH_SECRET: secret };

  console.log(`Seeding ${o.members.toLocaleString('en-US')} members into a new studio...`);
  const { organizationId, slug } = await seedNewStudio(env, 'bench-portal', (ctx) =>
    seedMembers(ctx.db, {
      organizationId: ctx.organizationId,
      createdBy: ctx.ownerId,
      count: o.members,
    }),
  );
  const server = await startSignedInServer(env, organizationId);
  try {
    console.log(`Creating ${CLASSES} classes through the API (7 days from tomorrow)...`);
    // No two classes at the same time, so a member's bookings never overlap.
    for (let i = 0; i < CLASSES; i++) {
      const popular = i === 17;
      await server.client.send('POST', '/api/classes', {
        name: popular ? POPULAR : `Portal Class ${i + 1}`,
        capacity: CAPACITY,
        durationMinutes: 45,
        startsOn: dateFromToday(1 + (i % 7)),
        startTime: `${String(6 + 2 * Math.floor(i / 7)).padStart(2, '0')}:00`,
      });
    }
    const members = await signInMembers(env, organizationId, o.connections, secret);
    await seedBookings(
      env,
      organizationId,
      members.map((m) => m.memberId),
    );

    const database = await openConfiguredDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    const q = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const sessions = await q<{ id: string; name: string; booked: number }>(sql`
      select id, name, booked_count as booked from class_sessions
      where organization_id = ${organizationId} order by starts_at, id`);
    const popular = sessions.find((s) => s.name === POPULAR)!;
    const others = sessions.filter((s) => s !== popular);
    const [counts] = await q<{ bookings: number; members: number }>(sql`
      select (select count(*)::int from bookings where organization_id = ${organizationId}) as bookings,
             (select count(*)::int from members where organization_id = ${organizationId}) as members`);
    const portalIds = sql.param(members.map((m) => m.memberId));
    const cookieOf = new Map(members.map((m) => [m.memberId, m.cookie]));
    const n = members.length;

    const weekPath = `/api/m/${slug}/schedule?from=${dateFromToday(1)}`;
    const week = (i: number): PortalRequest => ({
      method: 'GET',
      path: weekPath,
      cookie: members[i % n]!.cookie,
    });
    /**
     * Round r's i-th booking: member i % n, their (i / n)-th class of the round. Concurrent
     * requests are different members spread over the classes; each member books the popular
     * class once a round (joins its waitlist) and nine others, never one twice.
     */
    const book = (round: number) => (i: number) => {
      const m = i % n;
      const j = Math.floor(i / n);
      const session =
        j === m % BOOKINGS_PER_ROUND ? popular : others[(m * 7 + round * 11 + j) % others.length]!;
      return {
        method: 'POST' as const,
        path: `/api/m/${slug}/sessions/${session.id}/book`,
        cookie: members[m]!.cookie,
      };
    };
    /** Every live booking and waitlist place of the portal members, each cancelled by its own member. */
    const cancelAll = async (into: Figures) => {
      const live = await q<{ id: string; memberId: string; status: string }>(sql`
        select id, member_id as "memberId", status from bookings
        where organization_id = ${organizationId} and member_id = any(${portalIds}::uuid[])
          and status in ('booked', 'waitlisted')
        order by row_number() over (partition by member_id order by created_at, id), member_id`);
      await run(server.url, into, live.length, o.connections, (i) => ({
        method: 'POST',
        path: `/api/m/${slug}/bookings/${live[i]!.id}/cancel`,
        cookie: cookieOf.get(live[i]!.memberId)!,
      }));
      return live;
    };

    console.log(
      `\nbench:portal on PostgreSQL: studio ${slug}, ${counts?.members} members, ${sessions.length} classes (capacity ${CAPACITY}, "${POPULAR}" full: ${popular.booked} booked), ${counts?.bookings} bookings seeded; ${n} signed-in members at once, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}\n`,
    );
    // Warm-up: the JIT, both connection pools (reads and writes) and the database cache. A
    // studio's server runs warm.
    await run(server.url, figures('warm-up'), 500, o.connections, week);
    await run(server.url, figures('warm-up'), 2 * n, o.connections, book(99));
    await cancelAll(figures('warm-up'));

    console.log(
      `${'scenario'.padEnd(34)}${'n'.padStart(7)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
    );
    const verdicts: Array<[string, Verdict | null]> = [];
    if (wants('week')) {
      const f = figures('week (GET schedule)');
      await run(server.url, f, o.requests, o.connections, week);
      verdicts.push([`week schedule p95 <= ${WEEK_TARGET_MS} ms`, print(f, WEEK_TARGET_MS)]);
    }
    if (wants('booking')) {
      const booked = figures('booking (POST book)');
      const cancelled = figures('cancel (POST cancel)');
      const outcomes: Record<string, number> = {};
      const perRound = n * BOOKINGS_PER_ROUND;
      for (let round = 0, left = o.requests; left > 0; round++, left -= perRound) {
        await run(server.url, booked, Math.min(left, perRound), o.connections, book(round));
        const live = await cancelAll(cancelled);
        for (const b of live) outcomes[b.status] = (outcomes[b.status] ?? 0) + 1;
      }
      verdicts.push([`booking p95 <= ${BOOKING_TARGET_MS} ms`, print(booked, BOOKING_TARGET_MS)]);
      console.log(
        `  places the members held after each round, all cancelled: ${Object.entries(outcomes)
          .map(([status, count]) => `${count} ${status}`)
          .join(', ')}`,
      );
      print(cancelled);
      await bookingFloor(env, organizationId, q, o, book, members);
    }
    if (wants('paced')) {
      const f = figures(`week, people (${o.think} ms pauses)`);
      await runPaced(server.url, f, o.requests, o.connections, o.think, week);
      verdicts.push([`paced: week schedule p95 <= ${WEEK_TARGET_MS} ms`, print(f, WEEK_TARGET_MS)]);
      const booked = figures(`booking, people (${o.think} ms pauses)`);
      const perRound = n * BOOKINGS_PER_ROUND;
      for (let round = 50, left = o.requests; left > 0; round++, left -= perRound) {
        await runPaced(
          server.url,
          booked,
          Math.min(left, perRound),
          o.connections,
          o.think,
          book(round),
        );
        await cancelAll(figures('cancel (not shown)'));
      }
      verdicts.push([
        `paced: booking p95 <= ${BOOKING_TARGET_MS} ms`,
        print(booked, BOOKING_TARGET_MS),
      ]);
    }
    await database.close();

    console.log('');
    for (const [target, verdict] of verdicts) console.log(`${target}: ${verdict}`);
    if (verdicts.some(([, v]) => v === 'FAIL')) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
