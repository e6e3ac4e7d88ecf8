import type { ReportChart } from '@fitbase/domain/contracts/reports';
import { BarChart3, Table2 } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/hooks/use-mobile';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { cn } from '@/lib/utils';
import { ChartTable } from './chart-table';
import {
  formatAxisValue,
  formatBucket,
  formatValue,
  inferBucket,
  plotNumber,
  type DateBucket,
} from './format-value';

/** Series colours: distinct hues, each at least 3:1 against the white card. */
export const CHART_COLOURS = ['#2563eb', '#059669', '#d97706', '#dc2626', '#7c3aed', '#0e7490'];

const BUCKET_LABELS: Record<DateBucket, string> = { day: 'Day', week: 'Week', month: 'Month' };

export interface DataChartProps {
  /** The chart of a report or analytics answer; undefined while it loads. */
  chart: ReportChart | null | undefined;
  loading?: boolean;
  /** Shown instead of an empty chart ("No sales in Nov 2026"). */
  emptyMessage?: ReactNode;
  /** Date axes: how points are grouped (read from the points' spacing when absent). */
  bucket?: DateBucket;
  /** The x axis title (default: the bucket for dates, else none). */
  xLabel?: string;
  /** The studio's time zone, for datetime values. */
  timeZone?: string;
  className?: string;
}

/**
 * The one chart of FitBase (reports and analytics): bar, stacked bar or line from the
 * ReportChart shape, with labelled axes, a legend, a tooltip, and "Show as table". The svg is
 * hidden from screen readers; the same data is always in a table for them.
 */
