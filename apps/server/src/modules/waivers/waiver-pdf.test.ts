import { describe, expect, it } from 'vitest';
import { signingTime } from './waiver-pdf.ts';

// Issue 33 point 1 (ADR 0038): the signed copy says when it was signed as the studio writes
// dates, in its zone, and only with characters the PDF's standard font can draw.
describe('the signing time of a waiver PDF', () => {
  const at = new Date('2026-11-24T20:00:00Z');
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');

  it('is written in the studio locale and zone, the zone named', () => {
    expect(plain(signingTime(at, 'America/New_York', 'en-US'))).toBe(
      'November 24, 2026 at 3:00:00 PM EST (America/New_York)',
    );
    expect(signingTime(at, 'Europe/Berlin', 'de-DE')).toBe(
      '24. November 2026 um 21:00:00 MEZ (Europe/Berlin)',
    );
  });

  it('falls back to ISO 8601 in the zone where the font cannot draw the locale', () => {
    expect(signingTime(at, 'Asia/Tokyo', 'ja-JP')).toBe('2026-11-25 05:00:00 GMT+9 (Asia/Tokyo)');
    expect(signingTime(at, 'America/Bogota', 'ja-JP')).toBe(
      '2026-11-24 15:00:00 GMT-5 (America/Bogota)',
    );
  });
});
