import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { describe, expect, it } from 'vitest';
import { firstDayOfWeek } from '@fitbase/domain/studio-format';
import {
  formatHour,
  formatLocalDay,
  formatTime,
  inputTime,
  mondayOf,
  rangeTitle,
  scheduleRange,
  stepDate,
  todayIn,
  weekStartOf,
} from './schedule-dates';
import { layoutWeek, sessionAccessibleName, visibleHours } from './week-layout';

function session(overrides: Partial<SessionSummary>): SessionSummary {
  return {
    id: 's1',
    kind: 'class',
    classId: 'c1',
    serviceId: null,
    name: 'Morning Yoga',
    startsAt: '2025-06-02T05:00:00.000Z',
    endsAt: '2025-06-02T06:00:00.000Z',
    capacity: 12,
    bookedCount: 8,
    waitlistCount: 0,
    color: '#3b82f6',
    status: 'scheduled',
    detached: false,
    trainer: { userId: 'u1', name: 'Alex Kim' },
    facility: null,
    ...overrides,
  };
}

const BERLIN = 'Europe/Berlin';
const WEEK = scheduleRange('week', '2025-06-04', BERLIN);

describe('schedule dates', () => {
  it("writes times in the studio's locale and zone, and input values on the 24-hour clock", () => {
    const at = '2025-06-02T16:30:00.000Z';
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatTime(at, 'America/New_York', 'en-US'))).toBe('12:30 PM');
    expect(formatTime(at, 'Europe/Berlin', 'de-DE')).toBe('18:30');
    expect(formatTime(at, 'Europe/London', 'en-GB')).toBe('17:30');
    // An <input type="time"> takes 'HH:mm' whatever the locale.
    expect(inputTime(at, 'America/New_York')).toBe('12:30');
    // The grid's hour scale.
    expect(plain(formatHour(7, 'en-US'))).toBe('7 AM');
    expect(plain(formatHour(13, 'en-US'))).toBe('1 PM');
    expect(formatHour(7, 'de-DE')).toBe('07:00');
    expect(formatHour(0, 'en-GB')).toBe('00:00');
  });

  it('shows Monday to Sunday, bounded by local midnights of the time zone', () => {
    expect(WEEK.days).toEqual([
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
      '2025-06-05',
      '2025-06-06',
      '2025-06-07',
      '2025-06-08',
    ]);
    // Berlin is UTC+2 in summer: local midnight is 22:00 UTC the day before.
    expect(WEEK.from).toBe('2025-06-01T22:00:00.000Z');
    expect(WEEK.to).toBe('2025-06-08T22:00:00.000Z');
    // Intl sets the range's dash between thin spaces (U+2009).
    const plain = (text: string) => text.replace(/\u2009/g, ' ');
    expect(plain(rangeTitle('week', WEEK.days, 'en-US'))).toBe('Jun 2 \u2013 8, 2025');
    expect(rangeTitle('day', WEEK.days, 'en-US')).toBe('Monday, June 2, 2025');
  });

  it("writes the range's heading in the studio's locale (ADR 0038)", () => {
    expect(rangeTitle('week', WEEK.days, 'de-DE')).toBe('2.\u20138. Juni 2025');
    expect(rangeTitle('day', WEEK.days, 'de-DE')).toBe('Montag, 2. Juni 2025');
    expect(
      formatLocalDay('2025-06-02', 'de-DE', { weekday: 'short', month: 'short', day: 'numeric' }),
    ).toBe('Mo., 2. Juni');
  });

  it('keeps local midnight across a daylight-saving change and steps by week or day', () => {
    const week = scheduleRange('week', '2025-03-30', BERLIN);
    expect(week.from).toBe('2025-03-23T23:00:00.000Z');
    expect(week.to).toBe('2025-03-30T22:00:00.000Z');
    expect(mondayOf('2025-03-30')).toBe('2025-03-24');
    expect(stepDate('week', '2025-12-29', 1)).toBe('2026-01-05');
    expect(stepDate('day', '2025-03-01', -1)).toBe('2025-02-28');
    const day = scheduleRange('day', '2025-06-04', 'America/New_York');
    expect(day.days).toEqual(['2025-06-04']);
    expect(day.from).toBe('2025-06-04T04:00:00.000Z');
  });

  it("starts the week on the studio's first day of the week (ADR 0038)", () => {
    // Wednesday 4 June 2025.
    const sundayFirst = scheduleRange('week', '2025-06-04', BERLIN, firstDayOfWeek('en-US'));
    expect(sundayFirst.days[0]).toBe('2025-06-01');
    expect(sundayFirst.days[6]).toBe('2025-06-07');
    expect(scheduleRange('week', '2025-06-04', BERLIN, firstDayOfWeek('de-DE')).days[0]).toBe(
      '2025-06-02',
    );
    expect(scheduleRange('week', '2025-06-04', BERLIN, firstDayOfWeek('ja-JP')).days[0]).toBe(
      '2025-06-01',
    );
    expect(weekStartOf('2025-06-01', 0)).toBe('2025-06-01');
    expect(weekStartOf('2025-06-06', 6)).toBe('2025-05-31');
  });

  it("answers today's date in the organization's zone, not the browser's", () => {
    const late = new Date('2025-06-02T23:30:00Z');
    expect(todayIn('UTC', late)).toBe('2025-06-02');
    expect(todayIn('Asia/Tokyo', late)).toBe('2025-06-03');
  });
});

