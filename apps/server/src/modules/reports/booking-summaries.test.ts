import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { waitForSession } from '../../../test/fixtures/transactions.ts';
import { createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sqlRows } from '../../../test/sql-rows.ts';

// docs/product/reports-and-analytics.md#speed: trainer insights, class performance and no-shows
// read each session's counter row (migration 0029) instead of its bookings, and first bookings
// each member's first booking row, so both must say what the bookings say after every kind of
// write: one or many rows, status changes, a booking moved to another session or time,
// deletions of bookings, sessions and members.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const COUNTS = `count(*) filter (where status = 'attended')::int as attended,
  count(*) filter (where status = 'no_show')::int as no_shows,
  count(*) filter (where status in ('booked', 'attended', 'no_show'))::int as taken,
  count(*) filter (where waitlisted_at is not null)::int as waitlisted,
  count(*) filter (where status = 'late_cancelled')::int as late_cancels`;

describe('session booking counters and first bookings', () => {
  let org: string;
  let sessions: string[];
  let people: string[];

  const fromBookings = () =>
    sqlRows(
      t.deps.database.db,
      sql`select s.id as session_id, ${sql.raw(COUNTS.replaceAll('status', 'b.status').replaceAll('waitlisted_at', 'b.waitlisted_at').replaceAll('count(*)', 'count(b.id)'))}
      from class_sessions s left join bookings b on b.organization_id = s.organization_id and b.session_id = s.id
      where s.organization_id = ${org} group by s.id order by s.id`,
    );
  const fromCounters = () =>
    sqlRows<{ session_id: string }>(
      t.deps.database.db,
      sql`select s.id as session_id, coalesce(c.attended, 0) as attended,
        coalesce(c.no_shows, 0) as no_shows, coalesce(c.taken, 0) as taken,
        coalesce(c.waitlisted, 0) as waitlisted, coalesce(c.late_cancels, 0) as late_cancels
      from class_sessions s
      left join session_booking_counts c on c.organization_id = s.organization_id and c.session_id = s.id
      where s.organization_id = ${org} order by s.id`,
    );
  /** Each member's first booking ever made, straight from bookings, and as kept. */
  const firstsAgree = async () => {
    const direct = await sqlRows(
      t.deps.database.db,
      sql`select distinct on (member_id) member_id, id as booking_id from bookings
        where organization_id = ${org} order by member_id, created_at, starts_at, id`,
    );
    const kept = await sqlRows(
      t.deps.database.db,
      sql`select member_id, booking_id from member_first_bookings
        where organization_id = ${org} order by member_id`,
    );
    expect(kept).toEqual(direct);
    return kept.length;
  };
  const book = (session: string, member: string, status: string, waitlisted = false) =>
    t.deps.database.db.execute(
      sql`insert into bookings (organization_id, session_id, member_id, status, waitlisted_at, starts_at, ends_at)
        select organization_id, id, ${member}, ${status}, ${waitlisted ? sql`now()` : null}, starts_at, ends_at
        from class_sessions where id = ${session}`,
    );

  beforeAll(async () => {
    const owner = await createOwner(t.app, 'pro');
    org = owner.organization.id;
    const db = t.deps.database.db;
    sessions = [];
    for (const h of [24, 48, 72])
      sessions.push((await insertSession(db, org, { startsAt: hoursFromNow(h) })).id);
    people = (await insertMembers(t, org, 6)).map((m) => m.id);
  });

  it('follow single and bulk inserts, status changes, moves and deletions', async () => {
    const [a, b, c] = sessions as [string, string, string];
    const [p1, p2, p3, p4, p5, p6] = people as [string, string, string, string, string, string];
    await book(a, p1, 'booked');
    await book(a, p2, 'waitlisted', true);
    await book(b, p3, 'booked');
    expect(await fromCounters()).toEqual(await fromBookings());
    await firstsAgree();

    // Many rows in one statement (the schedule's bulk writes, a seed).
    await t.deps.database.db.execute(
      sql`insert into bookings (organization_id, session_id, member_id, status, starts_at, ends_at)
        select s.organization_id, s.id, m.id, 'booked', s.starts_at, s.ends_at
        from class_sessions s cross join members m
        where s.id = ${c} and m.id in (${p4}, ${p5}, ${p6})`,
    );
    expect(await fromCounters()).toEqual(await fromBookings());
    await firstsAgree();

    // The waitlisted member promoted, one checked in, one late cancel, the rest no-shows.
    const db = t.deps.database.db;
    await db.execute(
      sql`update bookings set status = 'booked' where session_id = ${a} and member_id = ${p2}`,
    );
    await db.execute(
      sql`update bookings set status = 'attended' where session_id = ${a} and member_id = ${p1}`,
    );
    await db.execute(sql`update bookings set status = 'late_cancelled' where session_id = ${b}`);
    await db.execute(sql`update bookings set status = 'no_show' where session_id = ${c}`);
    // A write that changes no status (the session moved): nothing to count.
    await db.execute(
      sql`update bookings set starts_at = starts_at + interval '1 hour' where session_id = ${c}`,
    );
    expect(await fromCounters()).toEqual(await fromBookings());
    await firstsAgree();
    expect((await fromCounters()).find((r) => r.session_id === c)).toMatchObject({
      no_shows: 3,
      taken: 3,
    });

    // A booking moved to another session, then bookings and a session deleted.
    await db.execute(
      sql`update bookings set session_id = ${b} where session_id = ${c} and member_id = ${p4}`,
    );
    expect(await fromCounters()).toEqual(await fromBookings());
    await firstsAgree();
    await db.execute(sql`delete from bookings where session_id = ${a} and member_id = ${p1}`);
    expect(await fromCounters()).toEqual(await fromBookings());
    await firstsAgree();
    await db.execute(sql`delete from class_sessions where id = ${c}`);
    expect(await fromCounters()).toEqual(await fromBookings());
    const kept = await firstsAgree();

    // A booking made earlier (an import) becomes the member's first; deleting it gives the
    // next one back; a deleted member leaves no row.
    await db.execute(
      sql`insert into bookings (organization_id, session_id, member_id, status, starts_at, ends_at, created_at)
        select organization_id, id, ${p3}, 'booked', starts_at, ends_at, now() - interval '30 days'
        from class_sessions where id = ${a}`,
    );
    const [early] = await sqlRows<{ booking_id: string }>(
      db,
      sql`select booking_id from member_first_bookings where member_id = ${p3}`,
    );
    expect(await firstsAgree()).toBe(kept);
    await db.execute(sql`delete from bookings where id = ${early!.booking_id}`);
    expect(await firstsAgree()).toBe(kept);
    await db.execute(sql`delete from members where id = ${p3}`);
    expect(await firstsAgree()).toBe(kept - 1);
    expect(await fromCounters()).toEqual(await fromBookings());
  });

  // Two first bookings of one member made at once, in two transactions: the one made first stays
  // the member's first, whichever commits last (migration 0032).
  it.runIf(process.env.DATABASE_URL)(
    'keep the earlier of two first bookings made at once',
    async () => {
      const db = t.deps.database.db;
      const [person] = await insertMembers(t, org, 1);
      const [a, b] = sessions as [string, string];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const bookIn = (session: string) =>
        sql`insert into bookings (organization_id, session_id, member_id, status, starts_at, ends_at)
        select organization_id, id, ${person!.id}, 'booked', starts_at, ends_at
        from class_sessions where id = ${session}`;
      // The first transaction starts first: its booking's created_at (the transaction's start) is
      // the earlier one. It holds its new row in member_first_bookings until released.
      const first = db.transaction(async (tx) => {
        await tx.execute(bookIn(b));
        await held;
      });
      await waitForSession(db, 'idle in transaction');
      // The second reads no first booking of its own snapshot's, then waits on the first's row.
      const second = db.transaction((tx) => tx.execute(bookIn(a)));
      await waitForSession(db, 'waiting on a lock');
      release();
      await Promise.all([first, second]);
      await firstsAgree();
      const [kept] = await sqlRows<{ session_id: string }>(
        db,
        sql`select b.session_id from member_first_bookings f join bookings b on b.id = f.booking_id
        where f.member_id = ${person!.id}`,
      );
      expect(kept?.session_id).toBe(b);
    },
  );
});
