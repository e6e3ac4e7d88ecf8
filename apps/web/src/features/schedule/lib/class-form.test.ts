import { weeklyRuleDays } from '@fitbase/domain/weekly-rule';
import { describe, expect, it } from 'vitest';
import { classFormSchema, classFormToInput, emptyClassForm, timeOptions } from './class-form';
import { sessionChanges } from './session-form';

const base = () => ({ ...emptyClassForm('2025-06-02'), name: 'Morning Yoga' });

describe('Add Class form', () => {
  it('sends a one-off class without a rule or an end date', () => {
    const values = classFormSchema.parse({ ...base(), endsOn: '2025-07-01' });
    expect(classFormToInput(values)).toMatchObject({
      name: 'Morning Yoga',
      startsOn: '2025-06-02',
      startTime: '07:00',
      recurrenceRule: null,
      endsOn: null,
      description: null,
    });
  });

  it('builds the weekly RRULE body with rrule, Monday first, and the end date apart', () => {
    const values = classFormSchema.parse({
      ...base(),
      repeat: 'weekly',
      weekdays: { ...base().weekdays, FR: true, MO: true, WE: true },
      endsOn: '2025-08-29',
    });
    const input = classFormToInput(values);
    expect(input.recurrenceRule).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    expect(input.endsOn).toBe('2025-08-29');
    expect(weeklyRuleDays(input.recurrenceRule ?? null)).toEqual(['MO', 'WE', 'FR']);
    expect(weeklyRuleDays('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO')).toBeNull();
  });

  it('sends a course as a weekly series and asks for its end date', () => {
    const course = { ...base(), kind: 'course' as const };
    const oneOff = classFormSchema.safeParse(course);
    expect(oneOff.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['repeat', 'A course is a series: choose Weekly'],
    ]);
    const weekly = {
      ...course,
      repeat: 'weekly' as const,
      weekdays: { ...course.weekdays, TU: true },
    };
    expect(classFormSchema.safeParse(weekly).error?.issues.map((i) => i.message)).toEqual([
      'A course needs an end date',
    ]);
    const input = classFormToInput(classFormSchema.parse({ ...weekly, endsOn: '2025-07-29' }));
    expect(input).toMatchObject({ kind: 'course', endsOn: '2025-07-29' });
  });

  it('asks for a day and an end date not before the start', () => {
    const result = classFormSchema.safeParse({
      ...base(),
      repeat: 'weekly',
      endsOn: '2025-06-01',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      weekdays: 'Choose at least one day',
      endsOn: 'End date cannot be before the start date',
    });
  });

  it('checks name, time, duration and capacity with the API limits', () => {
    const result = classFormSchema.safeParse({
      ...base(),
      name: ' ',
      startTime: '25:00',
      durationMinutes: 2,
      capacity: 0,
    });
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'Name is required',
      'Start time must be a time such as 07:00',
      'Duration (minutes) is at least 5',
      'Capacity must be more than 0',
    ]);
  });

  it('offers quarter hours, plus the current time when it falls between them', () => {
    expect(timeOptions(undefined, 'en-US')).toHaveLength(96);
    expect(timeOptions('07:10', 'en-US').map((o) => o.value)).toContain('07:10');
    // Values stay HH:mm; labels are the studio's writing.
    expect(timeOptions(undefined, 'en-US')[68]).toEqual({ value: '17:00', label: '5:00 PM' });
    expect(timeOptions(undefined, 'de-DE')[68]).toEqual({ value: '17:00', label: '17:00' });
  });
});

describe('Edit Session changes', () => {
  const before = {
    name: 'Yoga',
    startTime: '07:00',
    durationMinutes: 60,
    capacity: 12,
    trainerUserId: 'u1',
    facilityId: null,
  };

  it('sends the scope and only the changed fields', () => {
    expect(
      sessionChanges('following', before, { ...before, capacity: 14, trainerUserId: null }),
    ).toEqual({ scope: 'following', capacity: 14, trainerUserId: null });
    expect(sessionChanges('all', before, { ...before })).toBeNull();
  });
});