export function DataChart({
  chart,
  loading,
  emptyMessage,
  bucket,
  xLabel,
  timeZone,
  className,
}: DataChartProps) {
  const [asTable, setAsTable] = useState(false);
  const isMobile = useIsMobile();
  const titleId = useId();
  // Values in the studio's currency and locale (ADR 0038), instants in the zone given.
  const studio = useStudioFormat();
  const fmt = { ...studio, timeZone: timeZone ?? studio.timeZone };

  const axisBucket = useMemo<DateBucket>(
    () =>
      bucket ??
      inferBucket(
        (chart?.points ?? []).map((p) => String(p[chart?.xKey ?? ''] ?? '')).filter(Boolean),
      ),
    [bucket, chart],
  );

  if (loading || chart === undefined) return <ChartSkeleton className={className} />;
  if (chart === null) return null;

  const xTitle = xLabel ?? (chart.xKind === 'date' ? BUCKET_LABELS[axisBucket] : '');
  const hasData = chart.points.some((p) =>
    chart.series.some((s) => {
      const n = plotNumber(p[s.key] ?? null);
      return n !== null && n !== 0;
    }),
  );

  const valueKind = chart.series[0]?.kind ?? 'integer';
  const data = chart.points.map((p) => {
    const row: Record<string, string | number | null> = { __x: p[chart.xKey] ?? null };
    for (const s of chart.series) row[s.key] = plotNumber(p[s.key] ?? null);
    return row;
  });
  const xTick = (value: unknown): string => {
    if (chart.xKind === 'date' && typeof value === 'string')
      return formatBucket(value, axisBucket, studio.locale, true);
    const text = formatValue(chart.xKind, (value as string | number | null) ?? null, fmt);
    // Names are cut on phones; the full name is in the tooltip and the table.
    return isMobile && text.length > 10 ? `${text.slice(0, 9)}…` : text;
  };
  const xFull = (value: unknown): string =>
    chart.xKind === 'date' && typeof value === 'string'
      ? formatBucket(value, axisBucket, studio.locale)
      : formatValue(chart.xKind, (value as string | number | null) ?? null, fmt);
  const kindOf = new Map(chart.series.map((s) => [s.key, s.kind]));
  const labelOf = new Map(chart.series.map((s) => [s.key, s.label]));

  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="__x"
        tickFormatter={xTick}
        fontSize={12}
        interval="preserveStartEnd"
        minTickGap={isMobile ? 12 : 6}
        angle={isMobile ? -40 : 0}
        textAnchor={isMobile ? 'end' : 'middle'}
        height={isMobile ? 56 : 40}
        label={
          xTitle && !isMobile
            ? { value: xTitle, position: 'insideBottom', offset: -2, fontSize: 12 }
            : undefined
        }
      />
      <YAxis
        fontSize={12}
        width={isMobile ? 44 : 64}
        allowDecimals={valueKind !== 'integer'}
        tickCount={isMobile ? 4 : 6}
        tickFormatter={(v: number) => formatAxisValue(valueKind, v, studio)}
      />
      <Tooltip
        labelFormatter={xFull}
        formatter={(value, name) => {
          const key = String(name);
          const kind = kindOf.get(key) ?? valueKind;
          const shown = kind === 'money' && typeof value === 'number' ? value.toFixed(3) : value;
          return [
            formatValue(kind, (shown as string | number | null) ?? null, fmt),
            labelOf.get(key) ?? key,
          ];
        }}
      />
    </>
  );

  return (
    <figure className={cn('space-y-3', className)} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <figcaption id={titleId} className="space-y-0.5">
          <span className="block font-medium">{chart.title}</span>
          <span className="block text-xs text-muted-foreground">
            {chart.unit}
            {xTitle ? ` by ${xTitle.toLowerCase()}` : ''}
          </span>
        </figcaption>
        {hasData ? (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? (
              <BarChart3 className="size-4" aria-hidden />
            ) : (
              <Table2 className="size-4" aria-hidden />
            )}
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        ) : null}
      </div>
      {!hasData ? (
        <p
          role="status"
          className="rounded-md border border-dashed py-10 text-center text-sm text-muted-foreground"
        >
          {emptyMessage ?? 'Nothing to chart in this period.'}
        </p>
      ) : asTable ? (
        <ChartTable
          chart={chart}
          bucket={axisBucket}
          xLabel={xTitle || 'Item'}
          timeZone={timeZone}
        />
      ) : (
        <>
          <div className="h-60 w-full sm:h-72" aria-hidden data-testid="chart-svg">
            <ResponsiveContainer width="100%" height="100%">
              {chart.kind === 'line' ? (
                <LineChart
                  data={data}
                  margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
                  // The svg is hidden from assistive technology (the table below is its text
                  // alternative), so recharts must not make it a tab stop either.
                  accessibilityLayer={false}
                >
                  {axes}
                  {chart.series.map((s, i) => (
                    <Line
                      key={s.key}
                      type="monotone"
                      dataKey={s.key}
                      name={s.key}
                      stroke={CHART_COLOURS[i % CHART_COLOURS.length]}
                      strokeWidth={2}
                      dot={data.length <= 31}
                      connectNulls
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              ) : (
                <BarChart
                  data={data}
                  margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
                  accessibilityLayer={false}
                >
                  {axes}
                  {chart.series.map((s, i) => (
                    <Bar
                      key={s.key}
                      dataKey={s.key}
                      name={s.key}
                      fill={CHART_COLOURS[i % CHART_COLOURS.length]}
                      stackId={chart.kind === 'stacked-bar' ? 'stack' : undefined}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              )}
            </ResponsiveContainer>
          </div>
          {/* The text alternative of the hidden svg. */}
          <ChartTable
            chart={chart}
            bucket={axisBucket}
            xLabel={xTitle || 'Item'}
            timeZone={timeZone}
            screenReaderOnly
          />
        </>
      )}
      {hasData && !asTable && chart.series.length > 1 ? (
        <ul aria-hidden className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {chart.series.map((s, i) => (
            <li key={s.key} className="inline-flex items-center gap-1.5">
              <span
                className="inline-block size-2.5 rounded-sm"
                style={{ background: CHART_COLOURS[i % CHART_COLOURS.length] }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

/** The chart's place while it loads: same height, so the page does not jump. */
export function ChartSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('space-y-3', className)} role="status" aria-label="Loading chart">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-60 w-full sm:h-72" />
    </div>
  );
}
