import { bookingCreateSchema, checkInInputSchema } from '@fitbase/domain/contracts/bookings';
import { enrolInCourse } from '../modules/appointments/courses.service.ts';
import { bookSession, cancelBooking } from '../modules/bookings/bookings.service.ts';
import { checkIn } from '../modules/bookings/check-in.service.ts';
import { runInStudio } from '../context/run-in-studio.ts';
import type { Db } from '../db/client.ts';
import { later } from './demo-clock.ts';
import { act, attempt, count, type DemoContext } from './demo-context.ts';
import { canBook, type DemoMember } from './demo-members.ts';
import type { DemoClass, DemoCourse } from './demo-schedule.ts';
import type { DemoPerson } from './demo-scope.ts';
import type { Timeline } from './demo-timeline.ts';
import { sessionsBetween } from './demo.sql.ts';

/**
 * Classes as they happen: members book ahead at the desk, some cancel (early, or late inside the
 * late-cancel window), the rest are checked in by the class's trainer at the door (or never come:
 * the close-sessions job makes them no-shows), walk-ins take free places, full classes keep a
 * waitlist that a cancellation promotes, and members scan in for open gym. Course members are
 * enrolled the week before and come to each session.
 */

const HOUR = 60;

export interface DemoSchedule {
  classes: DemoClass[];
  courses: DemoCourse[];
  /** Class id → its index in `classes` (members' favourites are indexes). */
  indexOf: Map<string, number>;
  /** Members enrolled in each course. */
  enrolled: Map<string, DemoMember[]>;
  /** Weekly sessions of each class (a member's chance to book one of them). */
  perWeek: number[];
}

interface SessionRow {
  id: string;
  classId: string | null;
  startsAt: Date;
  endsAt: Date;
  trainerUserId: string | null;
}

const minutes = (ctx: DemoContext, min: number, max: number) => ctx.chance.int(min, max);

function trainerOf(ctx: DemoContext, session: SessionRow): DemoPerson {
  return ctx.team.trainers.find((t) => t.userId === session.trainerUserId) ?? ctx.team.frontDesk;
}

async function doCheckIn(
  ctx: DemoContext,
  person: DemoPerson,
  member: DemoMember,
  sessionId: string | null,
  at: Date,
  kind: string,
) {
  const result = await attempt(ctx, kind, () =>
    act(ctx, person, (scope) =>
      checkIn(
        scope,
        checkInInputSchema.parse({ memberId: member.id, sessionId, confirm: true }),
        at,
        { backdated: true },
      ),
    ),
  );
  if (result && !result.duplicate) member.visits += 1;
}

/** What a member and a session touch: events on either run one after the other. */
const keysOf = (member: DemoMember, sessionId?: string) =>
  sessionId
    ? [`member:${member.spec.index}`, `session:${sessionId}`]
    : [`member:${member.spec.index}`];

/**
 * A booking made ahead and what becomes of it: cancelled early, cancelled late (inside the
 * late-cancel window), a no-show, or checked in at the door. The outcomes take turns among the
 * bookings made, so even a short history has each: one in twelve cancels early (late when the
 * class is too close), one in twelve late, two in twelve do not come, the rest come. A booking
 * runs alone (the turns follow the order bookings are made); what follows it may run beside
 * other members' events.
 */
