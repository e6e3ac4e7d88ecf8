import type { ClassPerformance } from '@fitbase/domain/contracts/analytics';
import { DataChart } from '@/components/chart/data-chart';
import { formatDay } from '@/components/chart/format-value';
import { StudioCount } from '@/components/studio-count';
import { useStudioFormat } from '@/hooks/use-studio-format';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { AttendanceCharts } from '../components/attendance-charts';
import { usePerformanceAnalytics } from '../api/get-performance-analytics';
import {
  peakHours,
  utilisationByNameChart,
  utilisationChart,
} from '../components/analytics-charts';
import {
  AnalyticsScreen,
  chartFrom,
  FigurePanel,
  Panel,
  percentText,
} from '../components/analytics-layout';

function PerformanceTable({
  label,
  rows,
}: {
  label: string;
  rows: ReadonlyArray<ClassPerformance>;
}) {
  const { locale } = useStudioFormat();
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{label}</TableHead>
            <TableHead scope="col" className="text-right">
              Sessions
            </TableHead>
            <TableHead scope="col" className="text-right">
              Places taken
            </TableHead>
            <TableHead scope="col" className="text-right">
              Capacity
            </TableHead>
            <TableHead scope="col" className="text-right">
              Attended
            </TableHead>
            <TableHead scope="col" className="text-right">
              Utilisation
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.name}>
              <TableHead scope="row" className="font-normal">
                {r.name}
              </TableHead>
              <TableCell className="text-right">
                <StudioCount value={r.sessions} />
              </TableCell>
              <TableCell className="text-right">
                <StudioCount value={r.taken} />
              </TableCell>
              <TableCell className="text-right">
                <StudioCount value={r.capacity} />
              </TableCell>
              <TableCell className="text-right">
                <StudioCount value={r.attended} />
              </TableCell>
              <TableCell className="text-right">{percentText(r.percent, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * /analytics/performance: classes, trainers and the busiest times over the last 12 weeks
 * (docs/product/reports-and-analytics.md#analytics).
 */
export function PerformanceAnalyticsRoute() {
  const query = usePerformanceAnalytics();
  const studio = useStudioFormat();
  const data = query.data;
  const chart = chartFrom(query);
  const ready = data !== undefined || query.isError;
  const peak = data ? peakHours(data.attendance) : null;
  const span = data
    ? `${formatDay(data.window.from, studio)} – ${formatDay(data.window.to, studio)}`
    : '';
  const noSessions = 'No class sessions in the last 12 weeks yet.';

  return (
    <AnalyticsScreen
      title="Performance"
      description="Classes, trainers and the busiest times of the last 12 weeks, from the schedule and the visits."
      query={query}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FigurePanel
          ready={ready}
          label="Class utilisation"
          value={percentText(data?.utilisation.percent ?? null, studio.locale)}
          hint={`Places taken ÷ capacity of classes not cancelled${span ? `, ${span}` : ''}`}
        />
        <FigurePanel
          ready={ready}
          label="Peak hours"
          value={peak ? peak.window : '–'}
          hint={peak ? `Busiest two hours; busiest slot ${peak.busiest}` : 'No visits yet'}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel className="lg:col-span-2">
          <DataChart
            chart={chart((d) => utilisationChart(d.utilisationByWeek))}
            bucket="week"
            emptyMessage={noSessions}
          />
        </Panel>
        <Panel>
          <DataChart
            chart={chart((d) => utilisationByNameChart('Utilisation by class', d.classes))}
            xLabel="Class"
            emptyMessage={noSessions}
          />
          {data ? <PerformanceTable label="Class" rows={data.classes} /> : null}
        </Panel>
        <Panel>
          <DataChart
            chart={chart((d) => utilisationByNameChart('Utilisation by trainer', d.trainers))}
            xLabel="Trainer"
            emptyMessage={noSessions}
          />
          {data ? <PerformanceTable label="Trainer" rows={data.trainers} /> : null}
        </Panel>
        <AttendanceCharts attendance={chart((d) => d.attendance)} />
      </div>
    </AnalyticsScreen>
  );
}
