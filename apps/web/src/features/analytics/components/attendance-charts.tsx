import { DataChart } from '@/components/chart/data-chart';
import { visitsByHourChart, visitsByWeekdayChart } from './analytics-charts';
import { Panel } from './analytics-layout';

type Cells = Parameters<typeof visitsByHourChart>[0];

/**
 * Visits by hour of day and by weekday (the real peak hours), shown on /analytics and
 * /analytics/performance. `undefined` while loading, `null` when the screen failed.
 */
export function AttendanceCharts({ attendance }: { attendance: Cells | null | undefined }) {
  const of = (build: (cells: Cells) => ReturnType<typeof visitsByHourChart>) =>
    attendance ? build(attendance) : attendance;
  return (
    <>
      <Panel>
        <DataChart
          chart={of(visitsByHourChart)}
          xLabel="Hour of day"
          emptyMessage="No visits in the last 12 weeks yet."
        />
      </Panel>
      <Panel>
        <DataChart
          chart={of(visitsByWeekdayChart)}
          xLabel="Weekday"
          emptyMessage="No visits in the last 12 weeks yet."
        />
      </Panel>
    </>
  );
}
