import { z } from 'zod';

/**
 * The four analytics screens (docs/product/reports-and-analytics.md#analytics). Every figure is
 * computed from the studio's records in its time zone, with the same definitions as the
 * dashboards and the reports; nothing is invented (no rating or satisfaction: FitBase collects
 * none). Money is a decimal string ("12.50"), percentages a number with one decimal or null
 * when there is nothing to divide by. Months are local 'YYYY-MM'.
 */

/** Analytics screens look back this many months (member growth, revenue, MRR, cohorts). */
export const ANALYTICS_MONTHS = 12;
/** Attendance and utilisation look at the last 12 whole weeks plus this one: every weekday alike. */
export const ANALYTICS_WINDOW_DAYS = 84;
/** Cohort columns: share of a join month still active this many months later. */
export const COHORT_OFFSETS = [1, 2, 3, 6] as const;
/** Rows of the at-risk list. */
export const AT_RISK_LIST_LIMIT = 10;

const money = z.string();
const percent = z.number().nullable();

/** The overview cards: the same definitions as the plan dashboards. */
export const analyticsCardsSchema = z.object({
  totalMembers: z.number().int(),
  /** Paid minus refunded in the current calendar month (payments.service monthlyRevenue). */
  monthlyRevenue: money,
  /** Distinct members with a visit today. */
  activeToday: z.number().int(),
  /** Scheduled sessions this week, Monday to Sunday. */
  classesThisWeek: z.number().int(),
});
export type AnalyticsCards = z.infer<typeof analyticsCardsSchema>;

/** Member status counts on a month's last day (today for the current month). */
export const memberGrowthPointSchema = z.object({
  month: z.string(),
  day: z.string(),
  active: z.number().int(),
  paused: z.number().int(),
  expired: z.number().int(),
});
export type MemberGrowthPoint = z.infer<typeof memberGrowthPointSchema>;

/** Visits by local weekday (1 = Monday … 7 = Sunday) and hour (0-23); only non-zero cells. */
export const attendanceCellSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  visits: z.number().int(),
});
export type AttendanceCell = z.infer<typeof attendanceCellSchema>;

/** Places taken ÷ capacity of non-cancelled sessions. */
export const utilisationSchema = z.object({
  taken: z.number().int(),
  capacity: z.number().int(),
  percent,
});
export type Utilisation = z.infer<typeof utilisationSchema>;

export const utilisationWeekSchema = utilisationSchema.extend({ week: z.string() });

/** Members active RETENTION_DAYS ago who are still active today. */
export const retentionSchema = z.object({
  from: z.string(),
  activeThen: z.number().int(),
  stillActive: z.number().int(),
  percent,
});
export type Retention = z.infer<typeof retentionSchema>;

export const revenueMonthSchema = z.object({
  month: z.string(),
  total: money,
  memberships: money,
  packs: money,
  dropIns: money,
  retail: money,
  fees: money,
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

const windowSchema = z.object({ from: z.string(), to: z.string() });

export const analyticsOverviewSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  cards: analyticsCardsSchema,
  memberGrowth: z.array(memberGrowthPointSchema),
  revenueByMonth: z.array(revenueMonthSchema),
  window: windowSchema,
  attendance: z.array(attendanceCellSchema),
  utilisation: utilisationSchema,
  utilisationByWeek: z.array(utilisationWeekSchema),
  retention: retentionSchema,
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/** Member movement in a month: active on its first day, added, lost, active on its last. */
export const memberMovementSchema = z.object({
  month: z.string(),
  atStart: z.number().int(),
  added: z.number().int(),
  lost: z.number().int(),
  atEnd: z.number().int(),
  /** Lost ÷ active at the start (attritionPercent). */
  churnPercent: percent,
});
export type MemberMovement = z.infer<typeof memberMovementSchema>;

/** Members whose first membership started in `month`, and the share active at later month ends. */
export const cohortSchema = z.object({
  month: z.string(),
  size: z.number().int(),
  /** One per COHORT_OFFSETS; null while that month has not ended (or an empty cohort). */
  retained: z.array(percent),
});
export type Cohort = z.infer<typeof cohortSchema>;

export const atRiskMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  lastVisit: z.string().nullable(),
  daysSinceVisit: z.number().int().nullable(),
});
export type AtRiskMember = z.infer<typeof atRiskMemberSchema>;

export const memberAnalyticsSchema = z.object({
  today: z.string(),
  statusMix: z.object({
    active: z.number().int(),
    paused: z.number().int(),
    expired: z.number().int(),
  }),
  growth: z.array(memberGrowthPointSchema),
  movement: z.array(memberMovementSchema),
  retention: retentionSchema,
  cohorts: z.array(cohortSchema),
  atRisk: z.object({ total: z.number().int(), members: z.array(atRiskMemberSchema) }),
});
export type MemberAnalytics = z.infer<typeof memberAnalyticsSchema>;

/** Monthly recurring revenue on a month's last day and its movement from the month before. */
export const mrrMonthSchema = z.object({
  month: z.string(),
  day: z.string(),
  mrr: money,
  new: money,
  churned: money,
  net: money,
});
export type MrrMonth = z.infer<typeof mrrMonthSchema>;

export const revenueAnalyticsSchema = z.object({
  today: z.string(),
  byMonth: z.array(revenueMonthSchema),
  /** Revenue of each month ÷ members active on its last day. */
  perMember: z.array(
    z.object({ month: z.string(), activeMembers: z.number().int(), average: money.nullable() }),
  ),
  mrr: z.array(mrrMonthSchema),
});
export type RevenueAnalytics = z.infer<typeof revenueAnalyticsSchema>;

export const classPerformanceSchema = z.object({
  name: z.string(),
  sessions: z.number().int(),
  taken: z.number().int(),
  capacity: z.number().int(),
  attended: z.number().int(),
  percent,
});
export type ClassPerformance = z.infer<typeof classPerformanceSchema>;

export const trainerPerformanceSchema = classPerformanceSchema.extend({
  trainerId: z.string().nullable(),
});
export type TrainerPerformance = z.infer<typeof trainerPerformanceSchema>;

export const performanceAnalyticsSchema = z.object({
  today: z.string(),
  window: windowSchema,
  utilisation: utilisationSchema,
  utilisationByWeek: z.array(utilisationWeekSchema),
  classes: z.array(classPerformanceSchema),
  trainers: z.array(trainerPerformanceSchema),
  attendance: z.array(attendanceCellSchema),
});
export type PerformanceAnalytics = z.infer<typeof performanceAnalyticsSchema>;
