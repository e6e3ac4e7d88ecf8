import { z } from 'zod';
import { recentVisitSchema } from './members.ts';

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
