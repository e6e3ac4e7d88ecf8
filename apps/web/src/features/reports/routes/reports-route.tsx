import { DEFAULT_REPORT, REPORT_GROUPS } from '@fitbase/domain/report-catalog';
import { ReportsPage } from '../components/reports-page';

/** /reports: every report group (docs/product/reports-and-analytics.md#reports). */
export function ReportsRoute() {
  return <ReportsPage heading="Reports" groups={REPORT_GROUPS} defaultReport={DEFAULT_REPORT} />;
}
