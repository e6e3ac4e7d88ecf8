import { RETENTION_DAYS } from '@fitbase/domain/report-catalog';
import { DataChart } from '@/components/chart/data-chart';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentOrganization } from '@/lib/session';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { AttendanceCharts } from '../components/attendance-charts';
import { AnalyticsCards } from '../components/analytics-cards';
import {
  memberGrowthChart,
  peakHours,
  revenueChart,
  utilisationChart,
} from '../components/analytics-charts';
import {
  AnalyticsError,
  AnalyticsHeader,
  Figure,
  Panel,
  percentText,
} from '../components/analytics-layout';

/**
 * /analytics (docs/product/reports-and-analytics.md#analytics): the four cards, and charts of
 * the studio's own records where the original had placeholders and invented figures. No
 * rating or satisfaction: FitBase collects none.
 */
export function AnalyticsRoute() {
  const { organization } = useCurrentOrganization();
  const organizationId = organization?.id ?? '';
  const query = useAnalyticsOverview(organizationId);
  const data = query.data;
  const failed = query.isError;
  const loading = query.isPending && !failed;
  const peak = data ? peakHours(data.attendance) : null;
  const chart = <T,>(build: (d: NonNullable<typeof data>) => T) =>
    data ? build(data) : failed ? null : undefined;

  return (
    <div className="space-y-6">
      <AnalyticsHeader
        title="Analytics"
        description="Your studio's figures, computed from its members, payments, schedule and visits."
      />
      {failed ? <AnalyticsError onRetry={() => void query.refetch()} /> : null}
      <AnalyticsCards cards={data?.cards} loading={loading} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Panel>
          {data ? (
            <Figure
              label="Retention"
              value={percentText(data.retention.percent)}
              hint={`Members active ${RETENTION_DAYS} days ago still active today (${data.retention.stillActive} of ${data.retention.activeThen})`}
            />
          ) : (
            <Skeleton className="h-16" />
          )}
        </Panel>
        <Panel>
          {data ? (
            <Figure
              label="Peak hours"
              value={peak ? peak.window : '–'}
              hint={
                peak
                  ? `Busiest two hours of the last 12 weeks (${peak.visits} visits); busiest slot ${peak.busiest}`
                  : 'No visits in the last 12 weeks'
              }
            />
          ) : (
            <Skeleton className="h-16" />
          )}
        </Panel>
        <Panel>
          {data ? (
            <Figure
              label="Class utilisation"
              value={percentText(data.utilisation.percent)}
              hint={`Places taken of class places, last 12 weeks (${data.utilisation.taken} of ${data.utilisation.capacity})`}
            />
          ) : (
            <Skeleton className="h-16" />
          )}
        </Panel>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel>
          <DataChart
            chart={chart((d) => memberGrowthChart(d.memberGrowth))}
            bucket="month"
            emptyMessage="No members with a membership in the last 12 months yet."
          />
        </Panel>
        <Panel>
          <DataChart
            chart={chart((d) => revenueChart(d.revenueByMonth))}
            bucket="month"
            emptyMessage="No payments in the last 12 months yet."
          />
        </Panel>
        <AttendanceCharts attendance={chart((d) => d.attendance)} />
        <Panel className="lg:col-span-2">
          <DataChart
            chart={chart((d) => utilisationChart(d.utilisationByWeek))}
            bucket="week"
            emptyMessage="No class sessions in the last 12 weeks yet."
          />
        </Panel>
      </div>
    </div>
  );
}
