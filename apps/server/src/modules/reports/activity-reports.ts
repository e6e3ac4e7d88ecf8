import type { ReportHandler } from './report-types.ts';

// Being built: the activity group's handlers (docs/product/reports-and-analytics.md).
export const activityReports: ReportHandler[] = [];
