import type { ReportChart } from '@fitbase/domain/contracts/reports';
import type { ComponentProps } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { cn } from '@/lib/utils';
import { formatBucket, formatValue, type DateBucket } from './format-value';

/**
 * The chart's data as a table: the text alternative screen readers read (the svg is hidden
 * from them), and what "Show as table" shows to everyone.
 */
export function ChartTable({
  chart,
  bucket,
  xLabel,
  timeZone,
  screenReaderOnly = false,
}: {
  chart: ReportChart;
  bucket: DateBucket;
  xLabel: string;
  timeZone?: string;
  /**
   * Read by screen readers only: a bare table, without the kit's horizontally scrolling
   * wrapper (a scroll region nobody can see or focus is an accessibility fault).
   */
  screenReaderOnly?: boolean;
}) {
  const studio = useStudioFormat();
  const fmt = { ...studio, timeZone: timeZone ?? studio.timeZone };
  const xText = (value: string | number | null) =>
    chart.xKind === 'date' && typeof value === 'string'
      ? formatBucket(value, bucket, studio.locale)
      : formatValue(chart.xKind, value, fmt);
  const Root = screenReaderOnly ? BareTable : Table;
  const table = (
    <Root>
      <TableCaption className="sr-only">
        {chart.title} ({chart.unit})
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{xLabel}</TableHead>
          {chart.series.map((s) => (
            <TableHead key={s.key} scope="col" className="text-right">
              {s.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {chart.points.map((point, index) => (
          <TableRow key={`${String(point[chart.xKey])}-${index}`}>
            <TableHead scope="row" className="font-normal">
              {xText(point[chart.xKey] ?? null)}
            </TableHead>
            {chart.series.map((s) => (
              <TableCell key={s.key} className="text-right tabular-nums">
                {formatValue(s.kind, point[s.key] ?? null, fmt)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Root>
  );
  // `sr-only` goes on a div, not the table: a table box ignores `width: 1px` and
  // `overflow: hidden`, so a long hidden table widened the page on phones.
  return screenReaderOnly ? <div className="sr-only">{table}</div> : table;
}

function BareTable({ className, ...props }: ComponentProps<'table'>) {
  return <table data-slot="table" className={cn('w-full text-sm', className)} {...props} />;
}
