import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  resolvePeriod,
  type ReportPeriod,
  type ResolvedPeriod,
} from '@fitbase/domain/report-rules';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { stepPeriod, type ReportView } from '../lib/report-search';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';

type PeriodChange = Partial<Pick<ReportView, 'period' | 'date' | 'from' | 'to'>>;

/**
 * Week, Month, Quarter, Year or Custom, with arrows to the period before and after and its
 * label ("Nov 2026"). Custom takes two days; the same rules as the server check them, so a
 * wrong range is explained here instead of coming back as an error.
 */
export function PeriodSelector({
  view,
  today,
  resolved,
  onChange,
}: {
  view: ReportView;
  /** Today in the studio's time zone. */
  today: string;
  /** The period the view shows; null while a custom range is incomplete or wrong. */
  resolved: ResolvedPeriod | null;
  onChange: (change: PeriodChange) => void;
}) {
  const { locale } = useStudioFormat();
  const choose = (period: ReportPeriod) => {
    if (period === view.period) return;
    if (period === 'custom')
      // Start from the days on screen, so Custom shows the same data until the days change.
      onChange({ period, from: resolved?.from, to: resolved?.to, date: undefined });
    else onChange({ period, from: undefined, to: undefined, date: anchorFor() });
  };
  // The new period holds the day the person was looking at: the chosen day, else today, else
  // the first day on screen (Month of Nov 18 → the week of Nov 18).
  const anchorFor = (): string | undefined => {
    if (!resolved) return view.date;
    const within = (day: string) => day >= resolved.from && day <= resolved.to;
    if (view.date && within(view.date)) return view.date;
    return within(today) ? undefined : resolved.from;
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label="Period"
          className="inline-flex flex-wrap rounded-md border p-0.5"
        >
          {REPORT_PERIODS.map((period) => (
            <Button
              key={period}
              size="sm"
              variant={period === view.period ? 'default' : 'ghost'}
              aria-pressed={period === view.period}
              onClick={() => choose(period)}
            >
              {REPORT_PERIOD_LABELS[period]}
            </Button>
          ))}
        </div>
        <div className="inline-flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous period"
            disabled={!resolved}
            onClick={() => resolved && onChange(stepPeriod(view, resolved, -1, locale))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span
            className="min-w-24 px-2 text-center text-sm font-medium"
            aria-live="polite"
            data-testid="period-label"
          >
            {resolved?.label ?? 'Choose dates'}
          </span>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next period"
            disabled={!resolved}
            onClick={() => resolved && onChange(stepPeriod(view, resolved, 1, locale))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      {view.period === 'custom' ? (
        <CustomRange
          // A new range from the URL (arrows, back/forward) resets the fields.
          key={`${view.from ?? ''}_${view.to ?? ''}`}
          from={view.from ?? ''}
          to={view.to ?? ''}
          onApply={(from, to) => onChange({ from, to })}
        />
      ) : null}
    </div>
  );
}

const customSchema = z
  .object({
    from: z.string().min(1, 'Choose a start date.'),
    to: z.string().min(1, 'Choose an end date.'),
  })
  .superRefine((value, ctx) => {
    // Only its error is read here: the name of the period comes from the view.
    const result = resolvePeriod({
      period: 'custom',
      anchor: value.from,
      ...value,
      locale: DEFAULT_LOCALE,
    });
    if ('error' in result) ctx.addIssue({ code: 'custom', path: ['to'], message: result.error });
  });
type CustomValues = z.infer<typeof customSchema>;

function CustomRange({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (from: string, to: string) => void;
}) {
  const form = useForm<CustomValues>({
    resolver: zodResolver(customSchema),
    defaultValues: { from, to },
  });
  return (
    <Form
      form={form}
      onSubmit={(values) => onApply(values.from, values.to)}
      idPrefix="report-period"
      schema={customSchema}
      className="flex flex-wrap items-start gap-3"
      aria-label="Custom period"
    >
      <DateField control={form.control} name="from" label="From" required className="w-44" />
      <DateField control={form.control} name="to" label="To" required className="w-44" />
      <Button type="submit" variant="outline" className="mt-[1.375rem]">
        Apply
      </Button>
    </Form>
  );
}
