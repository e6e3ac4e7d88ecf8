import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * One count card of a page's summary row (members, store, campaigns, templates, messages): a
 * number shows as a count, a dash until it arrives; a text (a figure formatted by the page) as is.
 */
export function SummaryCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: number | string | undefined;
  hint: string;
  icon: LucideIcon;
}) {
  const { locale } = useStudioFormat();
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">
          {typeof value === 'string'
            ? value
            : value === undefined
              ? '–'
              : value.toLocaleString(locale)}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The row of a page's summary cards, three across from small screens up. With a label it is a
 * named section (a region for assistive technology); without, a plain block.
 */
export function SummaryCardRow({ label, children }: { label?: string; children: ReactNode }) {
  const className = 'grid gap-4 sm:grid-cols-3';
  return label ? (
    <section aria-label={label} className={className}>
      {children}
    </section>
  ) : (
    <div className={className}>{children}</div>
  );
}
