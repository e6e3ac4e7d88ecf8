import { RETENTION_DAYS } from '@fitbase/domain/report-catalog';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { DataChart } from '@/components/chart/data-chart';
import { useCurrentOrganization } from '@/lib/session';
import { useMemberAnalytics } from '../api/get-member-analytics';
import { memberGrowthChart, movementChart } from '../components/analytics-charts';
import {
  AnalyticsScreen,
  chartFrom,
  FigurePanel,
  LoadedPanel,
  Panel,
  percentText,
} from '../components/analytics-layout';
import { AtRiskList, ChurnTable, CohortTable } from '../components/member-tables';

/**
 * /analytics/members: growth, churn, retention cohorts, status mix and at-risk members, from
 * the membership history as the Members report counts it
 * (docs/product/reports-and-analytics.md#analytics).
 */
export function MemberAnalyticsRoute() {
  const { organization } = useCurrentOrganization();
  const query = useMemberAnalytics();
  const { locale } = useStudioFormat();
  const data = query.data;
  const mix = data?.statusMix ?? { active: 0, paused: 0, expired: 0 };
  const chart = chartFrom(query);
  const ready = data !== undefined || query.isError;
  const figure = (label: string, value: string, hint: string) => (
    <FigurePanel ready={ready} label={label} value={value} hint={hint} />
  );

  return (
    <AnalyticsScreen
      title="Member Analytics"
      description="Members by status from their membership history, how many join and leave, and who has stopped coming."
      query={query}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figure('Active', mix.active.toLocaleString(locale), 'Members with a membership today')}
        {figure('Paused', mix.paused.toLocaleString(locale), 'Every membership paused today')}
        {figure('Expired', mix.expired.toLocaleString(locale), 'Had a membership, none today')}
        {figure(
          'Retention',
          percentText(data?.retention.percent ?? null, locale),
          `Active ${RETENTION_DAYS} days ago and still active today`,
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel>
          <DataChart
            chart={chart((d) => memberGrowthChart(d.growth))}
            bucket="month"
            emptyMessage="No members with a membership in the last 12 months yet."
          />
        </Panel>
        <Panel>
          <DataChart
            chart={chart((d) => movementChart(d.movement))}
            bucket="month"
            emptyMessage="No member joined or left in the last 12 months."
          />
        </Panel>
        <LoadedPanel query={query} title="Retention cohorts">
          {(d) => <CohortTable cohorts={d.cohorts} />}
        </LoadedPanel>
        <LoadedPanel query={query}>
          {(d) => (
            <AtRiskList
              total={d.atRisk.total}
              members={d.atRisk.members}
              timeZone={organization?.timezone ?? 'UTC'}
            />
          )}
        </LoadedPanel>
        <LoadedPanel query={query} title="Monthly churn" className="lg:col-span-2">
          {(d) => <ChurnTable movement={d.movement} />}
        </LoadedPanel>
      </div>
    </AnalyticsScreen>
  );
}
