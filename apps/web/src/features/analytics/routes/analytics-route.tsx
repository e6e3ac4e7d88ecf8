import { RETENTION_DAYS } from '@fitbase/domain/report-catalog';
import { DataChart } from '@/components/chart/data-chart';
import { useStudioFormat } from '@/hooks/use-studio-format';
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
  AnalyticsScreen,
  chartFrom,
  FigurePanel,
  Panel,
  percentText,
} from '../components/analytics-layout';

/**
 * /analytics (docs/product/reports-and-analytics.md#analytics): the four cards, and charts of
 * the studio's own records where the original had placeholders and invented figures. No
 * rating or satisfaction: FitBase collects none.
 */
export function AnalyticsRoute() {
  const query = useAnalyticsOverview();
  const { locale } = useStudioFormat();
  const data = query.data;
  const failed = query.isError;
  const loading = query.isPending && !failed;
  const ready = data !== undefined || failed;
  const peak = data ? peakHours(data.attendance) : null;
  const chart = chartFrom(query);
  const retention = data?.retention;
  const utilisation = data?.utilisation;

  return (
    <AnalyticsScreen
      title="Analytics"
      description="Your studio's figures, computed from its members, payments, schedule and visits."
      query={query}
    >
      <AnalyticsCards cards={data?.cards} loading={loading} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FigurePanel
          ready={ready}
          label="Retention"
          value={percentText(retention?.percent ?? null, locale)}
          hint={`Members active ${RETENTION_DAYS} days ago still active today (${retention?.stillActive ?? 0} of ${retention?.activeThen ?? 0})`}
        />
        <FigurePanel
          ready={ready}
          label="Peak hours"
          value={peak ? peak.window : '–'}
          hint={
            peak
              ? `Busiest two hours of the last 12 weeks (${peak.visits} visits); busiest slot ${peak.busiest}`
              : 'No visits in the last 12 weeks'
          }
        />
        <FigurePanel
          ready={ready}
          label="Class utilisation"
          value={percentText(utilisation?.percent ?? null, locale)}
          hint={`Places taken of class places, last 12 weeks (${utilisation?.taken ?? 0} of ${utilisation?.capacity ?? 0})`}
        />
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
    </AnalyticsScreen>
  );
}
