import { localDateOf } from '@fitbase/domain/calendar-days';
import { reportsOfGroup, type ReportGroup, type ReportId } from '@fitbase/domain/report-catalog';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { readReportView, viewPeriod, writeReportView, type ReportView } from './report-search';

/**
 * The view of /reports read from and written to the URL. Every change is a new history entry,
 * so back and forward step through the views a person looked at.
 */
export function useReportView(
  groups: ReadonlyArray<ReportGroup>,
  defaultReport: ReportId,
  timeZone: string,
) {
  const [params, setParams] = useSearchParams();
  const allowed = useMemo(
    () => groups.flatMap((g) => reportsOfGroup(g).map((r) => r.id)),
    [groups],
  );
  const view = readReportView(params, allowed, defaultReport);
  const today = localDateOf(new Date(), timeZone);
  const { locale } = useStudioFormat();
  const period = viewPeriod(view, today, locale);
  const resolved = 'error' in period ? null : period;

  const go = (next: ReportView) => setParams(writeReportView(next, defaultReport));
  /** Any change but paging starts at page 1 again (a new order or period has other pages). */
  const change = (patch: Partial<ReportView>, keepPage = false) =>
    go({ ...view, ...patch, page: keepPage ? (patch.page ?? view.page) : 1 });
  /** Another report keeps the period; its tab, page and order start afresh. */
  const switchTo = (report: ReportId): ReportView => ({
    report,
    period: view.period,
    date: view.date,
    from: view.from,
    to: view.to,
    page: 1,
  });
  const hrefOf = (report: ReportId) =>
    `?${writeReportView(switchTo(report), defaultReport).toString()}`;
  return {
    view,
    today,
    resolved,
    change,
    hrefOf,
    select: (report: ReportId) => go(switchTo(report)),
  };
}
