import { describe, expect, it } from 'vitest';
import { formatTime, formatToday } from './kiosk-format';

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
