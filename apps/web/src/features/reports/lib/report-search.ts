import { REPORT_IDS, reportEntry, type ReportId } from '@fitbase/domain/report-catalog';
import { addDays, daysBetween } from '@fitbase/domain/calendar-days';
import {
  DEFAULT_REPORT_PERIOD,
  REPORT_PERIODS,
  previousPeriod,
  resolvePeriod,
  type ReportPeriod,
  type ResolvedPeriod,
} from '@fitbase/domain/report-rules';

/**
 * The whole view of /reports lives in the URL (?report=&tab=&period=&date=&from=&to=&page=
 * &sort=&dir=), so a link opens the same view and back/forward step through views. Anything
 * missing or not understood falls back to the default, never to an error page.
 */
export interface ReportView {
  report: ReportId;
  tab?: string;
  period: ReportPeriod;
  /** Any day of the period (week, month, quarter, year); absent: today. */
  date?: string;
  /** Custom period: first and last day. */
  from?: string;
  to?: string;
  page: number;
  sort?: string;
  dir?: 'asc' | 'desc';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string | null): v is string => v !== null && ISO_DATE.test(v);

export function readReportView(
  params: URLSearchParams,
  allowed: ReadonlyArray<ReportId>,
  fallback: ReportId,
): ReportView {
  const raw = params.get('report');
  const report =
    raw && (REPORT_IDS as readonly string[]).includes(raw) && allowed.includes(raw as ReportId)
      ? (raw as ReportId)
      : fallback;
  const entry = reportEntry(report);
  const rawTab = params.get('tab');
  const tab = rawTab && entry.tabs.some((t) => t.id === rawTab) ? rawTab : undefined;
  const rawPeriod = params.get('period');
  const period = (REPORT_PERIODS as readonly string[]).includes(rawPeriod ?? '')
    ? (rawPeriod as ReportPeriod)
    : DEFAULT_REPORT_PERIOD;
  const page = Number(params.get('page'));
  const dir = params.get('dir');
  const date = params.get('date');
  const from = params.get('from');
  const to = params.get('to');
  return {
    report,
    tab,
    period,
    date: isDate(date) ? date : undefined,
    from: isDate(from) ? from : undefined,
    to: isDate(to) ? to : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort: params.get('sort') || undefined,
    dir: dir === 'asc' || dir === 'desc' ? dir : undefined,
  };
}

/** The URL of a view: only what differs from the defaults, in a fixed order. */
export function writeReportView(view: ReportView, fallback: ReportId): URLSearchParams {
  const params = new URLSearchParams();
  if (view.report !== fallback) params.set('report', view.report);
  if (view.tab) params.set('tab', view.tab);
  if (view.period !== DEFAULT_REPORT_PERIOD) params.set('period', view.period);
  if (view.period === 'custom') {
    if (view.from) params.set('from', view.from);
    if (view.to) params.set('to', view.to);
  } else if (view.date) params.set('date', view.date);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.sort) params.set('sort', view.sort);
  if (view.dir) params.set('dir', view.dir);
  return params;
}

/** The period the view shows, resolved as the server does (the same function). */
export function viewPeriod(
  view: ReportView,
  today: string,
  locale: string,
): ReturnType<typeof resolvePeriod> {
  return resolvePeriod({
    locale,
    period: view.period,
    anchor: view.date ?? today,
    from: view.from,
    to: view.to,
  });
}

/** The view of the period before or after: the arrows of the period selector. */
export function stepPeriod(
  view: ReportView,
  current: ResolvedPeriod,
  step: -1 | 1,
  locale: string,
): Pick<ReportView, 'date' | 'from' | 'to'> {
  if (view.period === 'custom') {
    // As many days, just before or just after.
    const previous = previousPeriod(current, locale);
    if (step === -1) return { from: previous.from, to: previous.to };
    const from = addDays(current.to, 1);
    return { from, to: addDays(from, daysBetween(current.from, current.to)) };
  }
  if (step === -1) return { date: previousPeriod(current, locale).from };
  return { date: addDays(current.to, 1) };
}

/** Query params for the API (the export takes the same, without the page). */
export function apiQuery(view: ReportView) {
  return {
    period: view.period,
    ...(view.period === 'custom'
      ? { from: view.from, to: view.to }
      : view.date
        ? { date: view.date }
        : {}),
    ...(view.tab ? { tab: view.tab } : {}),
    page: view.page,
    ...(view.sort ? { sort: view.sort } : {}),
    ...(view.dir ? { dir: view.dir } : {}),
  };
}
