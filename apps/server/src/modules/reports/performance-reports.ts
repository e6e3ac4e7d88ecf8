import type { ReportHandler } from './report-types.ts';

// Being built: the performance group's handlers (docs/product/reports-and-analytics.md).
export const performanceReports: ReportHandler[] = [];
