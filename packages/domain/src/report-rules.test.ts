import { describe, expect, it } from 'vitest';
import {
  attritionPercent,
  bucketFor,
  bucketStarts,
  coversDay,
  lastCoveredDay,
  memberStatusOn,
  membershipOrigin,
  previousPeriod,
  resolvePeriod,
  type MembershipSpan,
  type ResolvedPeriod,
} from './report-rules.ts';

// docs/product/reports-and-analytics.md: periods, buckets and the membership definitions.

type PeriodInput = Parameters<typeof resolvePeriod>[0];
const resolved = (input: Omit<PeriodInput, 'locale'> & { locale?: string }): ResolvedPeriod => {
  const p = resolvePeriod({ locale: 'en-US', ...input });
  if ('error' in p) throw new Error(p.error);
  return p;
};

describe('resolvePeriod and previousPeriod', () => {
  it("names the period in the studio's locale", () => {
    const names = (locale: string) =>
      [
        resolved({ period: 'week', anchor: '2026-11-25', locale }),
        resolved({ period: 'month', anchor: '2026-11-25', locale }),
        resolved({
          period: 'custom',
          anchor: '2026-12-20',
          from: '2026-12-20',
          to: '2027-01-05',
          locale,
        }),
      ].map((p) => p.label);
    expect(names('en-US')).toEqual([
      'Nov 22 – Nov 28, 2026',
      'Nov 2026',
      'Dec 20, 2026 – Jan 5, 2027',
    ]);
    expect(names('de-DE')).toEqual([
      '23. Nov. – 29. Nov. 2026',
      'Nov. 2026',
      '20. Dez. 2026 – 5. Jan. 2027',
    ]);
    expect(names('ja-JP')).toEqual([
      '11月22日 – 2026年11月28日',
      '2026年11月',
      '2026年12月20日 – 2027年1月5日',
    ]);
    expect(previousPeriod(resolved({ period: 'month', anchor: '2026-11-25' }), 'de-DE').label).toBe(
      'Okt. 2026',
    );
  });

  it("a week starts on the locale's first day, also across a year end", () => {
    // en-US weeks run Sunday to Saturday.
    expect(resolved({ period: 'week', anchor: '2026-11-25' })).toEqual({
      period: 'week',
      from: '2026-11-22',
      to: '2026-11-28',
      bucket: 'day',
      label: 'Nov 22 – Nov 28, 2026',
      weekStartsOn: 0,
    });
    // de-DE weeks run Monday to Sunday.
    const newYear = resolved({ period: 'week', anchor: '2027-01-01', locale: 'de-DE' });
    expect(newYear).toMatchObject({
      from: '2026-12-28',
      to: '2027-01-03',
      label: '28. Dez. 2026 – 3. Jan. 2027',
      weekStartsOn: 1,
    });
    // A Sunday belongs to the week before it in Germany, and starts one in the US.
    expect(resolved({ period: 'week', anchor: '2027-01-03', locale: 'de-DE' }).from).toBe(
      '2026-12-28',
    );
    expect(resolved({ period: 'week', anchor: '2027-01-03' }).from).toBe('2027-01-03');
    // Saturday-first (ar-EG): the week holding Wednesday 2026-11-25 starts on Saturday the 21st.
    expect(resolved({ period: 'week', anchor: '2026-11-25', locale: 'ar-EG' }).from).toBe(
      '2026-11-21',
    );
    expect(previousPeriod(newYear, 'de-DE')).toMatchObject({
      from: '2026-12-21',
      to: '2026-12-27',
      weekStartsOn: 1,
    });
  });

  it('months know leap years; the previous month is the whole calendar month', () => {
    expect(resolved({ period: 'month', anchor: '2028-02-14' })).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
      bucket: 'day',
      label: 'Feb 2028',
    });
    expect(resolved({ period: 'month', anchor: '2027-02-28' }).to).toBe('2027-02-28');
    const march = resolved({ period: 'month', anchor: '2028-03-31' });
    expect(previousPeriod(march, 'en-US')).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
      label: 'Feb 2028',
    });
    expect(
      previousPeriod(resolved({ period: 'month', anchor: '2027-01-15' }), 'en-US'),
    ).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
      label: 'Dec 2026',
    });
  });

  it('quarters and years', () => {
    const q4 = resolved({ period: 'quarter', anchor: '2026-11-23' });
    expect(q4).toEqual({
      period: 'quarter',
      from: '2026-10-01',
      to: '2026-12-31',
      bucket: 'week',
      label: 'Q4 2026',
      weekStartsOn: 0,
    });
    expect(previousPeriod(q4, 'en-US')).toMatchObject({
      from: '2026-07-01',
      to: '2026-09-30',
      label: 'Q3 2026',
    });
    const q1 = resolved({ period: 'quarter', anchor: '2028-03-31' });
    expect(q1).toMatchObject({ from: '2028-01-01', to: '2028-03-31', label: 'Q1 2028' });
    expect(previousPeriod(q1, 'en-US')).toMatchObject({
      from: '2027-10-01',
      to: '2027-12-31',
      label: 'Q4 2027',
    });
    const year = resolved({ period: 'year', anchor: '2028-07-04' });
    expect(year).toEqual({
      period: 'year',
      from: '2028-01-01',
      to: '2028-12-31',
      bucket: 'month',
      label: '2028',
      weekStartsOn: 0,
    });
    expect(previousPeriod(year, 'en-US')).toMatchObject({
      from: '2027-01-01',
      to: '2027-12-31',
      label: '2027',
    });
  });

  it('custom periods: the errors a person can act on, at most 731 days', () => {
    expect(
      resolvePeriod({
        locale: 'en-US',
        period: 'custom',
        anchor: '2026-11-23',
        from: '2026-11-01',
      }),
    ).toEqual({
      error: 'Choose a start and an end date.',
    });
    expect(
      resolvePeriod({
        locale: 'en-US',
        period: 'custom',
        anchor: '2026-11-23',
        from: '2026-11-02',
        to: '2026-11-01',
      }),
    ).toEqual({ error: 'The end date is before the start date.' });
    expect(
      resolvePeriod({
        locale: 'en-US',
        period: 'custom',
        anchor: '2026-11-23',
        from: '2026-01-01',
        to: '2028-01-02',
      }),
    ).toEqual({ error: 'A custom period can span at most two years (731 days).' });
    const longest = resolved({
      period: 'custom',
      anchor: '2026-11-23',
      from: '2026-01-01',
      to: '2028-01-01',
    });
    expect(longest).toMatchObject({ bucket: 'month', label: 'Jan 1, 2026 – Jan 1, 2028' });
    const oneDay = resolved({
      period: 'custom',
      anchor: '2026-11-23',
      from: '2026-11-05',
      to: '2026-11-05',
    });
    expect(previousPeriod(oneDay, 'en-US')).toMatchObject({ from: '2026-11-04', to: '2026-11-04' });
    // As many days just before, across a leap day.
    const custom = resolved({
      period: 'custom',
      anchor: '2026-11-23',
      from: '2028-03-01',
      to: '2028-03-10',
    });
    expect(previousPeriod(custom, 'en-US')).toMatchObject({
      from: '2028-02-20',
      to: '2028-02-29',
      label: 'Feb 20 – Feb 29, 2028',
    });
  });
});

