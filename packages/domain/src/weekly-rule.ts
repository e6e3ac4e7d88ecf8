import { RRule, type Weekday } from 'rrule';

/**
 * The weekly repeat of the Add Class form (docs/product/schedule.md#classes-and-sessions): an
 * RFC 5545 RRULE body without DTSTART, built with rrule itself so the text is always a rule
 * the server's parser reads. The series' end date travels apart, as the class's `endsOn`.
 */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

const RRULE_DAYS: Record<WeekdayCode, Weekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

/** "FREQ=WEEKLY;BYDAY=MO,WE" for the chosen days (Monday first); throws without a day. */
export function weeklyRule(days: ReadonlyArray<WeekdayCode>): string {
  const chosen = WEEKDAY_CODES.filter((code) => days.includes(code));
  if (chosen.length === 0) throw new Error('Choose at least one day');
  return RRule.optionsToString({
    freq: RRule.WEEKLY,
    byweekday: chosen.map((code) => RRULE_DAYS[code]),
  }).replace(/^RRULE:/, '');
}

/** The days of a plain weekly rule ("FREQ=WEEKLY;BYDAY=MO,WE"), or null for any other rule. */
export function weeklyRuleDays(rule: string | null): WeekdayCode[] | null {
  if (!rule) return null;
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined]),
  );
  if (parts.get('FREQ') !== 'WEEKLY' || (parts.get('INTERVAL') ?? '1') !== '1') return null;
  const byDay = parts.get('BYDAY');
  if (!byDay) return null;
  const days = byDay.split(',');
  if (!days.every((d): d is WeekdayCode => (WEEKDAY_CODES as readonly string[]).includes(d)))
    return null;
  return WEEKDAY_CODES.filter((code) => days.includes(code));
}
