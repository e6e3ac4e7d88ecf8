import type { ReportId } from '@fitbase/domain/report-catalog';
import { activityReports } from './activity-reports.ts';
import { membershipReports } from './membership-reports.ts';
import { performanceReports } from './performance-reports.ts';
import type { ReportHandler } from './report-types.ts';
import { revenueReports } from './revenue-reports.ts';

const HANDLERS = new Map<ReportId, ReportHandler>(
  [...revenueReports, ...membershipReports, ...performanceReports, ...activityReports].map((h) => [
    h.id,
    h,
  ]),
);

/** Every id of the catalog has a handler (reports.test.ts checks it). */
export function reportHandler(id: ReportId): ReportHandler {
  const handler = HANDLERS.get(id);
  if (!handler) throw new Error(`The report ${id} has no handler`);
  return handler;
}