describe('chart buckets', () => {
  it('day up to 62 days, week up to 190, then month', () => {
    expect(bucketFor('2026-01-01', '2026-03-03')).toBe('day'); // 62 days
    expect(bucketFor('2026-01-01', '2026-03-04')).toBe('week');
    expect(bucketFor('2026-01-01', '2026-07-09')).toBe('week'); // 190 days
    expect(bucketFor('2026-01-01', '2026-07-10')).toBe('month');
  });

  it("starts each point on its day, the locale's first weekday or first of the month", () => {
    const feb = resolved({ period: 'month', anchor: '2028-02-10' });
    const days = bucketStarts(feb);
    expect(days).toHaveLength(29);
    expect(days.at(-1)).toBe('2028-02-29');
    // A quarter's weeks start on Mondays in Germany, the first one before the quarter when it
    // starts mid-week (as report-buckets.sql.ts groups).
    const weeks = bucketStarts(
      resolved({ period: 'quarter', anchor: '2026-11-01', locale: 'de-DE' }),
    );
    expect(weeks[0]).toBe('2026-09-28');
    expect(weeks.at(-1)).toBe('2026-12-28');
    expect(weeks).toHaveLength(14);
    const months = bucketStarts(resolved({ period: 'year', anchor: '2026-05-05' }));
    expect(months).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
    );
    // A week bucket across the year end.
    expect(
      bucketStarts({ from: '2026-12-30', to: '2027-01-12', bucket: 'week', weekStartsOn: 1 }),
    ).toEqual(['2026-12-28', '2027-01-04', '2027-01-11']);
    // On Sundays in the US.
    expect(
      bucketStarts({ from: '2026-12-30', to: '2027-01-12', bucket: 'week', weekStartsOn: 0 }),
    ).toEqual(['2026-12-27', '2027-01-03', '2027-01-10']);
  });
});

