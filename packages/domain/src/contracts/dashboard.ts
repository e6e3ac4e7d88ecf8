import { z } from 'zod';
import { recentVisitSchema } from './members.ts';
import { sessionSummarySchema } from './schedule.ts';

/**
 * A figure counted over the month so far and over the same span of the previous month
 * (docs/product/dashboards.md "Percent labels"). `previous` is null when there is no previous
 * period to compare with: the organization did not exist yet when that span began.
 */
export const periodCountSchema = z.object({
  current: z.number().int(),
  previous: z.number().int().nullable(),
});
export type PeriodCount = z.infer<typeof periodCountSchema>;

/**
 * The two spans, as instants: month to date in the organization's time zone, and the same
 * number of days from the start of the previous month (never past that month's end).
 */
export const comparisonSpanSchema = z.object({
  currentStart: z.string(),
  currentEnd: z.string(),
  previousStart: z.string(),
  previousEnd: z.string(),
});
export type ComparisonSpan = z.infer<typeof comparisonSpanSchema>;

/** Plan dashboards (docs/product/dashboards.md). maxMembers null means unlimited. */
export const dashboardSummarySchema = z.object({
  memberCount: z.number().int(),
  maxMembers: z.number().int().nullable(),
  /** Check-ins since the start of today in the organization's time zone. */
  activeToday: z.number().int(),
  recentVisits: z.array(recentVisitSchema),
  span: comparisonSpanSchema,
  /** Members created in each span. */
  membersAdded: periodCountSchema,
  /** Visits (check-ins) in each span. */
  checkIns: periodCountSchema,
  /** Scheduled sessions this week (Monday to Sunday, the organization's time zone). */
  classesThisWeek: z.number().int(),
  /** The caller's next session they teach, else the studio's next; null when none. */
  nextClass: sessionSummarySchema.nullable(),
  /** Staff (admin, trainer, staff) teaching a scheduled session or appointment today. */
  onDutyToday: z.number().int(),
  /**
   * Monthly Revenue (paid minus refunded, exact decimal strings) this month and over the same
   * span of the previous month; previous is null when there is no previous period.
   */
  monthlyRevenue: z.object({ current: z.string(), previous: z.string().nullable() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * Percent change from `previous` to `current`, rounded to a whole number, or null when it
 * cannot be stated honestly: no previous period, or nothing in it to compare against.
 */
export function percentChange({ current, previous }: PeriodCount): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** The staff-area home dashboard (docs/product/dashboards.md#studio-home). */
export const homeDashboardSchema = z.object({
  /** Places taken (booked or attended) in scheduled sessions today and this week. */
  classBookings: z.object({ today: z.number().int(), thisWeek: z.number().int() }),
  /** This week's places taken against the capacity of its scheduled sessions. */
  bookingsVsCapacity: z.object({
    booked: z.number().int(),
    capacity: z.number().int(),
    /** Whole percent; 0 when there is no capacity. */
    percent: z.number().int(),
  }),
  /** Members whose membership status is active. */
  activeMembers: z.number().int(),
  /** Paid minus refunded this calendar month (exact decimal string). */
  monthlyRevenue: z.string(),
  /** The 5 newest members; joinedAt is when they were added. */
  newestSignups: z.array(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), joinedAt: z.string() }),
  ),
  /** Members whose membership ends within the next 14 days, soonest first. */
  expiringMembers: z.array(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), endsOn: z.string() }),
  ),
  /** Scheduled sessions starting today / tomorrow in the organization's time zone. */
  today: z.array(sessionSummarySchema),
  tomorrow: z.array(sessionSummarySchema),
});
export type HomeDashboard = z.infer<typeof homeDashboardSchema>;