function scheduleBooking(
  ctx: DemoContext,
  timeline: Timeline,
  session: SessionRow,
  member: DemoMember,
  bookAt: Date,
) {
  const day = ctx.clock.dayOf(session.startsAt);
  const start = session.startsAt;
  const lateCutoff = later(start, -13 * HOUR);
  const early = new Date(
    bookAt.getTime() + ctx.chance.next() * (lateCutoff.getTime() - bookAt.getTime()),
  );
  const late = later(start, -minutes(ctx, 45, 240));
  const door = later(start, -minutes(ctx, 2, 14));
  const keys = keysOf(member, session.id);
  timeline.at(bookAt, async () => {
    if (!member.id || !canBook(member, day)) return;
    const booking = await attempt(ctx, 'bookings', () =>
      act(ctx, ctx.team.frontDesk, (scope) =>
        bookSession(scope, session.id, bookingCreateSchema.parse({ memberId: member.id }), bookAt),
      ),
    );
    if (!booking) return;
    if (booking.status === 'waitlisted') count(ctx, 'waitlisted');
    else if (member.credits !== null) member.credits -= 1;
    const turn = ctx.turns.bookings++ % 12;
    const earlyFits = lateCutoff.getTime() - bookAt.getTime() > 60 * 60_000;
    const lateFits = late > bookAt;
    // The first booking that can be cancelled early is, and likewise late.
    const { turns } = ctx;
    if ((turn === 2 || !turns.early) && earlyFits) {
      turns.early = true;
      timeline.at(early, () => cancel(ctx, booking.id, early, 'cancellations (early)'), keys);
    } else if ((turn === 2 || turn === 6 || !turns.late) && lateFits) {
      turns.late = true;
      timeline.at(late, () => cancel(ctx, booking.id, late, 'cancellations (late)'), keys);
    } else if (turn === 0 || turn === 9 || turn === 2 || turn === 6) {
      count(ctx, 'planned no-shows');
    } else {
      timeline.at(
        door,
        () => doCheckIn(ctx, trainerOf(ctx, session), member, session.id, door, 'class check-ins'),
        keys,
      );
    }
  });
}

async function cancel(ctx: DemoContext, bookingId: string, at: Date, kind: string) {
  await attempt(ctx, kind, () =>
    act(ctx, ctx.team.frontDesk, (scope) => cancelBooking(scope, bookingId, at)),
  );
}

/**
 * A member's chance of taking one session of a class they like, given how often they come. The
 * studio opened at the start of the history and fills up as it becomes known: classes are a
 * fifth as busy in its first weeks as now.
 */
function chanceToBook(
  ctx: DemoContext,
  schedule: DemoSchedule,
  m: DemoMember,
  index: number,
  day: string,
) {
  const weekly = m.spec.favorites.reduce((sum, i) => sum + (schedule.perWeek[i] ?? 0), 0);
  const pull = schedule.classes[index]!.pull;
  const { clock } = ctx;
  const elapsed = (Date.parse(day) - Date.parse(clock.firstDay)) / 86_400_000;
  const progress = Math.min(1, Math.max(0, elapsed / ctx.size.days));
  const growth = 0.2 + 0.8 * progress * progress;
  return Math.min(
    0.9,
    (m.spec.perWeek * ctx.size.attendance * pull * growth) / Math.max(1, weekly),
  );
}

/**
 * Plans the sessions starting on `day`: bookings made in the day or two before, their
 * cancellations and check-ins, walk-ins and course attendance.
 */
export async function planSessions(
  ctx: DemoContext,
  schedule: DemoSchedule,
  members: DemoMember[],
  timeline: Timeline,
  day: string,
): Promise<void> {
  const { clock } = ctx;
  const sessions = await runInStudio(ctx.deps.database.db as Db, ctx.organizationId, (tx) =>
    sessionsBetween(
      tx,
      ctx.organizationId,
      clock.at(day, '00:00'),
      clock.at(clock.plus(day, 1), '00:00'),
    ),
  );
  const joined = members.filter((m) => m.spec.joinDay <= day);
  for (const session of sessions) {
    const index = session.classId ? schedule.indexOf.get(session.classId) : undefined;
    if (index === undefined) {
      const course = schedule.courses.find((c) => c.id === session.classId);
      for (const m of course ? (schedule.enrolled.get(course.id) ?? []) : []) {
        if (!ctx.chance.chance(0.88)) continue;
        const at = later(session.startsAt, -minutes(ctx, 3, 12));
        timeline.at(
          at,
          () => doCheckIn(ctx, trainerOf(ctx, session), m, session.id, at, 'course check-ins'),
          keysOf(m, session.id),
        );
      }
      continue;
    }
    const start = session.startsAt;
    for (const m of joined) {
      if (!m.spec.favorites.includes(index)) continue;
      if (!ctx.chance.chance(chanceToBook(ctx, schedule, m, index, day))) continue;
      // Most just turn up (the desk books and checks them in at the door); a third book ahead.
      if (ctx.chance.chance(0.65)) {
        const at = later(start, -minutes(ctx, 1, 12));
        timeline.at(
          at,
          async () => {
            if (!m.id || !canBook(m, day)) return;
            await doCheckIn(ctx, trainerOf(ctx, session), m, session.id, at, 'walk-ins');
          },
          keysOf(m, session.id),
        );
        continue;
      }
      const bookAt = later(start, -minutes(ctx, 3 * HOUR, 40 * HOUR));
      if (bookAt < m.spec.joinAt) continue;
      scheduleBooking(ctx, timeline, session, m, bookAt);
    }
  }
  // Open gym: members scanning in at the desk without a class.
  const scans = ctx.chance.chance(0.3) ? 1 : 0;
  for (const m of ctx.chance.sample(joined, scans)) {
    const at = clock.at(
      day,
      `${String(ctx.chance.int(6, 20)).padStart(2, '0')}:${String(ctx.chance.int(0, 59)).padStart(2, '0')}`,
    );
    timeline.at(
      at,
      async () => {
        if (!m.id || !canBook(m, day)) return;
        await doCheckIn(ctx, ctx.team.frontDesk, m, null, at, 'open gym check-ins');
      },
      keysOf(m),
    );
  }
}

