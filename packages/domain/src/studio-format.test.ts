import { describe, expect, it } from 'vitest';
import { describeDate } from './membership-rules.ts';
import { formatMoment, formatTime, formatTimeRange } from './studio-format.ts';

// The dates that server sentences and emails quote ("ends on …", "You're in: … on …") follow the
// studio's locale and time zone (docs/product/money-and-store.md#currency-and-locale).
describe('dates in messages, the studio way', () => {
  const start = new Date('2026-03-02T17:00:00Z');

  it('writes a calendar date for en-US, en-GB, de-DE and ja-JP', () => {
    expect(describeDate('2027-04-29', 'en-US')).toBe('Apr 29, 2027');
    expect(describeDate('2027-04-29', 'en-GB')).toBe('29 Apr 2027');
    expect(describeDate('2027-04-29', 'de-DE')).toBe('29.04.2027');
    expect(describeDate('2027-04-29', 'ja-JP')).toBe('2027/04/29');
  });

  it("writes a session's start in the locale and the studio's zone", () => {
    expect(formatMoment(start, { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'Mon, Mar 2, 12:00 PM',
    );
    expect(formatMoment(start, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe(
      'Mo., 2. März, 18:00',
    );
    expect(formatMoment(start, { locale: 'ja-JP', timeZone: 'Asia/Tokyo' })).toBe(
      '3月3日(火) 2:00',
    );
    expect(formatTime(start, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('18:00');
  });
});

// The schedule's and the kiosk's times (ADR 0038): 12-hour where the locale is, one range each.
describe('a stretch of time, the studio way', () => {
  // Intl puts thin or narrow no-break spaces around the dash and before AM/PM, depending on ICU.
  const plain = (text: string) => text.replace(/\s/g, ' ');
  const start = '2026-06-02T11:00:00Z';
  const end = '2026-06-02T12:00:00Z';

  it('writes AM/PM for en-US and the 24-hour clock for en-GB and de-DE', () => {
    const us = { locale: 'en-US', timeZone: 'America/New_York' };
    expect(plain(formatTimeRange(start, end, us))).toBe('7:00 – 8:00 AM');
    expect(plain(formatTimeRange(start, '2026-06-02T17:00:00Z', us))).toBe('7:00 AM – 1:00 PM');
    expect(formatTimeRange(start, end, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe(
      '12:00–13:00',
    );
    expect(plain(formatTimeRange(start, end, { locale: 'de-DE', timeZone: 'Europe/Berlin' }))).toBe(
      '13:00–14:00 Uhr',
    );
  });

  it('writes two times, not two dates, when the end falls on the next day', () => {
    const us = { locale: 'en-US', timeZone: 'America/New_York' };
    expect(plain(formatTimeRange('2026-06-03T03:00:00Z', '2026-06-03T05:00:00Z', us))).toBe(
      '11:00 PM – 1:00 AM',
    );
  });
});
