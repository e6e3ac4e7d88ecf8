import { describe, expect, it } from 'vitest';
import {
  addBillingPeriods,
  classCost,
  deriveMemberStatus,
  lifecycleTransition,
  membershipTerms,
  minimumTermEnd,
  nextBillingDate,
  onlineCancelLastDay,
  onlinePauseProblem,
  pauseProblem,
  pauseShift,
  periodEndDate,
  resumeShift,
  servesMinimumTerm,
  weekWindow,
  type MembershipForStatus,
} from './membership-rules.ts';

describe('billing dates', () => {
  it('keeps the anchor day across short months (Jan 31 → Feb 28/29 → Mar 31)', () => {
    const start = '2026-01-31';
    const feb = nextBillingDate(start, 'month', start);
    expect(feb).toBe('2026-02-28');
    const mar = nextBillingDate(feb, 'month', start);
    expect(mar).toBe('2026-03-31');
    expect(nextBillingDate(mar, 'month', start)).toBe('2026-04-30');
    expect(nextBillingDate('2026-04-30', 'month', start)).toBe('2026-05-31');
    expect(nextBillingDate('2028-01-31', 'month', '2028-01-31')).toBe('2028-02-29');
  });

  it('bills weekly and yearly (Feb 29 → Feb 28 → Feb 29 in a leap year)', () => {
    expect(nextBillingDate('2026-12-28', 'week', '2026-12-28')).toBe('2027-01-04');
    expect(nextBillingDate('2028-02-29', 'year', '2028-02-29')).toBe('2029-02-28');
    expect(addBillingPeriods('2028-02-29', 'year', 4)).toBe('2032-02-29');
  });

  it('keeps a day a pause moved to (not the end of a month)', () => {
    // Started on the 31st, a pause moved the billing date to the 10th: it stays on the 10th.
    expect(nextBillingDate('2026-05-10', 'month', '2026-01-31')).toBe('2026-06-10');
  });
});

describe('what a sale creates', () => {
  const plan = { billingInterval: null, credits: null, validityDays: null };
  it('gives each kind its end date, first billing date and credits', () => {
    expect(
      membershipTerms({ ...plan, kind: 'membership', billingInterval: 'month' }, '2026-11-23'),
    ).toEqual({ endDate: null, nextBillingDate: '2026-12-23', creditsRemaining: null });
    expect(
      membershipTerms({ ...plan, kind: 'class_pack', credits: 10, validityDays: 90 }, '2026-11-23'),
    ).toEqual({ endDate: '2027-02-20', nextBillingDate: null, creditsRemaining: 10 });
    expect(membershipTerms({ ...plan, kind: 'drop_in' }, '2026-11-23')).toEqual({
      endDate: '2026-12-22',
      nextBillingDate: null,
      creditsRemaining: 1,
    });
    expect(
      membershipTerms({ ...plan, kind: 'drop_in', validityDays: 1 }, '2026-11-23').endDate,
    ).toBe('2026-11-23');
    expect(membershipTerms({ ...plan, kind: 'trial', validityDays: 14 }, '2026-11-23')).toEqual({
      endDate: '2026-12-06',
      nextBillingDate: null,
      creditsRemaining: null,
    });
  });
});

describe('pause and resume', () => {
  it('refuses a resume date not after today or more than 6 months away', () => {
    expect(pauseProblem('2026-11-23', '2026-11-23')).toMatch(/after today/);
    expect(pauseProblem('2026-11-23', '2027-05-24')).toMatch(/at most 6 months/);
    expect(pauseProblem('2026-11-23', '2027-05-23')).toBeNull();
  });

  it('shifts next billing and end dates by the paused days, and gives unused days back', () => {
    const shifted = pauseShift(
      { nextBillingDate: '2026-12-01', endDate: null },
      '2026-11-23',
      '2026-12-07',
    );
    expect(shifted).toEqual({ nextBillingDate: '2026-12-15', endDate: null, days: 14 });
    const pack = pauseShift(
      { nextBillingDate: null, endDate: '2026-12-31' },
      '2026-11-23',
      '2026-12-03',
    );
    expect(pack.endDate).toBe('2027-01-10');
    // Resumed 4 days early: 4 of the 14 days come back off.
    expect(
      resumeShift({ nextBillingDate: '2026-12-15', endDate: null }, '2026-12-03', '2026-12-07'),
    ).toEqual({ nextBillingDate: '2026-12-11', endDate: null });
  });
});

