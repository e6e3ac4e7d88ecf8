import { changePlanSchema } from '@fitbase/domain/contracts/settings';
import { runInStudio } from '../context/run-in-studio.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../http/types.ts';
import { closeEndedSessionsOn } from '../modules/bookings/bookings-jobs.service.ts';
import { runMembershipLifecycle } from '../modules/memberships/memberships-jobs.service.ts';
import { extendHorizons } from '../modules/schedule/schedule-jobs.service.ts';
import { changePlan } from '../modules/settings/settings.service.ts';
import { runBilling } from '../use-cases/billing-run.ts';
import {
  bookAhead,
  planSessions,
  scheduleEnrolments,
  type DemoSchedule,
} from './demo-attendance.ts';
import { setUpCatalog } from './demo-catalog.ts';
import { daysBetween, demoClock, weekdayOf } from './demo-clock.ts';
import { act, count, newTally, type DemoContext, type DemoTally } from './demo-context.ts';
import { finishToday } from './demo-extras.ts';
import { demoMailSink } from './demo-mail.ts';
import {
  scheduleAudiences,
  scheduleAutomations,
  scheduleCampaigns,
  tickEvening,
  type DemoAudiences,
} from './demo-marketing.ts';
import { scheduleMember, startState } from './demo-members.ts';
import { scheduleConversations } from './demo-messages.ts';
import {
  DEMO_PASSWORD,
  DEMO_SIZES,
  DEMO_STUDIO,
  DEMO_TEAM,
  type DemoSizeName,
} from './demo-options.ts';
import { castMembers } from './demo-people.ts';
import { chanceOf } from './demo-random.ts';
import { setUpSchedule } from './demo-schedule.ts';
import { scheduleStoreDay } from './demo-store.ts';
import { dropQueuedJobs, openDemoStudio, removePreviousDemo } from './demo-studio.ts';
import { Timeline } from './demo-timeline.ts';
import { billingDue, studioFigures } from './demo.sql.ts';

