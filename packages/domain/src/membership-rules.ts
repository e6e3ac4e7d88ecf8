import { addMonths, addYears, differenceInCalendarDays, getDaysInMonth } from 'date-fns';
import type { MembershipStatus } from './constants.ts';
import type { BillingInterval, MembershipState, PlanKind } from './money-constants.ts';
import { addDays, localDateOf, mondayOf, zonedInstant } from './recurrence.ts';
import { formatDay } from './studio-format.ts';

/**
 * Pure membership rules (docs/product/money-and-store.md#plans-and-memberships): the member's
 * status from their memberships, billing dates, pauses, expiry, the weekly class window and
 * the minimum term. Dates are local calendar dates (YYYY-MM-DD) in the studio's time zone.
 */

// ---------------------------------------------------------------------------------------------
// Calendar helpers on local dates (never through the machine's time zone)

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}

/** A floating calendar date for date-fns; only its y/m/d fields are read back. */
const floating = (date: string) => {
  const [y, m, d] = parts(date);
  return new Date(y, m - 1, d, 12);
};

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(floating(to), floating(from));
}

/**
 * A local date for messages, in the studio's locale: "Apr 29, 2027" (en-US), "29 Apr 2027"
 * (en-GB), "29.04.2027" (de-DE), "2027/04/29" (ja-JP).
 */
export function describeDate(date: string, locale: string): string {
  return formatDay(date, { locale });
}

const isLastDayOfMonth = (date: string) => {
  const d = floating(date);
  return d.getDate() === getDaysInMonth(d);
};

// ---------------------------------------------------------------------------------------------
// Billing dates

/**
 * `date` moved by `count` intervals keeping the anchor day: a month-end that does not exist is
 * clamped (Jan 31 → Feb 28/29) and the next month returns to the anchor (→ Mar 31).
 */
export function addBillingPeriods(
  date: string,
  interval: BillingInterval,
  count: number,
  anchorDay: number = parts(date)[2],
): string {
  if (interval === 'week') return addDays(date, 7 * count);
  const moved =
    interval === 'month' ? addMonths(floating(date), count) : addYears(floating(date), count);
  moved.setDate(Math.min(anchorDay, getDaysInMonth(moved)));
  return iso(moved);
}

/**
 * The billing date after `current` for a membership that started on `startDate`. A date clamped
 * to a month's end goes back to the start's day (Jan 31 → Feb 28 → Mar 31); a date a pause moved
 * elsewhere keeps its own day from then on.
 */
export function nextBillingDate(
  current: string,
  interval: BillingInterval,
  startDate: string,
): string {
  const startDay = parts(startDate)[2];
  const ownDay = parts(current)[2];
  const anchor = isLastDayOfMonth(current) ? Math.max(ownDay, startDay) : ownDay;
  return addBillingPeriods(current, interval, 1, anchor);
}

/** The first billing date of a recurring membership: the first period is paid at the sale. */
export function firstBillingDate(startDate: string, interval: BillingInterval): string {
  return addBillingPeriods(startDate, interval, 1);
}

// ---------------------------------------------------------------------------------------------
// What a sale creates

export interface PlanTerms {
  kind: PlanKind;
  billingInterval: BillingInterval | null;
  credits: number | null;
  validityDays: number | null;
}

/** A drop-in without its own validity is good for this many days. */
export const DROP_IN_DEFAULT_VALIDITY_DAYS = 30;

/**
 * End date, first billing date and credits of a membership sold on `startDate`:
 * membership → open-ended, billed one interval after the start; class pack → plan credits,
 * ends after validityDays (none = no expiry); drop-in → 1 credit (or the plan's), valid
 * validityDays (default 30); trial → validityDays long, unlimited unless the plan has credits;
 * add-on → one charge, ends after validityDays when set.
 */
