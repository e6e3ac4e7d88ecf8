import { describe, expect, it } from 'vitest';
import {
  addDays,
  assertTimeZone,
  expandOccurrences,
  hasAnyOccurrence,
  lastOccurrenceDate,
  localDateOf,
  localTimeOf,
  mondayOf,
  normalizeRecurrenceRule,
  ruleEndDate,
  withEndDate,
  zonedInstant,
} from './recurrence.ts';

const NY = 'America/New_York';
const MWF = 'FREQ=WEEKLY;BYDAY=MO,WE,FR';

describe('normalizeRecurrenceRule', () => {
  it('accepts RRULE bodies and answers them in canonical form', () => {
    expect(normalizeRecurrenceRule(' rrule:freq=weekly;byday=mo,we,fr ')).toBe(MWF);
    expect(normalizeRecurrenceRule('FREQ=DAILY;INTERVAL=2;COUNT=10')).toBe(
      'FREQ=DAILY;INTERVAL=2;COUNT=10',
    );
    expect(normalizeRecurrenceRule('FREQ=MONTHLY;BYDAY=1MO')).toBe('FREQ=MONTHLY;BYDAY=1MO');
  });

  it.each([
    ['', /it is empty/],
    ['garbage', /Unknown RRULE property/],
    ['FREQ=WEEKLY;FOO=1', /Unknown RRULE property 'FOO'/],
    ['BYDAY=MO', /FREQ is missing/],
    ['FREQ=HOURLY', /at most daily/],
    ['FREQ=MINUTELY', /at most daily/],
    ['DTSTART:20260101T070000Z\nRRULE:FREQ=DAILY', /without DTSTART/],
    ['DTSTART=20260101T070000Z;FREQ=DAILY', /without DTSTART/],
    ['FREQ=WEEKLY;BYDAY=XX', /BYDAY must list days/],
    ['FREQ=WEEKLY;INTERVAL=0', /INTERVAL/],
    ['FREQ=DAILY;BYHOUR=9', /BYHOUR/],
    ['FREQ=DAILY;COUNT=3;UNTIL=20260101', /COUNT or UNTIL/],
  ])('refuses %j', (rule, message) => {
    expect(() => normalizeRecurrenceRule(rule)).toThrow(/^Recurrence rule is not valid: /);
    expect(() => normalizeRecurrenceRule(rule)).toThrow(message);
  });
});

describe('time zones', () => {
  it('knows IANA zones and refuses unknown ones', () => {
    expect(() => assertTimeZone(NY)).not.toThrow();
    expect(() => assertTimeZone('Mars/Olympus_Mons')).toThrow('Unknown time zone');
    expect(() =>
      expandOccurrences({
        rule: MWF,
        startsOn: '2026-03-02',
        startTime: '07:00',
        timeZone: 'Nowhere/City',
        from: '2026-03-02',
        to: '2026-03-08',
      }),
    ).toThrow('Unknown time zone');
  });

  it('converts between instants and local dates and times', () => {
    const instant = zonedInstant('2026-07-01', '07:00', NY);
    expect(instant.toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(localDateOf(instant, NY)).toBe('2026-07-01');
    expect(localTimeOf(instant, NY)).toBe('07:00');
    expect(localDateOf(new Date('2026-07-01T02:00:00Z'), NY)).toBe('2026-06-30');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
  });
});

describe('expandOccurrences', () => {
  it('keeps Mon/Wed/Fri 07:00 at 07:00 local across the March daylight-saving change', () => {
    const got = expandOccurrences({
      rule: MWF,
      startsOn: '2026-03-02',
      startTime: '07:00',
      timeZone: NY,
      from: '2026-03-02',
      to: '2026-03-15',
    });
    expect(got.map((o) => o.date)).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
      '2026-03-09',
      '2026-03-11',
      '2026-03-13',
    ]);
    expect(got.map((o) => localTimeOf(o.startsAt, NY))).toEqual(Array(6).fill('07:00'));
    // EST (UTC-5) before 2026-03-08, EDT (UTC-4) after: the UTC hour moves, the local one not.
    expect(got[2]!.startsAt.toISOString()).toBe('2026-03-06T12:00:00.000Z');
    expect(got[3]!.startsAt.toISOString()).toBe('2026-03-09T11:00:00.000Z');
  });

  it('keeps 07:00 local across the November change', () => {
    const got = expandOccurrences({
      rule: MWF,
      startsOn: '2026-10-26',
      startTime: '07:00',
      timeZone: NY,
      from: '2026-10-28',
      to: '2026-11-04',
    });
    expect(got.map((o) => o.startsAt.toISOString())).toEqual([
      '2026-10-28T11:00:00.000Z',
      '2026-10-30T11:00:00.000Z',
      '2026-11-02T12:00:00.000Z',
      '2026-11-04T12:00:00.000Z',
    ]);
  });

  it('answers a one-off class on its date only', () => {
    const base = { rule: null, startsOn: '2026-05-05', startTime: '18:30', timeZone: 'UTC' };
    expect(expandOccurrences({ ...base, from: '2026-05-01', to: '2026-05-31' })).toEqual([
      { date: '2026-05-05', startsAt: new Date('2026-05-05T18:30:00Z') },
    ]);
    expect(expandOccurrences({ ...base, from: '2026-05-06', to: '2026-05-31' })).toEqual([]);
  });

  it('ends on an end date (inclusive) and on COUNT', () => {
    const until = withEndDate(MWF, '2026-03-06');
    expect(until).toBe(`${MWF};UNTIL=20260306T235959`);
    expect(ruleEndDate(until)).toBe('2026-03-06');
    const base = { startsOn: '2026-03-02', startTime: '19:00', timeZone: NY };
    const window = { from: '2026-03-01', to: '2026-04-30' };
    expect(expandOccurrences({ ...base, ...window, rule: until })).toHaveLength(3);
    expect(
      expandOccurrences({ ...base, ...window, rule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260309' }),
    ).toHaveLength(2);
    expect(expandOccurrences({ ...base, ...window, rule: 'FREQ=DAILY;COUNT=4' })).toHaveLength(4);
    expect(lastOccurrenceDate('FREQ=DAILY;COUNT=4', '2026-03-02', '19:00')).toBe('2026-03-05');
    expect(lastOccurrenceDate(MWF, '2026-03-02', '19:00')).toBeNull();
    expect(hasAnyOccurrence('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', '2026-01-01', '07:00')).toBe(
      false,
    );
  });

  it('does not start before the class start date', () => {
    const got = expandOccurrences({
      rule: MWF,
      startsOn: '2026-03-04',
      startTime: '07:00',
      timeZone: 'UTC',
      from: '2026-03-01',
      to: '2026-03-08',
    });
    expect(got.map((o) => o.date)).toEqual(['2026-03-04', '2026-03-06']);
  });
});