describe('cancelling and the minimum term', () => {
  it('ends the day before the next billing date', () => {
    expect(periodEndDate('2026-12-01')).toBe('2026-11-30');
  });
  it('refuses an end before the minimum term was served', () => {
    const termEnd = minimumTermEnd('2026-01-31', 'month', 3);
    expect(termEnd).toBe('2026-04-29');
    expect(servesMinimumTerm('2026-03-30', termEnd)).toBe(false);
    expect(servesMinimumTerm('2026-04-29', termEnd)).toBe(true);
    expect(minimumTermEnd('2026-01-01', 'month', null)).toBeNull();
    expect(servesMinimumTerm('2026-01-01', null)).toBe(true);
  });
});

describe('the daily lifecycle', () => {
  const base = { endDate: null, resumesOn: null, cancelAtPeriodEnd: false } as const;
  it('expires past their end date, cancels those cancelled at period end, resumes on the date', () => {
    const today = '2026-11-23';
    expect(lifecycleTransition({ ...base, status: 'active', endDate: '2026-11-22' }, today)).toBe(
      'expire',
    );
    expect(lifecycleTransition({ ...base, status: 'active', endDate: '2026-11-23' }, today)).toBe(
      null,
    );
    expect(
      lifecycleTransition(
        { ...base, status: 'active', endDate: '2026-11-22', cancelAtPeriodEnd: true },
        today,
      ),
    ).toBe('cancel');
    expect(lifecycleTransition({ ...base, status: 'paused', resumesOn: today }, today)).toBe(
      'resume',
    );
    expect(lifecycleTransition({ ...base, status: 'paused', resumesOn: '2026-11-24' }, today)).toBe(
      null,
    );
    expect(lifecycleTransition({ ...base, status: 'expired', endDate: '2026-01-01' }, today)).toBe(
      null,
    );
    expect(lifecycleTransition({ ...base, status: 'active' }, today)).toBe(null);
  });
});

