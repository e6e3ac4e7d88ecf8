import type { ReportHandler } from './report-types.ts';

// Being built: the revenue group's handlers (docs/product/reports-and-analytics.md).
export const revenueReports: ReportHandler[] = [];
