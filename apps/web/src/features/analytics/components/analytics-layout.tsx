import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** A screen's heading and the sentence saying what it shows. */
export function AnalyticsHeader({ title, description }: { title: string; description: string }) {
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
export function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">{label}</p>
      <p className="text-2xl font-bold">{value}</p>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

export const percentText = (value: number | null) => (value === null ? '–' : `${value}%`);