describe('weekWindow', () => {
  it('is Monday 00:00 to the next Monday in the studio time zone', () => {
    // Sunday 23:30 in New York is Monday 04:30 UTC: still the week that began on the Monday before.
    const w = weekWindow(new Date('2026-11-30T04:30:00Z'), 'America/New_York');
    expect(w.from.toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });
});

describe('deriveMemberStatus (the one rule)', () => {
  const m = (over: Partial<MembershipForStatus>): MembershipForStatus => ({
    kind: 'membership',
    planName: 'Unlimited Monthly',
    status: 'active',
    startDate: '2026-01-01',
    endDate: null,
    cancelledAt: null,
    ...over,
  });

  it('keeps the staff-set status of a member without memberships (null)', () => {
    expect(deriveMemberStatus([])).toBeNull();
    expect(deriveMemberStatus([m({ kind: 'add_on' })])).toBeNull();
  });

  it('is active when any membership is active or past due, naming the latest', () => {
    expect(
      deriveMemberStatus([
        m({ status: 'expired', planName: 'Old', endDate: '2026-02-01' }),
        m({ status: 'past_due', planName: 'Unlimited Monthly', startDate: '2026-03-01' }),
        m({ status: 'paused', planName: 'Paused', startDate: '2026-04-01' }),
      ]),
    ).toEqual({
      membershipStatus: 'active',
      membershipType: 'Unlimited Monthly',
      membershipStartDate: '2026-03-01',
      membershipEndDate: null,
    });
  });

  it('is suspended when the only current one is paused', () => {
    expect(deriveMemberStatus([m({ status: 'paused' })])?.membershipStatus).toBe('suspended');
  });

  it('is cancelled when the latest ended by cancellation, else inactive', () => {
    const expired = m({ status: 'expired', planName: '10 Pack', endDate: '2026-06-30' });
    const cancelled = m({
      status: 'cancelled',
      planName: 'Monthly',
      endDate: '2026-05-31',
      cancelledAt: '2026-05-01T00:00:00Z',
    });
    expect(deriveMemberStatus([cancelled, expired])).toMatchObject({
      membershipStatus: 'inactive',
      membershipType: '10 Pack',
    });
    expect(deriveMemberStatus([cancelled, { ...expired, endDate: '2026-04-30' }])).toMatchObject({
      membershipStatus: 'cancelled',
      membershipType: 'Monthly',
    });
  });
});

describe('cancelling online', () => {
  const monthly = {
    today: '2026-03-10',
    startDate: '2026-01-15',
    nextBillingDate: '2026-03-15',
    endDate: null,
    interval: 'month' as const,
    minimumTermPeriods: null,
    noticeDays: 0,
  };

  it('ends at the end of the current period without notice or term', () => {
    expect(onlineCancelLastDay(monthly)).toBe('2026-03-14');
  });

  it('runs the notice period, then to the end of the period it ends in', () => {
    expect(onlineCancelLastDay({ ...monthly, noticeDays: 4 })).toBe('2026-03-14');
    expect(onlineCancelLastDay({ ...monthly, noticeDays: 5 })).toBe('2026-04-14');
    expect(onlineCancelLastDay({ ...monthly, noticeDays: 30 })).toBe('2026-04-14');
    expect(onlineCancelLastDay({ ...monthly, noticeDays: 36 })).toBe('2026-05-14');
  });

  it('serves the minimum term first', () => {
    // Six months from 15 January: the term's last day is 14 July.
    expect(onlineCancelLastDay({ ...monthly, minimumTermPeriods: 6 })).toBe('2026-07-14');
    expect(onlineCancelLastDay({ ...monthly, minimumTermPeriods: 2 })).toBe('2026-03-14');
  });

  it('ends a membership without billing on its end date', () => {
    expect(
      onlineCancelLastDay({
        ...monthly,
        nextBillingDate: null,
        interval: null,
        endDate: '2026-06-30',
      }),
    ).toBe('2026-06-30');
  });
});

describe('pausing online', () => {
  const rules = { pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 };
  const ask = (firstDay: string, lastDay: string, pausesThatYear = 0) =>
    onlinePauseProblem({ today: '2026-03-10', firstDay, lastDay, pausesThatYear, rules });

  it('takes a pause within the rules, from today or later', () => {
    expect(ask('2026-03-10', '2026-03-16')).toBeNull();
    expect(ask('2026-04-01', '2026-06-29')).toBeNull();
  });

  it('names the rule it refuses', () => {
    expect(ask('2026-03-09', '2026-03-20')).toBe('The first paused day cannot be in the past.');
    expect(ask('2026-03-20', '2026-03-19')).toBe(
      'The last paused day must be on or after the first.',
    );
    expect(ask('2026-03-10', '2026-03-15')).toBe('A pause lasts at least 7 days: this one is 6.');
    expect(ask('2026-03-10', '2026-06-08')).toBe('A pause lasts at most 90 days: this one is 91.');
    expect(ask('2026-04-01', '2026-04-10', 2)).toBe(
      'You can pause at most 2 times a year, and 2026 already has 2.',
    );
  });

  it('starts a booked pause on its first day', () => {
    const booked = {
      status: 'active' as const,
      endDate: null,
      resumesOn: null,
      cancelAtPeriodEnd: false,
      pauseStartsOn: '2026-03-12',
    };
    expect(lifecycleTransition(booked, '2026-03-11')).toBeNull();
    expect(lifecycleTransition(booked, '2026-03-12')).toBe('pause');
  });
});

describe('classCost', () => {
  const plan = (over: Partial<Parameters<typeof classCost>[0][number]>) => ({
    planName: 'Unlimited',
    status: 'active' as const,
    startDate: '2026-01-01',
    endDate: null,
    creditsRemaining: null,
    ...over,
  });

  it('is null for a member who never had a plan (they book as before)', () => {
    expect(classCost([], '2026-03-01')).toBeNull();
  });

  it('prefers a covering membership without credits, then a pack with credits left', () => {
    const pack = plan({ planName: 'Ten Pack', creditsRemaining: 3, endDate: '2026-06-30' });
    expect(classCost([pack, plan({})], '2026-03-01')).toEqual({
      kind: 'included',
      planName: 'Unlimited',
    });
    expect(classCost([pack], '2026-03-01')).toEqual({
      kind: 'credit',
      planName: 'Ten Pack',
      creditsLeft: 3,
    });
  });

  it('finds nothing to pay on a day no plan covers, or with no credits left, or paused', () => {
    const pack = plan({ planName: 'Ten Pack', creditsRemaining: 3, endDate: '2026-06-30' });
    expect(classCost([pack], '2026-07-01')).toEqual({ kind: 'none' });
    expect(classCost([{ ...pack, creditsRemaining: 0 }], '2026-03-01')).toEqual({ kind: 'none' });
    expect(classCost([plan({ status: 'paused' })], '2026-03-01')).toEqual({ kind: 'none' });
  });
});
