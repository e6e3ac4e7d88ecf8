import { describe, expect, it } from 'vitest';
import { formatTime, formatTimeRange, formatToday } from './kiosk-format';

// Issue 33 point 1 (ADR 0038): the kiosk writes the day as its studio does.
describe('the kiosk header', () => {
  const now = Date.parse('2026-12-08T23:30:00Z');

  it("writes today in the studio's locale, at its clock", () => {
    expect(formatToday(now, 'Europe/Berlin', 'de-DE')).toBe('Mittwoch, 9. Dezember');
    expect(formatToday(now, 'America/New_York', 'en-US')).toBe('Tuesday, December 8');
    expect(formatToday(now, 'Asia/Tokyo', 'ja-JP')).toBe('12月9日水曜日');
    expect(formatTime(new Date(now).toISOString(), 'Europe/Berlin')).toBe('00:30');
  });

  it('keeps the British writing for a device that has not read the locale yet', () => {
    expect(formatToday(now, 'Europe/London')).toBe('Tuesday 8 December');
  });
});

// The kiosk's times follow the studio's locale too: 12-hour for en-US, 24-hour for de-DE.
describe('the kiosk times', () => {
  // Intl's spaces around the range dash and before AM/PM differ between ICU versions.
  const plain = (text: string) => text.replace(/\s/g, ' ');
  const start = '2026-12-08T17:00:00.000Z';
  const end = '2026-12-08T18:00:00.000Z';

  it('writes AM/PM for an en-US studio', () => {
    expect(plain(formatTime(start, 'America/New_York', 'en-US'))).toBe('12:00 PM');
    expect(plain(formatTimeRange(start, end, 'America/New_York', 'en-US'))).toBe('12:00 – 1:00 PM');
  });

  it('writes the 24-hour clock for a de-DE studio, and for a device without a locale yet', () => {
    expect(formatTime(start, 'Europe/Berlin', 'de-DE')).toBe('18:00');
    expect(plain(formatTimeRange(start, end, 'Europe/Berlin', 'de-DE'))).toBe('18:00–19:00 Uhr');
    expect(formatTimeRange(start, end, 'Europe/London')).toBe('17:00–18:00');
  });
});
