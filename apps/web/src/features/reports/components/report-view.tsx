import type { ReportResult, ReportRow } from '@fitbase/domain/contracts/reports';
import { addDays } from '@fitbase/domain/calendar-days';
import {
  reportDefinition,
  reportEntry,
  SCHEDULED_WINDOW_DAYS,
  type ReportId,
} from '@fitbase/domain/report-catalog';
import type { ResolvedPeriod } from '@fitbase/domain/report-rules';
import { Download, Info, Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { DataChart } from '@/components/chart/data-chart';
import { formatDay } from '@/components/chart/format-value';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import type { ReportView as ReportViewState } from '../lib/report-search';
import { FiguresSkeleton, ReportFigures } from './report-figures';
import { emptyMessage } from './report-empty';
import { PeriodSelector } from './period-selector';
import { ReportTable } from './report-table';
import { useStudioFormat } from '@/hooks/use-studio-format';

export interface ReportViewProps {
  view: ReportViewState;
  today: string;
  resolved: ResolvedPeriod | null;
  result: ReportResult | undefined;
  error: unknown;
  /** First load of this report (nothing to show yet). */
  loading: boolean;
  fetching: boolean;
  onChange: (change: Partial<ReportViewState>, keepPage?: boolean) => void;
  onExport: () => Promise<void>;
  rowActions?: (row: ReportRow) => ReactNode;
}

/**
 * One report (docs/product/reports-and-analytics.md): title and definition, the period, tabs,
 * summary figures, chart, table with totals, notice and Export CSV. Draws any report from the
 * one response shape.
 */
export function ReportView(props: ReportViewProps) {
  const { view, resolved, result, error } = props;
  const entry = reportEntry(view.report);
  const studio = useStudioFormat();
  const forbidden = error instanceof ApiError && error.code === 'forbidden';

  if (forbidden)
    return (
      <section
        className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center"
        data-testid="reports-forbidden"
      >
        <Lock className="size-6 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">Reports are for owners and admins</h2>
        <p className="text-sm text-muted-foreground">
          Ask an owner or admin of the studio if you need these figures.
        </p>
      </section>
    );

  const activeTab = result?.tab ?? view.tab ?? entry.tabs[0]?.id;
  const body = <ReportBody {...props} />;

  return (
    <section className="space-y-5" aria-labelledby="report-title">
      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h2 id="report-title" className="text-2xl font-bold tracking-tight">
              {entry.title}
            </h2>
            <p className="max-w-3xl text-sm text-muted-foreground">
              {reportDefinition(entry, studio.currency)}
            </p>
          </div>
          <ExportButton onExport={props.onExport} disabled={!resolved || forbidden} />
        </div>
        {entry.usesPeriod ? (
          <PeriodSelector
            view={view}
            today={props.today}
            resolved={resolved}
            onChange={(change) => props.onChange(change)}
          />
        ) : (
          <p className="text-sm font-medium" data-testid="fixed-window">
            {view.report === 'scheduled'
              ? `Today and the next ${SCHEDULED_WINDOW_DAYS - 1} days: ${formatDay(props.today, studio)} – ${formatDay(addDays(props.today, SCHEDULED_WINDOW_DAYS - 1), studio)}`
              : `As of today, ${formatDay(props.today, studio)}`}
          </p>
        )}
      </header>
      {entry.tabs.length > 0 && activeTab ? (
        <Tabs
          value={activeTab}
          onValueChange={(tab) => props.onChange({ tab, sort: undefined, dir: undefined })}
        >
          <TabsList className="h-auto flex-wrap">
            {entry.tabs.map((t) => (
              <TabsTrigger key={t.id} value={t.id}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={activeTab} className="mt-4">
            {body}
          </TabsContent>
        </Tabs>
      ) : (
        body
      )}
    </section>
  );
}

function ReportBody({
  view,
  resolved,
  result,
  error,
  loading,
  fetching,
  onChange,
  rowActions,
}: ReportViewProps) {
  if (!resolved) return null;
  if (error && !result)
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/40 p-4 text-sm text-destructive"
      >
        {errorMessage(error, 'The report could not be loaded. Please try again.')}
      </p>
    );
  if (loading || !result)
    return (
      <div className="space-y-5" role="status" aria-label="Loading report">
        <FiguresSkeleton />
        <Skeleton className="h-60 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  const entry = reportEntry(view.report);
  const empty = emptyMessage(view.report as ReportId, result.period.label);
  return (
    <div className="space-y-6">
      {result.notice ? (
        <p className="flex items-start gap-2 rounded-md border bg-muted/40 p-3 text-sm" role="note">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          {result.notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, 'The report could not be refreshed. Please try again.')}
        </p>
      ) : null}
      <ReportFigures figures={result.figures} timeZone={result.period.timeZone} />
      <DataChart chart={result.chart} emptyMessage={empty} timeZone={result.period.timeZone} />
      <ReportTable
        result={result}
        title={entry.title}
        fetching={fetching}
        empty={
          <p className="rounded-md border border-dashed py-10 text-center text-sm text-muted-foreground">
            {empty}
          </p>
        }
        onPage={(page) => onChange({ page }, true)}
        onSort={(sort, dir) => onChange({ sort, dir })}
        rowActions={rowActions}
      />
    </div>
  );
}

function ExportButton({
  onExport,
  disabled,
}: {
  onExport: () => Promise<void>;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onExport();
        } catch (error) {
          reportError(error, { title: 'Export failed', fallback: 'Please try again' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden />
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
