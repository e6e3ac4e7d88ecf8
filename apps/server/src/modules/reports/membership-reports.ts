import type { ReportHandler } from './report-types.ts';

// Being built: the membership group's handlers (docs/product/reports-and-analytics.md).
export const membershipReports: ReportHandler[] = [];