describe('layoutWeek', () => {
  it('puts each session on its local day in start order, at its local minutes', () => {
    const late = session({
      id: 'late',
      name: 'Late Spin',
      startsAt: '2025-06-02T17:00:00.000Z',
      endsAt: '2025-06-02T17:45:00.000Z',
    });
    // 23:30 UTC on Tuesday is 01:30 on Wednesday in Berlin.
    const night = session({
      id: 'night',
      startsAt: '2025-06-03T23:30:00.000Z',
      endsAt: '2025-06-04T00:30:00.000Z',
    });
    const columns = layoutWeek([late, session({}), night], WEEK.days, BERLIN);
    expect(columns.map((c) => c.sessions.map((p) => p.session.id))).toEqual([
      ['s1', 'late'],
      [],
      ['night'],
      [],
      [],
      [],
      [],
    ]);
    const [yoga, spin] = columns[0]!.sessions;
    expect([yoga!.startMinute, yoga!.endMinute]).toEqual([7 * 60, 8 * 60]);
    expect([spin!.startMinute, spin!.endMinute]).toEqual([19 * 60, 19 * 60 + 45]);
    expect(columns[2]!.sessions[0]!.startMinute).toBe(90);
    expect(visibleHours(columns)).toEqual({ first: 1, last: 22 });
  });

  it('sets overlapping sessions side by side and gives back the width after them', () => {
    const yoga = session({ id: 'yoga' });
    const appointment = session({
      id: 'pt',
      kind: 'appointment',
      startsAt: '2025-06-02T05:30:00.000Z',
      endsAt: '2025-06-02T06:30:00.000Z',
    });
    const third = session({
      id: 'third',
      startsAt: '2025-06-02T06:00:00.000Z',
      endsAt: '2025-06-02T07:00:00.000Z',
    });
    const later = session({
      id: 'later',
      startsAt: '2025-06-02T08:00:00.000Z',
      endsAt: '2025-06-02T09:00:00.000Z',
    });
    const [monday] = layoutWeek([later, third, appointment, yoga], WEEK.days, BERLIN);
    const lanes = Object.fromEntries(
      monday!.sessions.map((p) => [p.session.id, [p.lane, p.lanes]]),
    );
    // Yoga ends at 08:00 when the third starts: the third reuses yoga's lane.
    expect(lanes).toEqual({ yoga: [0, 2], pt: [1, 2], third: [0, 2], later: [0, 1] });
  });

  it('drops sessions outside the days shown', () => {
    const columns = layoutWeek(
      [session({ startsAt: '2025-06-09T05:00:00.000Z', endsAt: '2025-06-09T06:00:00.000Z' })],
      WEEK.days,
      BERLIN,
    );
    expect(columns.every((c) => c.sessions.length === 0)).toBe(true);
  });
});

describe('sessionAccessibleName', () => {
  // Intl's spaces around the range dash and before AM/PM differ between ICU versions.
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it("reads name, day and time in the studio's locale, bookings and trainer", () => {
    expect(plain(sessionAccessibleName(session({}), BERLIN, 'en-GB'))).toBe(
      'Morning Yoga, Mon 07:00\u201308:00, 8 of 12 booked, with Alex Kim',
    );
    expect(plain(sessionAccessibleName(session({}), BERLIN, 'en-US'))).toBe(
      'Morning Yoga, Mon 7:00 – 8:00 AM, 8 of 12 booked, with Alex Kim',
    );
  });

  it('says appointment and cancelled', () => {
    expect(
      plain(
        sessionAccessibleName(
          session({ kind: 'appointment', status: 'cancelled', trainer: null, name: 'PT' }),
          'UTC',
          'de-DE',
        ),
      ),
    ).toBe('PT, Mon 05:00\u201306:00 Uhr, Appointment, Cancelled');
  });
});
