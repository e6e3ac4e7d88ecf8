import { TZDate } from '@date-fns/tz';
import rrulePackage from 'rrule';
import { addDays, localDateOf, mondayOf } from './calendar-days.ts';

// One definition of local-day arithmetic (calendar-days.ts, which the browser can load too).
export { addDays, localDateOf, mondayOf };

// rrule ships CommonJS; its default export carries the classes on both module systems.
const { RRule } = rrulePackage;
type RRuleOptions = ConstructorParameters<typeof RRule>[0];

/**
 * Class recurrence (docs/product/schedule.md#recurrence). A rule is an RFC 5545 RRULE body
 * without DTSTART ("FREQ=WEEKLY;BYDAY=MO,WE,FR"); it starts on a local date at a local
 * wall-clock time in the organization's IANA time zone. Occurrences are expanded in floating
 * wall-clock time (rrule with UTC fields standing for local ones, no TZID: rrule's own time-zone
 * handling has open daylight-saving bugs) and each local date + time then becomes an instant
 * with @date-fns/tz, so 07:00 stays 07:00 local across daylight-saving changes.
 */

/** A message a person can act on; the server answers it as a 400. */
export class RecurrenceError extends Error {
  constructor(
    message: string,
    readonly field: 'recurrenceRule' | 'timeZone' = 'recurrenceRule',
  ) {
    super(message);
    this.name = 'RecurrenceError';
  }
}

export interface Occurrence {
  /** Local date of the occurrence, YYYY-MM-DD. */
  date: string;
  /** The instant the local date + start time is in the time zone. */
  startsAt: Date;
}

const FINER_THAN_DAILY = new Set([RRule.HOURLY, RRule.MINUTELY, RRule.SECONDLY]);
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{2}):(\d{2})(?::\d{2})?$/;

const invalid = (reason: string) => new RecurrenceError(`Recurrence rule is not valid: ${reason}`);

const KNOWN_ZONES = new Set<string>();

/** Throws RecurrenceError('Unknown time zone') unless `timeZone` is an IANA zone name. */
export function assertTimeZone(timeZone: string): void {
  // Building an Intl formatter costs ~0.3 ms; the week view checks the studio's zone on every
  // request, so known zones are remembered (the set of IANA names is small and fixed).
  if (KNOWN_ZONES.has(timeZone)) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
  } catch {
    throw new RecurrenceError('Unknown time zone', 'timeZone');
  }
  KNOWN_ZONES.add(timeZone);
}

/**
 * Checks an RRULE body and answers it in canonical form (upper case, no "RRULE:" prefix).
 * Refuses DTSTART (the class's start date and time are the start), anything more often than
 * daily and BYHOUR/BYMINUTE/BYSECOND (a class meets once a day, at its start time).
 */
export function normalizeRecurrenceRule(body: string): string {
  const text = body
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (text === '') throw invalid('it is empty.');
  if (/[\r\n]/.test(text) || /(^|;)\s*(DTSTART|TZID|RDATE|EXDATE|EXRULE)\b/.test(text))
    throw invalid('give only the rule (FREQ=…), without DTSTART: the class start is the start.');
  let options: Partial<RRuleOptions>;
  try {
    options = RRule.parseString(text);
  } catch (error) {
    throw invalid(`${(error as Error).message}.`);
  }
  if (options.dtstart) throw invalid('DTSTART is not allowed in the rule.');
  if (options.freq === undefined || options.freq === null) throw invalid('FREQ is missing.');
  if (FINER_THAN_DAILY.has(options.freq))
    throw invalid('a class repeats at most daily (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY).');
  if (/(^|;)(BYHOUR|BYMINUTE|BYSECOND)=/.test(text))
    throw invalid('BYHOUR, BYMINUTE and BYSECOND are not supported; set the start time.');
  if (
    options.interval !== undefined &&
    !(Number.isInteger(options.interval) && options.interval >= 1)
  )
    throw invalid('INTERVAL must be a whole number of at least 1.');
  if (
    options.count !== undefined &&
    options.count !== null &&
    !(Number.isInteger(options.count) && options.count >= 1)
  )
    throw invalid('COUNT must be a whole number of at least 1.');
  if (options.count != null && options.until) throw invalid('use COUNT or UNTIL, not both.');
  if (options.until && Number.isNaN(options.until.getTime())) throw invalid('UNTIL is not a date.');
  const weekdays = options.byweekday;
  if (Array.isArray(weekdays) && weekdays.some((d) => d === undefined || d === null))
    throw invalid('BYDAY must list days such as MO,WE,FR.');
  for (const key of ['bymonth', 'bymonthday', 'byyearday', 'byweekno', 'bysetpos'] as const) {
    const value = options[key];
    const list = Array.isArray(value)
      ? value
      : value === undefined || value === null
        ? []
        : [value];
    if (list.some((n) => typeof n !== 'number' || !Number.isInteger(n)))
      throw invalid(`${key.toUpperCase()} must list whole numbers.`);
  }
  try {
    // Constructing validates the combination; the first occurrence proves it yields dates.
    new RRule({ ...options, dtstart: new Date(Date.UTC(2000, 0, 1)) });
  } catch (error) {
    throw invalid(`${(error as Error).message}.`);
  }
  return text;
}

