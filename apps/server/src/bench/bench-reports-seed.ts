import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { closeEndedSessionsOn } from '../modules/bookings/bookings-jobs.service.ts';

/** An integer constant inlined (a bound parameter would be untyped: date - $1 reads as date - date). */
const int = (n: number) => sql.raw(String(Math.trunc(n)));
import { BENCH_TIME_ZONE, countRows, seedLedger } from './bench-reports-ledger.ts';
import { seedMembers } from './seed-members.ts';

/**
 * bench:reports' studio: two years of history in bulk SQL (INSERT … SELECT generate_series),
 * deterministic (hashes of row numbers, no random()), within every CHECK and foreign key of
 * apps/server/src/db/schema/{money,schedule,members}.ts. Dates are the studio's local days:
 * `today` below is today in its time zone, and instants are local wall-clock times there.
 */

export interface ReportSeedSize {
  members: number;
  bookings: number;
  transactions: number;
}

const CLASSES = 20;
const CAPACITY = 24;
const HISTORY_DAYS = 730;
/** Sessions run this many days past today, so upcoming bookings exist. */
const AHEAD_DAYS = 30;

async function seedPlansAndMemberships(db: Db, org: string, today: SQL) {
  await db.execute(sql`
    insert into plans (organization_id, name, kind, price, billing_interval, signup_fee, credits, validity_days)
    values (${org}::uuid, 'Basic Monthly', 'membership', 59.00, 'month', 0, null, null),
           (${org}, 'Unlimited Monthly', 'membership', 89.00, 'month', 25.00, null, null),
           (${org}, '10-Class Pack', 'class_pack', 150.00, null, 0, 10, 90),
           (${org}, 'Drop-in', 'drop_in', 20.00, null, 0, 1, 30),
           (${org}, 'Trial Fortnight', 'trial', 29.00, null, 0, null, 14),
           (${org}, 'Towel Service', 'add_on', 10.00, null, 0, null, null)`);
  const plan = (name: string) =>
    sql`(select id from plans where organization_id = ${org} and name = ${name})`;
  const m = sql`(select id, row_number() over (order by created_at, id)::int as i
                 from members where organization_id = ${org}) m`;
  // Recurring memberships: 1-4 segments of 200 days a member; a renewal follows without a gap
  // or after 20 days (Continuing vs Returning); the last one is open (active, paused or past
  // due) for two members in three, else it ended (cancelled or expired) or ends soon.
  await db.execute(sql`
    with seg as (
      select m.id as member_id, m.i, s, t.today,
        t.today - ${int(HISTORY_DAYS)} + (m.i * 7 % 90) + s * 200 as start_date,
        s = m.i % 4 as last,
        case when (m.i + s) % 3 = 0 then 20 else 0 end as gap
      from ${m}, (select ${today} as today) t, generate_series(0, 3) s
      where s <= m.i % 4
    ), dated as (
      select *, case when not last then start_date + 199 - gap
                     when i % 3 = 0 then start_date + 120 end as end_date
      from seg where start_date <= today
    )
    insert into memberships (organization_id, member_id, plan_id, status, price, start_date,
      end_date, next_billing_date, paused_on, cancel_at_period_end, cancelled_at, created_at)
    select ${org}::uuid, member_id,
      case when i % 2 = 0 then ${plan('Basic Monthly')} else ${plan('Unlimited Monthly')} end,
      case when end_date is null and i % 25 = 0 then 'paused'
           when end_date is null and i % 40 = 1 then 'past_due'
           when end_date is null or end_date >= today then 'active'
           when (i + s) % 2 = 0 then 'cancelled' else 'expired' end,
      case when i % 2 = 0 then 59.00 else 89.00 end,
      start_date, end_date,
      case when end_date is null then today + (i % 28) end,
      case when end_date is null and i % 25 = 0 then greatest(start_date, today - 10) end,
      end_date is not null and end_date >= today,
      case when end_date < today and (i + s) % 2 = 0
           then (end_date - 30)::timestamp at time zone ${BENCH_TIME_ZONE} end,
      (start_date + time '10:00') at time zone ${BENCH_TIME_ZONE}
    from dated`);
  // Class packs (every 5th member, each 90 days), drop-ins (every 9th), a trial before the
  // first membership (every 4th) and a towel add-on (every 10th).
  await db.execute(sql`
    with t as (select ${today} as today), one_offs as (
      select m.id as member_id, m.i, ${plan('10-Class Pack')} as plan_id, 150.00 as price,
        t.today - ${int(HISTORY_DAYS)} + (m.i % 30) + k * 90 as start_date, 89 as days, 10 as credits
      from ${m}, t, generate_series(0, 7) k where m.i % 5 = 0
      union all
      select m.id, m.i, ${plan('Drop-in')}, 20.00, t.today - 700 + (m.i % 50) + k * 170, 29, 1
      from ${m}, t, generate_series(0, 3) k where m.i % 9 = 0
      union all
      select m.id, m.i, ${plan('Trial Fortnight')}, 29.00,
        t.today - ${int(HISTORY_DAYS)} + greatest(0, (m.i * 7 % 90) - 14), 13, null
      from ${m}, t where m.i % 4 = 0
    )
    insert into memberships (organization_id, member_id, plan_id, status, price, start_date,
      end_date, credits_remaining, created_at)
    select ${org}::uuid, member_id, plan_id,
      case when start_date + days >= t.today then 'active' else 'expired' end, price,
      start_date, start_date + days,
      case when credits is null then null when start_date + days >= t.today then i % (credits + 1)
           else 0 end,
      (start_date + time '12:00') at time zone ${BENCH_TIME_ZONE}
    from one_offs, t where start_date <= t.today`);
  await db.execute(sql`
    insert into memberships (organization_id, member_id, plan_id, status, price, start_date,
      next_billing_date, created_at)
    select ${org}::uuid, m.id, ${plan('Towel Service')}, 'active', 10.00,
      t.today - ${int(HISTORY_DAYS)} + (m.i * 7 % 90) + 5, t.today + (m.i % 28),
      (t.today - ${int(HISTORY_DAYS)} + (m.i * 7 % 90) + 5 + time '10:00') at time zone ${BENCH_TIME_ZONE}
    from ${m}, (select ${today} as today) t where m.i % 10 = 0`);
  // Pause history: the running pauses, and a resumed two-week pause in every 7th membership.
  await db.execute(sql`
    insert into membership_pauses (organization_id, membership_id, paused_on, resumed_on)
    select ${org}::uuid, id, paused_on, null from memberships
    where organization_id = ${org} and status = 'paused'
    union all
    select ${org}::uuid, id, start_date + 30, start_date + 44
    from (select id, start_date, end_date, row_number() over (order by id) as r
          from memberships where organization_id = ${org}
            and plan_id in (${plan('Basic Monthly')}, ${plan('Unlimited Monthly')})) x
    where r % 7 = 0 and start_date + 44 <= ${today}
      and (end_date is null or end_date >= start_date + 60)`);
}

