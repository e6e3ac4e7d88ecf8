import { DataChart } from '@/components/chart/data-chart';
import { useRevenueAnalytics } from '../api/get-revenue-analytics';
import {
  mrrChart,
  mrrMovementChart,
  perMemberChart,
  revenueChart,
} from '../components/analytics-charts';
import { AnalyticsScreen, chartFrom, FigurePanel, Panel } from '../components/analytics-layout';
import { useMoney } from '@/hooks/use-studio-format';

/**
 * /analytics/revenue: revenue by month and Sales category, revenue per active member, and
 * monthly recurring revenue with its movement (docs/product/reports-and-analytics.md#analytics).
 */
export function RevenueAnalyticsRoute() {
  const money = useMoney();
  const query = useRevenueAnalytics();
  const data = query.data;
  const chart = chartFrom(query);
  const thisMonth = data?.byMonth.at(-1);
  const perMember = data?.perMember.at(-1);
  const mrr = data?.mrr.at(-1);
  const ready = data !== undefined || query.isError;
  const figure = (label: string, value: string, hint: string) => (
    <FigurePanel ready={ready} label={label} value={value} hint={hint} />
  );

  return (
    <AnalyticsScreen
      title="Revenue Reports"
      description="Payments received minus refunds, by month and category, and the recurring revenue of memberships."
      query={query}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {figure(
          'Revenue this month',
          money(thisMonth?.total ?? '0.00'),
          'Paid minus refunded, this calendar month',
        )}
        {figure(
          'Monthly recurring revenue',
          money(mrr?.mrr ?? '0.00'),
          'Active recurring memberships today, priced per month',
        )}
        {figure(
          'Revenue per member',
          perMember?.average ? money(perMember.average) : '–',
          `This month's revenue ÷ ${perMember?.activeMembers ?? 0} active members`,
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel className="lg:col-span-2">
          <DataChart
            chart={chart((d) => revenueChart(d.byMonth, true))}
            bucket="month"
            emptyMessage="No payments in the last 12 months yet."
          />
        </Panel>
        <Panel>
          <DataChart
            chart={chart((d) => mrrChart(d.mrr))}
            bucket="month"
            emptyMessage="No recurring memberships in the last 12 months yet."
          />
        </Panel>
        <Panel>
          <DataChart
            chart={chart((d) => mrrMovementChart(d.mrr))}
            bucket="month"
            emptyMessage="No recurring memberships started or ended in the last 12 months."
          />
        </Panel>
        <Panel className="lg:col-span-2">
          <DataChart
            chart={chart((d) => perMemberChart(d.perMember))}
            bucket="month"
            emptyMessage="No revenue from active members in the last 12 months yet."
          />
        </Panel>
      </div>
    </AnalyticsScreen>
  );
}
