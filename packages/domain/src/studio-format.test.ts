import { describe, expect, it } from 'vitest';
import { describeDate } from './membership-rules.ts';
import { formatMoment, formatTime } from './studio-format.ts';

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
    expect(formatMoment(start, { locale: 'ja-JP', timeZone: 'Asia/Tokyo' })).toBe('3月3日(火) 2:00');
    expect(formatTime(start, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('18:00');
  });
});
