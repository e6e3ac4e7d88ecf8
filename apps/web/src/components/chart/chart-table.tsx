import type { ReportChart } from '@fitbase/domain/contracts/reports';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
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
  className,
}: {
  chart: ReportChart;
  bucket: DateBucket;
  xLabel: string;
  timeZone?: string;
  className?: string;
}) {
  const xText = (value: string | number | null) =>
    chart.xKind === 'date' && typeof value === 'string'
      ? formatBucket(value, bucket)
      : formatValue(chart.xKind, value, timeZone);
  return (
    <Table className={cn(className)}>
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
                {formatValue(s.kind, point[s.key] ?? null, timeZone)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