async function seedSchedule(db: Db, org: string, ownerId: string, today: SQL, o: ReportSeedSize) {
  const tag = Date.now().toString(36);
  // Four trainers besides the owner, so trainer reports group several people.
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'bench-trainer-' || ${tag} || '-' || k, 'Trainer ' || k,
      'trainer' || k || '.' || ${tag} || '@example.com', true
    from generate_series(1, 4) k`);
  await db.execute(sql`
    insert into organization_users (organization_id, user_id, role)
    select ${org}::uuid, 'bench-trainer-' || ${tag} || '-' || k, 'trainer' from generate_series(1, 4) k`);
  const trainer = sql`(case c % 5 when 0 then ${ownerId} else 'bench-trainer-' || ${tag} || '-' || (c % 5) end)`;
  await db.execute(sql`
    insert into schedule_classes (organization_id, name, capacity, duration_minutes,
      trainer_user_id, recurrence_rule, starts_on, start_time, generated_until)
    select ${org}::uuid, 'Bench Class ' || c, ${int(CAPACITY)}, 60, ${trainer}, 'FREQ=DAILY',
      ${today} - ${int(HISTORY_DAYS)}, time '06:00' + (c % 14) * interval '1 hour' + (c / 14) * interval '30 minutes',
      ${today} + ${int(AHEAD_DAYS)}
    from generate_series(0, ${int(CLASSES - 1)}) c`);
  // One session a class a day; about one in a hundred was cancelled.
  await db.execute(sql`
    insert into class_sessions (organization_id, class_id, name, occurrence_start, starts_at,
      ends_at, capacity, trainer_user_id, status, cancelled_at)
    select ${org}::uuid, sc.id, sc.name, x.at, x.at, x.at + interval '1 hour', sc.capacity,
      sc.trainer_user_id, case when (d * 20 + sc.n) % 97 = 0 then 'cancelled' else 'scheduled' end,
      case when (d * 20 + sc.n) % 97 = 0 then x.at - interval '1 day' end
    from (select *, row_number() over (order by name)::int as n from schedule_classes
          where organization_id = ${org}) sc
    cross join generate_series(0, ${int(HISTORY_DAYS + AHEAD_DAYS)}) d
    cross join lateral (select ((sc.starts_on + d) + sc.start_time) at time zone ${BENCH_TIME_ZONE} as at) x`);
  await db.execute(sql`analyze class_sessions, members`);
  const sessions = await countRows(
    db,
    sql`select count(*)::int as n from class_sessions where organization_id = ${org}`,
  );
  // The member count as a constant: a join on an expression of both sides (m.total) would be a
  // nested loop of bookings x members; on st's expression alone it is a hash join.
  const members = await countRows(
    db,
    sql`select count(*)::int as n from members where organization_id = ${org}`,
  );
  const perSession = Math.min(CAPACITY, Math.ceil(o.bookings / Math.max(1, sessions)));
  // Past sessions: 72 % attended, 8 % no-show, 5 % late-cancelled, 10 % cancelled, 2 %
  // waitlisted, 3 % still booked (attendance not closed); upcoming: booked, some cancelled or
  // waitlisted. Bookings were made 1-14 days before the session.
  await db.execute(sql`
    with s as (
      select id, starts_at, ends_at, status, row_number() over (order by starts_at, id)::int as n
      from class_sessions where organization_id = ${org}
    ), m as (
      select id, row_number() over (order by id)::int as k
      from members where organization_id = ${org}
    ), b as (
      select s.*, g, (s.n * 31 + g * 17) % 100 as h
      from s cross join generate_series(0, ${int(perSession - 1)}) g
      order by s.n, g limit ${int(o.bookings)}
    ), st as (
      select b.*, case
        when b.status = 'cancelled' then 'cancelled'
        when b.starts_at > now() then case when h < 5 then 'waitlisted' when h < 12 then 'cancelled' else 'booked' end
        when h < 72 then 'attended' when h < 80 then 'no_show' when h < 85 then 'late_cancelled'
        when h < 95 then 'cancelled' when h < 97 then 'waitlisted' else 'booked' end as booking_status,
        b.starts_at - (((b.n * 13 + b.g * 7) % 14) + 1) * interval '1 day' as made_at
      from b
    )
    insert into bookings (organization_id, session_id, member_id, status, starts_at, ends_at,
      created_at, checked_in_at, cancelled_at, waitlisted_at)
    select ${org}::uuid, st.id, m.id, booking_status, st.starts_at, st.ends_at, made_at,
      case when booking_status = 'attended' then st.starts_at - interval '5 minutes' end,
      case when booking_status = 'late_cancelled' then st.starts_at - interval '3 hours'
           when booking_status = 'cancelled' then made_at + interval '1 day' end,
      case when booking_status = 'waitlisted' then made_at end
    from st join m on m.k = ((st.n * 37 + st.g * 199) % ${int(members)}) + 1
    on conflict do nothing`);
  // Fresh statistics first: on the insert's stale ones the planner nests loops over 300,000 rows.
  await db.execute(sql`analyze bookings, class_sessions`);
  await db.execute(sql`
    update class_sessions cs set booked_count = b.booked, waitlist_count = b.waiting
    from (select session_id,
            count(*) filter (where status in ('booked', 'attended', 'no_show'))::int as booked,
            count(*) filter (where status = 'waitlisted')::int as waiting
          from bookings where organization_id = ${org} group by session_id) b
    where cs.id = b.session_id and cs.organization_id = ${org}`);
  await db.execute(sql`
    insert into member_visits (organization_id, member_id, visit_date, visit_type)
    select ${org}::uuid, member_id, checked_in_at, 'check_in' from bookings
    where organization_id = ${org} and status = 'attended'`);
}

export async function seedReportStudio(
  db: Db,
  org: string,
  ownerId: string,
  o: ReportSeedSize,
): Promise<void> {
  await db.execute(sql`update organizations set timezone = ${BENCH_TIME_ZONE} where id = ${org}`);
  await seedMembers(db, { organizationId: org, createdBy: ownerId, count: o.members });
  const today = sql`(now() at time zone ${BENCH_TIME_ZONE})::date`;
  await seedPlansAndMemberships(db, org, today);
  await db.execute(sql`analyze memberships, plans`);
  await seedSchedule(db, org, ownerId, today, o);
  await db.execute(sql`analyze bookings, member_visits`);
  await seedLedger(db, org, today, o.transactions);
  // The server's schedule.close-sessions job closes each session that ended (its remaining
  // bookings become no-shows) every five minutes, so a two-year-old studio has no open past:
  // closed here by the job's own code, or the measured server would spend its run catching up.
  await closeEndedSessionsOn(db, new Date());
  // The ledger's bulk inserts appended their daily sales deltas; the server's job merges them
  // every ten minutes (reports.compact-sales), so a studio's reports read merged days.
  await db.execute(sql`select fitbase_compact_sales_daily()`);
  // What autovacuum does after a bulk load in production (it is off on this machine's
  // PostgreSQL, conf.d/90-ci.conf): without it no page is marked all-visible, so every index-only
  // scan still reads the table and the planner falls back to sequential scans users never get.
  await db.execute(
    sql`vacuum (analyze) bookings, class_sessions, memberships, membership_pauses, member_visits, ledger_entries, orders, order_lines, members, sales_daily, session_booking_counts, member_access_spans`,
  );
}
