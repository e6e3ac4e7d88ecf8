import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { FeedEventRow } from './calendar-feeds.sql.ts';

export interface FeedCalendar {
  /** The calendar's name in the subscriber's app ("Studio Zen – My bookings"). */
  name: string;
  timeZone: string;
  /** Where an event links to (the portal's bookings, the staff schedule). */
  url: string;
  /** Whose feed: a member's places, or what a trainer teaches. */
  kind: 'member' | 'trainer';
}

/** How long a subscribing app should wait before asking again (calendar apps poll). */
const REFRESH_SECONDS = 60 * 60;

function summaryOf(event: FeedEventRow, kind: FeedCalendar['kind']): string {
  if (kind === 'member' && event.booking_status === 'waitlisted')
    return event.waitlist_position === null
      ? `${event.name} (waitlist)`
      : `${event.name} (waitlist #${event.waitlist_position})`;
  return event.name;
}

function descriptionOf(event: FeedEventRow, kind: FeedCalendar['kind']): string {
  const lines: string[] = [];
  if (event.session_status === 'cancelled')
    lines.push(
      event.cancel_reason
        ? `Cancelled by the studio: ${event.cancel_reason}`
        : 'Cancelled by the studio',
    );
  if (event.trainer) lines.push(`Trainer: ${event.trainer}`);
  if (kind === 'trainer') {
    lines.push(`Booked: ${event.booked} of ${event.capacity}`);
    if (event.waitlisted > 0) lines.push(`Waitlist: ${event.waitlisted}`);
  }
  return lines.join('\n');
}

/**
 * The feed as iCalendar text (RFC 5545): times in the studio's time zone with its VTIMEZONE
 * (so Google, Apple and Outlook show them right wherever the subscriber is), a stable UID per
 * place or session so an update replaces the event, and the studio's cancellations marked
 * STATUS:CANCELLED rather than dropped.
 */
export function feedIcs(calendar: FeedCalendar, events: FeedEventRow[]): string {
  const cal = ical({
    name: calendar.name,
    prodId: { company: 'FitBase', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
    timezone: {
      name: calendar.timeZone,
      generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null,
    },
  });
  const at = (d: Date) => new TZDate(d, calendar.timeZone);
  for (const event of events) {
    cal.createEvent({
      id: event.uid,
      start: at(event.starts_at),
      end: at(event.ends_at),
      stamp: event.updated_at,
      lastModified: event.updated_at,
      timezone: calendar.timeZone,
      summary: summaryOf(event, calendar.kind),
      description: descriptionOf(event, calendar.kind) || null,
      location: event.facility,
      url: calendar.url,
      status:
        event.session_status === 'cancelled'
          ? ICalEventStatus.CANCELLED
          : calendar.kind === 'member' && event.booking_status === 'waitlisted'
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
