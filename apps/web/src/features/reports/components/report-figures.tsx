import { formatMills, toSignedMills } from '@fitbase/domain/amounts';
import type { ReportFigure } from '@fitbase/domain/contracts/reports';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, formatValue } from '@/components/chart/format-value';
import { useStudioFormat } from '@/hooks/use-studio-format';
import type { StudioFormat } from '@fitbase/domain/studio-format';

/** "12.50" → 12500 (exact): money changes are computed in thousandths, never in floats. */
function millsOf(value: string | number): number | null {
  const text = String(value).trim();
  return /^-?\d+(\.\d{1,3})?$/.test(text) ? toSignedMills(text) : null;
}

/**
 * The change from the previous period: "+$120.00 (+12.5%)", "-3 (-20%)", "+2.1 pts". Null
 * when there is nothing to compare.
 */
export function describeChange(figure: ReportFigure, studio: StudioFormat): string | null {
  const { kind, value, previous } = figure;
  if (previous === undefined || previous === null || value === null) return null;
  let now: number | null;
  let before: number | null;
  if (kind === 'money') {
    now = millsOf(value);
    before = millsOf(previous);
  } else {
    now = Number(value);
    before = Number(previous);
  }
  if (now === null || before === null || Number.isNaN(now) || Number.isNaN(before)) return null;
  const diff = now - before;
  const sign = diff > 0 ? '+' : diff < 0 ? '-' : '';
  const abs = Math.abs(diff);
  const { locale } = studio;
  if (kind === 'percent')
    return `${sign}${abs.toLocaleString(locale, { maximumFractionDigits: 1 })} pts`;
  const amount =
    kind === 'money' ? formatMoney(formatMills(abs), studio) : abs.toLocaleString(locale);
  const relative =
    before === 0
      ? ''
      : ` (${sign}${Math.abs((diff / Math.abs(before)) * 100).toLocaleString(locale, { maximumFractionDigits: 1 })}%)`;
  return `${sign}${amount}${relative}`;
}

/** The summary figures of the whole period, each with the previous period where given. */
export function ReportFigures({
  figures,
  timeZone,
}: {
  figures: ReadonlyArray<ReportFigure>;
  timeZone: string;
}) {
  const format = { ...useStudioFormat(), timeZone };
  if (figures.length === 0) return null;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map((figure) => {
        const change = describeChange(figure, format);
        return (
          // dt and dd sit directly in the div of their group, as a description list requires.
          <div
            key={figure.key}
            className="space-y-1 rounded-xl border bg-card p-4 shadow-sm"
            data-testid={`figure-${figure.key}`}
          >
            <dt className="text-sm font-medium text-muted-foreground">{figure.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">
              {formatValue(figure.kind, figure.value, format)}
            </dd>
            {figure.previous !== undefined ? (
              <dd className="text-xs text-muted-foreground">
                Previous period: {formatValue(figure.kind, figure.previous, format)}
                {change ? ` · ${change}` : ''}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}

export function FiguresSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}
