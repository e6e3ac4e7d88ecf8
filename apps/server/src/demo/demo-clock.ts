import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';

/**
 * The demo's calendar: the studio's own days, from the day it opened to today in its time zone.
 * Every service the demo calls is told the time through `at(day, 'HH:MM')`, so six months of
 * history are made by the code paths real use takes, each at the moment it would have happened.
 */
export interface DemoClock {
  timeZone: string;
  /** Today in the studio's zone: the history ends here. */
  today: string;
  /** The first day of the history (the studio opened). */
  firstDay: string;
  /** The real instant the run started: nothing is made after it. */
  now: Date;
  /** The instant of a local wall-clock time on a local day. */
  at(day: string, time: string): Date;
  /** A local day plus n days. */
  plus(day: string, n: number): string;
  /** The local day of an instant. */
  dayOf(instant: Date): string;
}

export function demoClock(timeZone: string, days: number, now = new Date()): DemoClock {
  const today = localDateOf(now, timeZone);
  return {
    timeZone,
    today,
    firstDay: addDays(today, -days),
    now,
    at: (day, time) => zonedInstant(day, time, timeZone),
    plus: (day, n) => addDays(day, n),
    dayOf: (instant) => localDateOf(instant, timeZone),
  };
}

/** An instant `minutes` after another. */
export const later = (instant: Date, minutes: number) =>
  new Date(instant.getTime() + minutes * 60_000);

/** The local days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** 0 = Monday … 6 = Sunday, of a local date. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}