/**
 * The week ahead on the last day: members book upcoming classes up to a week out, and the
 * popular Barbell Club fills past its capacity (a waitlist waits for its next session).
 */
export async function bookAhead(
  ctx: DemoContext,
  schedule: DemoSchedule,
  members: DemoMember[],
  timeline: Timeline,
): Promise<void> {
  const { clock } = ctx;
  const sessions = await runInStudio(ctx.deps.database.db as Db, ctx.organizationId, (tx) =>
    sessionsBetween(
      tx,
      ctx.organizationId,
      clock.now,
      clock.at(clock.plus(clock.today, 8), '00:00'),
    ),
  );
  const active = members.filter((m) => m.id);
  const popular = schedule.classes.findIndex((c) => c.popular);
  let filled = false;
  for (const session of sessions) {
    const index = session.classId ? schedule.indexOf.get(session.classId) : undefined;
    if (index === undefined) continue;
    const day = clock.dayOf(session.startsAt);
    const far = (session.startsAt.getTime() - clock.now.getTime()) / 86_400_000;
    const fullOne = index === popular && !filled;
    if (fullOne) filled = true;
    const wanted = fullOne ? schedule.classes[index]!.capacity + 3 : Infinity;
    let placed = 0;
    for (const m of active) {
      if (placed >= wanted || !canBook(m, day)) continue;
      const keen = fullOne || m.spec.favorites.includes(index);
      const likely = chanceToBook(ctx, schedule, m, index, day) * Math.max(0.3, 1 - far / 8);
      if (!keen || (!fullOne && !ctx.chance.chance(likely))) continue;
      const at = later(clock.now, -minutes(ctx, 5, 9 * HOUR));
      if (at < m.spec.joinAt) continue;
      placed += 1;
      timeline.at(
        at,
        async () => {
          const booking = await attempt(ctx, 'bookings', () =>
            act(ctx, ctx.team.frontDesk, (scope) =>
              bookSession(scope, session.id, bookingCreateSchema.parse({ memberId: m.id }), at),
            ),
          );
          if (booking?.status === 'waitlisted') count(ctx, 'waitlisted');
        },
        keysOf(m, session.id),
      );
    }
  }
}

/** Enrolments in a course the week before it starts (all its sessions at once). */
export function scheduleEnrolments(
  ctx: DemoContext,
  schedule: DemoSchedule,
  members: DemoMember[],
  timeline: Timeline,
): void {
  for (const course of schedule.courses) {
    const list: DemoMember[] = [];
    schedule.enrolled.set(course.id, list);
    const seats = Math.min(course.capacity - 1, 7);
    let planned = 0;
    for (const m of members) {
      if (planned >= seats) break;
      if (m.spec.joinDay > course.enrolDay || m.spec.joinsOnline) continue;
      if (!ctx.chance.chance(0.25)) continue;
      planned += 1;
      const at = ctx.clock.at(course.enrolDay, `${String(10 + planned).padStart(2, '0')}:15`);
      timeline.at(at, async () => {
        if (!m.id) return;
        const done = await attempt(ctx, 'course enrolments', () =>
          act(ctx, ctx.team.frontDesk, (scope) => enrolInCourse(scope, course.id, m.id!, at)),
        );
        if (done) list.push(m);
      });
    }
  }
}