const span = (over: Partial<MembershipSpan>): MembershipSpan => ({
  kind: 'membership',
  status: 'active',
  startDate: '2026-01-01',
  endDate: null,
  pauses: [],
  ...over,
});

describe('membership definitions', () => {
  it('last covered day and cover: a stopped open-ended membership ended on its start', () => {
    expect(lastCoveredDay(span({ endDate: '2026-02-01' }))).toBe('2026-02-01');
    expect(lastCoveredDay(span({}))).toBeNull();
    expect(lastCoveredDay(span({ status: 'cancelled' }))).toBe('2026-01-01');
    expect(coversDay(span({ endDate: '2026-02-01' }), '2026-02-01')).toBe(true);
    expect(coversDay(span({ endDate: '2026-02-01' }), '2026-02-02')).toBe(false);
    expect(coversDay(span({}), '2025-12-31')).toBe(false);
    expect(coversDay(span({ kind: 'add_on' }), '2026-01-05')).toBe(false);
  });

  it('member status on a day: add-ons give no access; paused only when every cover is paused', () => {
    const pausedOne = span({ pauses: [{ pausedOn: '2026-03-01', resumedOn: '2026-03-10' }] });
    expect(memberStatusOn([], '2026-03-01')).toBeNull();
    expect(memberStatusOn([span({ kind: 'add_on' })], '2026-03-01')).toBeNull();
    expect(memberStatusOn([pausedOne], '2026-02-28')).toBe('active');
    expect(memberStatusOn([pausedOne], '2026-03-01')).toBe('paused');
    expect(memberStatusOn([pausedOne], '2026-03-09')).toBe('paused');
    // The resume day is active again.
    expect(memberStatusOn([pausedOne], '2026-03-10')).toBe('active');
    expect(memberStatusOn([pausedOne, span({ kind: 'class_pack' })], '2026-03-05')).toBe('active');
    const stillPaused = span({ pauses: [{ pausedOn: '2026-03-01', resumedOn: null }] });
    expect(memberStatusOn([stillPaused], '2027-01-01')).toBe('paused');
    const ended = span({ endDate: '2026-01-31', status: 'expired' });
    expect(memberStatusOn([ended], '2025-12-31')).toBeNull();
    expect(memberStatusOn([ended], '2026-02-01')).toBe('expired');
    expect(memberStatusOn([ended, span({ kind: 'add_on', endDate: null })], '2026-02-01')).toBe(
      'expired',
    );
  });

  it('origin: first-time, continuing without a gap, returning after one', () => {
    const jan = { startDate: '2026-01-01', endDate: '2026-01-31', status: 'expired' as const };
    expect(membershipOrigin('2026-02-01', [])).toBe('first_time');
    // A membership starting the same day is not an earlier one.
    expect(membershipOrigin('2026-01-01', [jan])).toBe('first_time');
    expect(membershipOrigin('2026-02-01', [jan])).toBe('continuing');
    expect(membershipOrigin('2026-01-15', [jan])).toBe('continuing');
    expect(membershipOrigin('2026-02-02', [jan])).toBe('returning');
    expect(
      membershipOrigin('2026-06-01', [
        { startDate: '2026-01-01', endDate: null, status: 'active' },
      ]),
    ).toBe('continuing');
    expect(
      membershipOrigin('2026-06-01', [
        { startDate: '2026-01-01', endDate: null, status: 'cancelled' },
      ]),
    ).toBe('returning');
  });

  it('attrition: lost over active at the start, one decimal; none at the start is no figure', () => {
    expect(attritionPercent(1, 3)).toBe(33.3);
    expect(attritionPercent(2, 3)).toBe(66.7);
    expect(attritionPercent(0, 5)).toBe(0);
    expect(attritionPercent(0, 0)).toBeNull();
  });
});
