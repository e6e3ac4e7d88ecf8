import {
  availabilityInputSchema,
  type Availability,
  type AvailabilityInput,
} from '@fitbase/domain/contracts/appointments';
import { z } from 'zod';
import { formatLocalDate } from './schedule-dates';

/**
 * The Availability tab's editor (docs/product/schedule.md#appointments): rows of weekday, start
 * and end, checked with the API's own rules (end after start, no overlap on one weekday).
 */

/** Weekdays as the API numbers them (0 = Sunday), listed Monday first like the calendar. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** 'Monday' for 1: 2024-01-07 was a Sunday, so 2024-01-0(7|1..6) name the days. */
export function weekdayName(weekday: number, pattern = 'EEEE'): string {
  return formatLocalDate(`2024-01-0${weekday === 0 ? 7 : weekday}`, pattern);
}

export const availabilityFormSchema = z
  .object({
    slots: z.array(
      z.object({
        weekday: z.string().regex(/^[0-6]$/, 'Choose a weekday'),
        startTime: z.string(),
        endTime: z.string(),
      }),
    ),
  })
  .transform(({ slots }): AvailabilityInput => ({
    slots: slots.map((slot) => ({ ...slot, weekday: Number(slot.weekday) })),
  }))
  .pipe(availabilityInputSchema);

export type AvailabilityFormValues = z.input<typeof availabilityFormSchema>;
export type AvailabilityFormOutput = z.output<typeof availabilityFormSchema>;

const order = (a: { weekday: number; startTime: string }, b: typeof a) =>
  ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7) || a.startTime.localeCompare(b.startTime);

/** The stored set as editor rows, Monday first and by start time. */
export function availabilityToForm(availability: Availability): AvailabilityFormValues {
  return {
    slots: [...availability.slots].sort(order).map((slot) => ({
      weekday: String(slot.weekday),
      startTime: slot.startTime,
      endTime: slot.endTime,
    })),
  };
}

/** The stored set grouped by weekday, Monday first; days without a slot are left out. */
export function groupByWeekday(
  availability: Availability,
): Array<{ weekday: number; slots: Availability['slots'] }> {
  const sorted = [...availability.slots].sort(order);
  return WEEKDAYS_MONDAY_FIRST.map((weekday) => ({
    weekday,
    slots: sorted.filter((slot) => slot.weekday === weekday),
  })).filter((group) => group.slots.length > 0);
}