function parseDate(date: string): [number, number, number] {
  const m = LOCAL_DATE.exec(date);
  if (!m) throw new RecurrenceError(`Not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function parseTime(time: string): [number, number] {
  const m = LOCAL_TIME.exec(time);
  if (!m) throw new RecurrenceError(`Not a time: ${time}`);
  return [Number(m[1]), Number(m[2])];
}

/** Floating wall-clock: a Date whose UTC fields are the local date and time. */
function floating(date: string, time = '00:00'): Date {
  const [y, mo, d] = parseDate(date);
  const [h, mi] = parseTime(time);
  return new Date(Date.UTC(y, mo - 1, d, h, mi));
}

const isoDate = (floatingDate: Date) => floatingDate.toISOString().slice(0, 10);

/** The instant a local date and wall-clock time are in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = parseDate(date);
  const [h, mi] = parseTime(time);
  return new Date(new TZDate(y, mo - 1, d, h, mi, timeZone).getTime());
}

/** The local wall-clock time (HH:MM) of an instant in `timeZone`. */
export function localTimeOf(instant: Date, timeZone: string): string {
  const z = new TZDate(instant.getTime(), timeZone);
  return `${String(z.getHours()).padStart(2, '0')}:${String(z.getMinutes()).padStart(2, '0')}`;
}

/** The rule with its series ending on the local date `endsOn` (inclusive), as UNTIL. */
export function withEndDate(rule: string, endsOn: string): string {
  const parts = rule.split(';').filter((p) => !/^(UNTIL|COUNT)=/.test(p));
  return [...parts, `UNTIL=${endsOn.replaceAll('-', '')}T235959`].join(';');
}

/** The last local date of a rule with UNTIL, else null (COUNT or open-ended). */
export function ruleEndDate(rule: string | null): string | null {
  const m = rule ? /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})/.exec(rule) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** Whether the rule says how it ends (UNTIL or COUNT). */
export function ruleHasEnd(rule: string): boolean {
  return /(^|;)(UNTIL|COUNT)=/.test(rule);
}

/** The rule anchored at the floating start; a date-only UNTIL ends on that day. */
function anchoredRule(rule: string, startsOn: string, time: string) {
  const text = normalizeRecurrenceRule(rule);
  const options = RRule.parseString(text);
  if (options.until && !/UNTIL=\d{8}T/.test(text))
    options.until = floating(isoDate(options.until), '23:59');
  return new RRule({ ...options, dtstart: floating(startsOn, time), tzid: null });
}

export interface ExpandInput {
  /** RRULE body, or null for a one-off on `startsOn`. */
  rule: string | null;
  startsOn: string;
  /** Local wall-clock start, HH:MM (seconds ignored). */
  startTime: string;
  timeZone: string;
  /** First local date to answer (inclusive). */
  from: string;
  /** Last local date to answer (inclusive). */
  to: string;
}

/** The occurrences whose local date lies between `from` and `to` (both inclusive). */
export function expandOccurrences(input: ExpandInput): Occurrence[] {
  assertTimeZone(input.timeZone);
  const time = input.startTime.slice(0, 5);
  if (input.to < input.from) return [];
  let dates: string[];
  if (!input.rule) {
    dates = input.startsOn >= input.from && input.startsOn <= input.to ? [input.startsOn] : [];
  } else {
    const rule = anchoredRule(input.rule, input.startsOn, time);
    const windowStart = floating(input.from);
    const windowEnd = new Date(floating(addDays(input.to, 1)).getTime() - 1);
    dates = rule.between(windowStart, windowEnd, true).map(isoDate);
  }
  return dates.map((date) => ({ date, startsAt: zonedInstant(date, time, input.timeZone) }));
}

/** Whether the rule (or a one-off) yields any occurrence at all. */
export function hasAnyOccurrence(
  rule: string | null,
  startsOn: string,
  startTime: string,
): boolean {
  if (!rule) return true;
  return (
    anchoredRule(rule, startsOn, startTime.slice(0, 5)).after(floating(startsOn), true) !== null
  );
}

/** The local date of the rule's last occurrence, or null when it runs on without end. */
export function lastOccurrenceDate(
  rule: string | null,
  startsOn: string,
  startTime: string,
): string | null {
  if (!rule) return startsOn;
  if (!ruleHasEnd(rule)) return null;
  const all = anchoredRule(rule, startsOn, startTime.slice(0, 5)).all((_d, i) => i < 100_000);
  const last = all.at(-1);
  return last ? isoDate(last) : null;
}
