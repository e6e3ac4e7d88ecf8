import { z } from 'zod';
import { REPORT_IDS } from '../report-catalog.ts';
import { DEFAULT_REPORT_PERIOD, REPORT_PERIODS } from '../report-rules.ts';

/**
 * One shape for every report of /reports (docs/product/reports-and-analytics.md): the period
 * it covers, summary figures, an optional chart, and one page of its table. The browser draws
 * any report from this shape; the columns say how to format each cell.
 */

const isoDate = z.iso.date('Dates are YYYY-MM-DD');

export const reportParamsSchema = z.object({ report: z.enum(REPORT_IDS) });

export const reportQuerySchema = z.object({
  period: z
    .enum(REPORT_PERIODS, 'Period is week, month, quarter, year or custom')
    .default(DEFAULT_REPORT_PERIOD),
  /** Any day of the period to show (default today, studio time). Ignored for custom. */
  date: isoDate.optional(),
  /** Custom period: first and last day, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The report's tab (its first tab when absent). */
  tab: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  /** A column key of the report's table. */
  sort: z.string().max(60).optional(),
  dir: z.enum(['asc', 'desc'], 'Direction is asc or desc').optional(),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportExportQuery = Omit<ReportQuery, 'page'>;

/** How the browser formats a value: money is a decimal string in US dollars. */
export const REPORT_VALUE_KINDS = [
  'text',
  'money',
  'integer',
  'percent',
  'date',
  'datetime',
  'status',
] as const;
export type ReportValueKind = (typeof REPORT_VALUE_KINDS)[number];

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_VALUE_KINDS),
  sortable: z.boolean(),
});
export type ReportColumn = z.output<typeof reportColumnSchema>;

/** Cells: text, a decimal string (money), a number, a YYYY-MM-DD date, an ISO instant, or empty. */
const cellSchema = z.union([z.string(), z.number(), z.null()]);
export const reportRowSchema = z.record(z.string(), cellSchema);
export type ReportRow = z.output<typeof reportRowSchema>;

export const reportFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_VALUE_KINDS),
  value: cellSchema,
  /** The same figure for the previous period, where the report compares. */
  previous: cellSchema.optional(),
});
export type ReportFigure = z.output<typeof reportFigureSchema>;

export const reportChartSchema = z.object({
  kind: z.enum(['bar', 'stacked-bar', 'line']),
  title: z.string(),
  /** The key of each point's label (a date or a name) and how to show it. */
  xKey: z.string(),
  xKind: z.enum(REPORT_VALUE_KINDS),
  /** The unit of the values, for the axis ("US dollars", "members"). */
  unit: z.string(),
  series: z.array(
    z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_VALUE_KINDS) }),
  ),
  points: z.array(reportRowSchema),
});
export type ReportChart = z.output<typeof reportChartSchema>;

export const reportResultSchema = z.object({
  report: z.enum(REPORT_IDS),
  tab: z.string().nullable(),
  period: z.object({
    period: z.enum(REPORT_PERIODS),
    from: isoDate,
    to: isoDate,
    label: z.string(),
    /** The studio's time zone, which the days are in. */
    timeZone: z.string(),
  }),
  definition: z.string(),
  /** Summary figures of the whole period (not only this page). */
  figures: z.array(reportFigureSchema),
  chart: reportChartSchema.nullable(),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  /** Totals of the whole period for some columns (the table's footer), by column key. */
  totals: reportRowSchema.nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  sort: z.string().nullable(),
  dir: z.enum(['asc', 'desc']),
  /** A note that qualifies the figures (demo provider, empty reason). */
  notice: z.string().nullable(),
});
export type ReportResult = z.output<typeof reportResultSchema>;
