import type { ReportGroup, ReportId } from '@fitbase/domain/report-catalog';
import { useCurrentOrganization } from '@/lib/session';
import { downloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import { useReportView } from '../lib/use-report-view';
import { useFailedPaymentActions } from './failed-payment-actions';
import { ReportMenu } from './report-menu';
import { ReportView } from './report-view';

/**
 * /reports and /members/reports: the menu of report groups beside one report. The view is the
 * URL, so a link opens the same report, tab, period, page and order, and back/forward work.
 */
export function ReportsPage({
  heading,
  groups,
  defaultReport,
}: {
  heading: string;
  groups: ReadonlyArray<ReportGroup>;
  defaultReport: ReportId;
}) {
  const { organization } = useCurrentOrganization();
  const organizationId = organization?.id ?? '';
  const { view, today, resolved, change, hrefOf, select } = useReportView(
    groups,
    defaultReport,
    organization?.timezone ?? 'UTC',
  );
  const report = useReport(view, Boolean(organizationId) && resolved !== null);
  const failed = useFailedPaymentActions();
  // Only this report's own answer counts: the previous report's (kept while loading) is not shown.
  const result = report.data?.report === view.report ? report.data : undefined;

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
      <div className="flex flex-col gap-6 md:flex-row">
        <aside className="md:w-56 md:shrink-0">
          <ReportMenu groups={groups} current={view.report} hrefOf={hrefOf} onSelect={select} />
        </aside>
        <div className="min-w-0 flex-1">
          <ReportView
            view={view}
            today={today}
            resolved={resolved}
            result={result}
            error={report.error}
            loading={report.isPending && resolved !== null}
            fetching={report.isFetching}
            onChange={change}
            onExport={() => downloadReportCsv(view)}
            rowActions={view.report === 'failed-payments' ? failed.rowActions : undefined}
          />
        </div>
      </div>
      {failed.dialog}
    </div>
  );
}
