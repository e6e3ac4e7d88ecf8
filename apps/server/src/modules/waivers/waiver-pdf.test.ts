import { describe, expect, it } from 'vitest';
import { signingTime, waiverPdf } from './waiver-pdf.ts';

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

  it('writes a waiver in Japanese with the embedded font, its time in the locale', async () => {
    expect(signingTime(at, 'Asia/Tokyo', 'ja-JP', true)).toMatch(/^2026年11月25日 5:00:00 JST/);
    const pdf = await waiverPdf({
      studioName: 'ヨガ渋谷',
      timeZone: 'Asia/Tokyo',
      locale: 'ja-JP',
      memberName: '田中 花子',
      signature: {
        title: '免責同意書',
        version: 1,
        body: '私はレッスンの危険性を理解しました。',
        signedName: '田中 花子',
        guardianName: null,
        signedAt: at,
        ipAddress: null,
        userAgent: null,
        sha256: 'ab'.repeat(32),
      } as never,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Compressed streams, but the font's name is in the clear: the subset of Noto Sans JP.
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP/);
  });
});