export interface DemoOptions {
  /** `full` (npm run demo) or `small` (the test). */
  size?: DemoSizeName;
  /** The end of the history (default: now); the test passes one instant to both of its runs. */
  now?: Date;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface DemoSignIn {
  role: string;
  name: string;
  email: string;
  /** Staff sign in with the demo password at /auth; a portal member with an emailed code. */
  password: string | null;
}

export interface DemoResult {
  organizationId: string;
  slug: string;
  /** Whether an earlier demo studio was replaced. */
  replaced: boolean;
  signIns: DemoSignIn[];
  /** The portal members' address (they sign in with a code sent to their email). */
  portalPath: string;
  /** What the studio holds (studioFigures). */
  figures: Record<string, number>;
  tally: DemoTally;
  warnings: string[];
  elapsedMs: number;
  /** Milliseconds of each phase: removing the previous demo, the history, today. */
  phases: Record<'replace' | 'open' | 'history' | 'today', number>;
}

/**
 * `npm run demo` (docs/product/demo-studio.md): replaces the demo studio "Demo Fitness" with a
 * new one whose history ends now, made day by day through the services and jobs real use
 * runs, each told the time it happens. Touches nothing outside the demo studio and its accounts.
 */
export async function runDemo(deps: Deps, options: DemoOptions = {}): Promise<DemoResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const size = DEMO_SIZES[options.size ?? 'full'];
  // To the minute, so two runs in one minute (or one `now`) tell the same story.
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 60_000) * 60_000);
  const clock = demoClock(DEMO_STUDIO.timeZone, size.days, now);
  const sink = demoMailSink();
  // The studio's email (staff accounts, campaigns, messages) goes to the sink, never out.
  const demoDeps: Deps = { ...deps, mailer: sink };
  const db = deps.database.db as Db;

  const phases = { replace: 0, open: 0, history: 0, today: 0 };
  let mark = performance.now();
  const lap = (phase: keyof typeof phases) => {
    const t = performance.now();
    phases[phase] = t - mark;
    mark = t;
  };
  const { replaced } = await removePreviousDemo(demoDeps);
  lap('replace');
  const { organizationId, team, warnings } = await openDemoStudio(demoDeps, clock);
  log(
    `Opened ${DEMO_STUDIO.name} on ${clock.firstDay}; history runs to ${clock.today} (${clock.timeZone}).`,
  );
  const ctx: DemoContext = {
    deps: demoDeps,
    organizationId,
    slug: DEMO_STUDIO.slug,
    clock,
    chance: chanceOf(0x5eed + size.days + size.members),
    size,
    team,
    sink,
    tally: newTally(),
    audited: false,
    turns: { bookings: 0, early: false, late: false },
  };
  count(ctx, 'staff', 1 + DEMO_TEAM.length - 1);
  const catalog = await setUpCatalog(ctx);
  const { classes, courses } = await setUpSchedule(ctx, catalog);
  const schedule: DemoSchedule = {
    classes,
    courses,
    indexOf: new Map(classes.map((c, i) => [c.id, i])),
    enrolled: new Map(),
    perWeek: classes.map((c) => c.daysPerWeek),
  };
  const members = castMembers(clock, ctx.chance, size.members, classes.length, size.days).map(
    startState,
  );
  // PostgreSQL runs a few independent events at once (its pool has the connections); the
  // embedded database is one connection.
  const timeline = new Timeline(clock.now, deps.database.kind === 'postgres' ? 4 : 1);
  for (const m of members) scheduleMember(ctx, catalog, timeline, m);
  scheduleEnrolments(ctx, schedule, members, timeline);
  let audiences: DemoAudiences | null = null;
  scheduleAudiences(ctx, catalog, members, timeline, (found) => (audiences = found));
  scheduleCampaigns(ctx, () => audiences, catalog, timeline);
  scheduleAutomations(ctx, catalog, timeline);
  scheduleConversations(ctx, members, timeline);
  // The owner leaves the free trial for the Pro plan (Settings › Billing) in the second week.
  const upgradeAt = clock.at(clock.plus(clock.firstDay, Math.min(10, size.days - 2)), '11:00');
  timeline.at(upgradeAt, async () => {
    await act(ctx, team.owner, (scope) =>
      changePlan(scope, changePlanSchema.parse({ tier: 'pro' }), upgradeAt),
    );
  });

  lap('open');
  const only = { organizationId };
  const days = daysBetween(clock.firstDay, clock.today);
  for (const [i, day] of days.entries()) {
    // The background jobs of the day, as the job runner would run them (this studio only).
    // The lifecycle job and the billing run every third day (a running server runs them every
    // 15 minutes): what ends or falls due between is handled on the next run's day; a retry of
    // a failed payment is made on its own day.
    if (i % 3 === 1 || day === clock.today)
      timeline.at(clock.at(day, '00:30'), async () => {
        await runMembershipLifecycle(demoDeps, clock.at(day, '00:30'), only);
      });
    // The horizon keeps 12 weeks of sessions: every fourth Monday is enough to stay ahead.
    if (weekdayOf(day) === 0 && i % 28 < 7)
      timeline.at(clock.at(day, '01:00'), () =>
        extendHorizons(demoDeps, clock.at(day, '01:00'), only),
      );
    const billingDay = i % 3 === 0 || day === clock.today;
    timeline.at(clock.at(day, '06:00'), async () => {
      // A day with nothing to charge is skipped (the run would find nothing; a running server's
      // run checks every studio with one read).
      const { due, retry } = await runInStudio(db, organizationId, (tx) =>
        billingDue(tx, organizationId, day),
      );
      if (!retry && !(billingDay && due)) return;
      const stats = await runBilling(demoDeps, clock.at(day, '06:00'), {
        ...only,
        recordAtNow: true,
      });
      count(ctx, 'billing charges paid', stats.paid);
      count(ctx, 'billing charges failed', stats.failed);
    });
    // Each Sunday night the close-sessions job, and every fifth night the automations tick,
    // catch up on what ended since (a running server runs them every few minutes; a finer step
    // here would only cost time: each closes or starts what it finds, at its own time).
    if (weekdayOf(day) === 6)
      timeline.at(clock.at(day, '23:50'), () =>
        closeEndedSessionsOn(db, clock.at(day, '23:50'), only),
      );
    if (i % 5 === 4)
      timeline.at(clock.at(day, '23:55'), () => tickEvening(ctx, clock.at(day, '23:55')));
    await planSessions(ctx, schedule, members, timeline, clock.plus(day, 1));
    scheduleStoreDay(ctx, catalog, members, timeline, day);
    await timeline.runUntil(clock.at(clock.plus(day, 1), '00:00'));
    if (i % 30 === 29) log(`  ${day}: ${members.filter((m) => m.id).length} members so far`);
  }
  lap('history');
  // Today: the week ahead gets booked, and attendance of the classes already over is closed.
  await bookAhead(ctx, schedule, members, timeline);
  await timeline.runUntil(clock.now);
  await closeEndedSessionsOn(db, clock.now, only);
  await tickEvening(ctx, clock.now);
  ctx.audited = true;
  const today = await finishToday(ctx, catalog, members);
  // Jobs the history queued and never ran (months-old notices): not sent when the server starts.
  count(ctx, 'queued jobs dropped', await dropQueuedJobs(demoDeps, organizationId));
  const figures = await runInStudio(db, organizationId, (tx) => studioFigures(tx, organizationId));
  lap('today');
  const person = (email: string) => {
    const spec = DEMO_TEAM.find((p) => p.email === email)!;
    return {
      role: spec.role,
      name: `${spec.firstName} ${spec.lastName}`,
      email,
      password: DEMO_PASSWORD,
    };
  };
  const portalEmail = today.portalMembers[0] ?? members.find((m) => m.id)!.spec.email;
  const portalMember = members.find((m) => m.spec.email === portalEmail)!;
  return {
    organizationId,
    slug: DEMO_STUDIO.slug,
    replaced,
    signIns: [
      person('owner@demo.fitbase.local'),
      person('admin@demo.fitbase.local'),
      person('trainer@demo.fitbase.local'),
      person('staff@demo.fitbase.local'),
      {
        role: 'member',
        name: `${portalMember.spec.firstName} ${portalMember.spec.lastName}`,
        email: portalEmail,
        password: null,
      },
    ],
    portalPath: `/m/${DEMO_STUDIO.slug}`,
    figures,
    tally: ctx.tally,
    warnings,
    elapsedMs: performance.now() - started,
    phases,
  };
}
