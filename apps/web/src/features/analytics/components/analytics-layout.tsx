import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** What the screens read of their TanStack query. */
interface AnalyticsQuery<D> {
  data: D | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/** A screen: its heading, the failure notice with Try again, then its cards and charts. */
export function AnalyticsScreen({
  title,
  description,
  query,
  children,
}: {
  title: string;
  description: string;
  query: AnalyticsQuery<unknown>;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <AnalyticsHeader title={title} description={description} />
      {query.isError ? <AnalyticsError onRetry={() => void query.refetch()} /> : null}
      {children}
    </div>
  );
}

/**
 * A chart's input from the screen's query: the built chart once loaded, null when loading failed
 * (the chart then draws nothing; the notice above says why), undefined while loading (skeleton).
 */
export function chartFrom<D>(query: AnalyticsQuery<D>) {
  return <T,>(build: (data: D) => T): T | null | undefined =>
    query.data !== undefined ? build(query.data) : query.isError ? null : undefined;
}

/** A figure in its card: a skeleton while loading, the figure once loaded or failed (dashes). */
export function FigurePanel({
  ready,
  label,
  value,
  hint,
}: {
  ready: boolean;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <Panel>
      {ready ? <Figure label={label} value={value} hint={hint} /> : <Skeleton className="h-16" />}
    </Panel>
  );
}

/** A table or list in its card: a skeleton while loading, nothing when loading failed. */
export function LoadedPanel<D>({
  query,
  title,
  className,
  children,
}: {
  query: AnalyticsQuery<D>;
  title?: string;
  className?: string;
  children: (data: D) => ReactNode;
}) {
  return (
    <Panel className={className}>
      {title ? <h2 className="mb-2 font-medium">{title}</h2> : null}
      {query.data !== undefined ? (
        children(query.data)
      ) : query.isError ? null : (
        <Skeleton className="h-40" />
      )}
    </Panel>
  );
}

/** A screen's heading and the sentence saying what it shows. */
function AnalyticsHeader({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-1">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
    </div>
  );
}

/** The failure notice: the figures below are zeros because they could not be loaded. */
export function AnalyticsError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm"
    >
      <AlertCircle className="size-4 text-destructive" aria-hidden />
      <span className="flex-1">
        The analytics could not be loaded, so the figures show zeros. Try again in a moment.
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A card holding one chart or table. */
export function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

/** A small labelled figure ("Retention 66.7%"). */
function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">{label}</p>
      <p className="text-2xl font-bold">{value}</p>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

/** "12.5%" (en-US), "12,5%" (de-DE): a percentage with its one decimal in the studio's digits. */
export const percentText = (value: number | null, locale: string) =>
  value === null ? '–' : `${value.toLocaleString(locale, { maximumFractionDigits: 1 })}%`;