export function membershipTerms(
  plan: PlanTerms,
  startDate: string,
): { endDate: string | null; nextBillingDate: string | null; creditsRemaining: number | null } {
  const endAfter = (days: number | null) => (days ? addDays(startDate, days - 1) : null);
  switch (plan.kind) {
    case 'membership':
      return {
        endDate: null,
        nextBillingDate: firstBillingDate(startDate, plan.billingInterval ?? 'month'),
        creditsRemaining: null,
      };
    case 'class_pack':
      return {
        endDate: endAfter(plan.validityDays),
        nextBillingDate: null,
        creditsRemaining: plan.credits,
      };
    case 'drop_in':
      return {
        endDate: endAfter(plan.validityDays ?? DROP_IN_DEFAULT_VALIDITY_DAYS),
        nextBillingDate: null,
        creditsRemaining: plan.credits ?? 1,
      };
    case 'trial':
      return {
        endDate: endAfter(plan.validityDays),
        nextBillingDate: null,
        creditsRemaining: plan.credits,
      };
    case 'add_on':
      return {
        endDate: endAfter(plan.validityDays),
        nextBillingDate: null,
        creditsRemaining: null,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Pause and resume

/** The longest pause staff can set, in months from today. */
export const MAX_PAUSE_MONTHS = 6;

/** Null when the resume date is acceptable, else the message for the form. */
export function pauseProblem(today: string, resumesOn: string): string | null {
  if (resumesOn <= today) return 'Resume date must be after today';
  const latest = addBillingPeriods(today, 'month', MAX_PAUSE_MONTHS);
  if (resumesOn > latest)
    return `A pause lasts at most ${MAX_PAUSE_MONTHS} months (until ${latest})`;
  return null;
}

export const shiftDate = (date: string | null, days: number) =>
  date === null || days === 0 ? date : addDays(date, days);

/**
 * Pausing from `pausedOn` until `resumesOn` moves the next billing date and the end date by the
 * paused days (the member does not pay or lose time while paused).
 */
export function pauseShift(
  dates: { nextBillingDate: string | null; endDate: string | null },
  pausedOn: string,
  resumesOn: string,
): { nextBillingDate: string | null; endDate: string | null; days: number } {
  const days = daysBetween(pausedOn, resumesOn);
  return {
    nextBillingDate: shiftDate(dates.nextBillingDate, days),
    endDate: shiftDate(dates.endDate, days),
    days,
  };
}

/**
 * Resuming on `today` before the planned `resumesOn`: the pause shifted the dates by the planned
 * days, so the days not used are given back (the dates move earlier by them).
 */
export function resumeShift(
  dates: { nextBillingDate: string | null; endDate: string | null },
  today: string,
  resumesOn: string,
): { nextBillingDate: string | null; endDate: string | null } {
  const unused = Math.max(0, daysBetween(today, resumesOn));
  return {
    nextBillingDate: shiftDate(dates.nextBillingDate, -unused),
    endDate: shiftDate(dates.endDate, -unused),
  };
}

// ---------------------------------------------------------------------------------------------
// Cancelling

/** Cancel at period end: the membership's last day is the day before its next billing date. */
export function periodEndDate(nextBillingDateValue: string): string {
  return addDays(nextBillingDateValue, -1);
}

/**
 * The last day of a minimum term of `periods` billing periods from `startDate`; null when the
 * plan has none. A cancellation whose last day is before it is refused.
 */
export function minimumTermEnd(
  startDate: string,
  interval: BillingInterval | null,
  periods: number | null,
): string | null {
  if (!periods || !interval) return null;
  return addDays(addBillingPeriods(startDate, interval, periods), -1);
}

/** Whether a membership may end on `lastDay` under its minimum term. */
export function servesMinimumTerm(lastDay: string, termEnd: string | null): boolean {
  return termEnd === null || lastDay >= termEnd;
}

// ---------------------------------------------------------------------------------------------
// Expiry and the daily lifecycle

export interface LifecycleInput {
  status: MembershipState;
  endDate: string | null;
  resumesOn: string | null;
  cancelAtPeriodEnd: boolean;
  /** A pause booked ahead: it starts on this day. */
  pauseStartsOn?: string | null;
}

/**
 * What the daily lifecycle does with one membership on `today`: a paused one resumes on its
 * date; one whose end date has passed ends (cancelled when it was cancelled at period end,
 * else expired); anything else stays. Running it twice changes nothing more.
 */
export function lifecycleTransition(
  m: LifecycleInput,
  today: string,
): 'pause' | 'resume' | 'expire' | 'cancel' | null {
  if (
    m.status === 'active' &&
    m.pauseStartsOn &&
    m.pauseStartsOn <= today &&
    (m.endDate === null || m.endDate >= m.pauseStartsOn)
  )
    return 'pause';
  if (m.status === 'paused') {
    if (m.resumesOn !== null && m.resumesOn <= today) {
      return m.endDate !== null && m.endDate < today
        ? m.cancelAtPeriodEnd
          ? 'cancel'
          : 'expire'
        : 'resume';
    }
    return null;
  }
  if (m.status !== 'active' && m.status !== 'past_due') return null;
  if (m.endDate === null || m.endDate >= today) return null;
  return m.cancelAtPeriodEnd ? 'cancel' : 'expire';
}

/** Whether a membership can pay for a class on `date` (its local date). */
export function coversDate(
  m: { status: MembershipState; startDate: string; endDate: string | null },
  date: string,
): boolean {
  if (m.status !== 'active' && m.status !== 'past_due') return false;
  return m.startDate <= date && (m.endDate === null || date <= m.endDate);
}

/**
 * What a class on `date` costs a member, as the booking will decide it (the order of
 * membership-entitlements.service.ts): included in a membership without credits that covers the
 * day, else one credit of a covering pack that has some, else nothing pays for it. Null for a
 * member who never had a membership or pack (they book as before). The weekly class limit is
 * checked when booking.
 */
export type ClassCost =
  | { kind: 'included'; planName: string }
  | { kind: 'credit'; planName: string; creditsLeft: number }
  | { kind: 'none' };

export function classCost(
  memberships: ReadonlyArray<{
    planName: string;
    status: MembershipState;
    startDate: string;
    endDate: string | null;
    creditsRemaining: number | null;
  }>,
  date: string,
): ClassCost | null {
  if (memberships.length === 0) return null;
  const covering = memberships.filter((m) => coversDate(m, date));
  const included = covering.find((m) => m.creditsRemaining === null);
  if (included) return { kind: 'included', planName: included.planName };
  const pack = covering.find((m) => (m.creditsRemaining ?? 0) > 0);
  if (pack) return { kind: 'credit', planName: pack.planName, creditsLeft: pack.creditsRemaining! };
  return { kind: 'none' };
}

// ---------------------------------------------------------------------------------------------
// Weekly class limit

/** The week (Monday 00:00 to the next Monday 00:00, studio time) that holds `instant`. */
export function weekWindow(instant: Date, timeZone: string): { from: Date; to: Date } {
  const monday = mondayOf(localDateOf(instant, timeZone));
  return {
    from: zonedInstant(monday, '00:00', timeZone),
    to: zonedInstant(addDays(monday, 7), '00:00', timeZone),
  };
}

// ---------------------------------------------------------------------------------------------
// The member's status from their memberships (the one rule)

export interface MembershipForStatus {
  kind: PlanKind;
  planName: string;
  status: MembershipState;
  startDate: string;
  endDate: string | null;
  /** Set when staff cancelled it (now or at period end). */
  cancelledAt: Date | string | null;
}

export interface DerivedMemberStatus {
  membershipStatus: MembershipStatus;
  membershipType: string;
  membershipStartDate: string;
  membershipEndDate: string | null;
}

const CURRENT: ReadonlyArray<MembershipState> = ['active', 'past_due', 'paused'];

const latestFirst = (a: MembershipForStatus, b: MembershipForStatus) =>
  b.startDate.localeCompare(a.startDate);

/** When it ended (or will): its end date, else its start (an open-ended one that was stopped). */
const endedOn = (m: MembershipForStatus) => m.endDate ?? m.startDate;

/**
 * The member's membership_status, membership_type and dates from their memberships: any active
 * or past-due → active; else any paused → suspended; else the latest that ended decides:
 * cancelled when it ended by a cancellation, else inactive. Type and dates are the current
 * membership's (latest start), or the latest ended one's. Add-ons do not give access and are
 * left out. Null (no memberships): the member keeps the status staff set (legacy members).
 */
export function deriveMemberStatus(
  memberships: ReadonlyArray<MembershipForStatus>,
): DerivedMemberStatus | null {
  const relevant = memberships.filter((m) => m.kind !== 'add_on');
  if (relevant.length === 0) return null;
  const describe = (m: MembershipForStatus, status: MembershipStatus): DerivedMemberStatus => ({
    membershipStatus: status,
    membershipType: m.planName,
    membershipStartDate: m.startDate,
    membershipEndDate: m.endDate,
  });
  const running = relevant.filter((m) => m.status === 'active' || m.status === 'past_due');
  if (running.length > 0) return describe([...running].sort(latestFirst)[0]!, 'active');
  const paused = relevant.filter((m) => m.status === 'paused');
  if (paused.length > 0) return describe([...paused].sort(latestFirst)[0]!, 'suspended');
  const ended = [...relevant].sort(
    (a, b) => endedOn(b).localeCompare(endedOn(a)) || latestFirst(a, b),
  )[0]!;
  const byCancellation = ended.status === 'cancelled' || ended.cancelledAt !== null;
  return describe(ended, byCancellation ? 'cancelled' : 'inactive');
}

export const isCurrentMembership = (status: MembershipState) => CURRENT.includes(status);

// ---------------------------------------------------------------------------------------------
// Cancelling online (docs/product/member-portal.md#membership)

export interface OnlineCancelInput {
  today: string;
  startDate: string;
  nextBillingDate: string | null;
  endDate: string | null;
  interval: BillingInterval | null;
  minimumTermPeriods: number | null;
  noticeDays: number;
}

/**
 * The last day of a membership a member cancels today: the end of the billing period in which
 * both the studio's notice period has run and the plan's minimum term is served. A membership
 * without billing ends on its end date. Null: nothing to end (no billing and no end date).
 */
export function onlineCancelLastDay(input: OnlineCancelInput): string | null {
  const { today, startDate, nextBillingDate: next, interval } = input;
  if (!next || !interval) return input.endDate;
  const noticeRuns = addDays(today, input.noticeDays);
  const termEnd = minimumTermEnd(startDate, interval, input.minimumTermPeriods);
  const earliest = termEnd && termEnd > noticeRuns ? termEnd : noticeRuns;
  let periodStart = next;
  let lastDay = periodEndDate(periodStart);
  while (lastDay < earliest) {
    periodStart = nextBillingDate(periodStart, interval, startDate);
    lastDay = periodEndDate(periodStart);
  }
  return lastDay;
}

// ---------------------------------------------------------------------------------------------
// Pausing online (docs/product/member-portal.md#membership)

export interface OnlinePauseInput {
  today: string;
  firstDay: string;
  lastDay: string;
  /** The pauses the membership already started (or booked) in the first day's calendar year. */
  pausesThatYear: number;
  rules: { pauseMinDays: number; pauseMaxDays: number; pausesPerYear: number };
}

/** Why the studio's rules refuse this pause, in words a member can act on; null when allowed. */
export function onlinePauseProblem(input: OnlinePauseInput): string | null {
  const { today, firstDay, lastDay, rules } = input;
  if (firstDay < today) return 'The first paused day cannot be in the past.';
  if (lastDay < firstDay) return 'The last paused day must be on or after the first.';
  const length = daysBetween(firstDay, lastDay) + 1;
  if (length < rules.pauseMinDays)
    return `A pause lasts at least ${rules.pauseMinDays} days: this one is ${length}.`;
  if (length > rules.pauseMaxDays)
    return `A pause lasts at most ${rules.pauseMaxDays} days: this one is ${length}.`;
  if (input.pausesThatYear >= rules.pausesPerYear)
    return rules.pausesPerYear === 0
      ? 'This studio does not take pauses online: ask the studio.'
      : `You can pause at most ${rules.pausesPerYear} times a year, and ${firstDay.slice(0, 4)} already has ${input.pausesThatYear}.`;
  return null;
}
