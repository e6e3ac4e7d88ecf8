import { describe, expect, it } from 'vitest';
import { dateBadge, formatLocalDate, sessionCapacity, sessionTimeRange } from './home-format';
import { relativeTime } from './relative-time';

describe('sessionCapacity', () => {
  it('colours by percent booked: 90+ red, 70+ orange, 50+ yellow, else green', () => {
    expect(sessionCapacity(9, 10)).toMatchObject({ percent: 90, level: 'red' });
    expect(sessionCapacity(89, 100)).toMatchObject({ percent: 89, level: 'orange' });
    expect(sessionCapacity(7, 10)).toMatchObject({ percent: 70, level: 'orange' });
    expect(sessionCapacity(69, 100)).toMatchObject({ percent: 69, level: 'yellow' });
    expect(sessionCapacity(1, 2)).toMatchObject({ percent: 50, level: 'yellow' });
    expect(sessionCapacity(49, 100)).toMatchObject({ percent: 49, level: 'green' });
    expect(sessionCapacity(0, 12)).toMatchObject({ percent: 0, level: 'green' });
  });

  it('rounds to whole percent, stays at 100 when overbooked and reads 0 without capacity', () => {
    expect(sessionCapacity(1, 3).percent).toBe(33);
    expect(sessionCapacity(2, 3).percent).toBe(67);
    expect(sessionCapacity(12, 10)).toMatchObject({ percent: 100, level: 'red' });
    expect(sessionCapacity(0, 0)).toMatchObject({ percent: 0, level: 'green' });
  });
});

describe('session times in the studio time zone', () => {
  it('shows the local time range and date badge of the studio, not of the browser', () => {
    const startsAt = '2026-03-06T03:30:00.000Z';
    const endsAt = '2026-03-06T04:30:00.000Z';
    expect(sessionTimeRange(startsAt, endsAt, 'America/New_York')).toBe('10:30 PM \u2013 11:30 PM');
    expect(dateBadge(startsAt, 'America/New_York')).toEqual({ weekday: 'Thu', day: '5' });
    expect(dateBadge(startsAt, 'Europe/Berlin')).toEqual({ weekday: 'Fri', day: '6' });
  });

  it('formats a local date as that calendar day', () => {
    expect(formatLocalDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatLocalDate('not a date')).toBe('not a date');
    expect(formatLocalDate('2026-03-05', 'de-DE')).toBe('5. März 2026');
  });

  it('writes times and badges in the studio locale', () => {
    const startsAt = '2026-03-06T03:30:00.000Z';
    const endsAt = '2026-03-06T04:30:00.000Z';
    expect(sessionTimeRange(startsAt, endsAt, 'Europe/Berlin', 'de-DE')).toBe('4:30 \u2013 5:30');
    expect(dateBadge(startsAt, 'Europe/Berlin', 'de-DE')).toEqual({ weekday: 'Fr', day: '6' });
  });
});

describe('relative join time (docs/product/dashboards.md#recent-activity)', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('says a day ago for one day and N days ago under 30 days', () => {
    expect(relativeTime(daysAgo(1), now)).toBe('a day ago');
    expect(relativeTime(daysAgo(1.9), now)).toBe('a day ago');
    expect(relativeTime(daysAgo(2), now)).toBe('2 days ago');
    expect(relativeTime(daysAgo(29), now)).toBe('29 days ago');
  });

  it('says a month ago from 30 days, then N months ago', () => {
    expect(relativeTime(daysAgo(30), now)).toBe('a month ago');
    expect(relativeTime(daysAgo(59), now)).toBe('a month ago');
    expect(relativeTime(daysAgo(60), now)).toBe('2 months ago');
    expect(relativeTime(daysAgo(365), now)).toBe('12 months ago');
  });

  it('counts a join time in the future (clock skew) as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5_000).toISOString(), now)).toBe('just now');
  });
});
