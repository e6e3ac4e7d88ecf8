import type {
  ReportExportQuery,
  ReportQuery,
  ReportResult,
} from '@fitbase/domain/contracts/reports';
import {
  moneyHeader,
  reportDefinition,
  reportEntry,
  type ReportId,
} from '@fitbase/domain/report-catalog';
import { previousPeriod, resolvePeriod, type ResolvedPeriod } from '@fitbase/domain/report-rules';
import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { stringify } from 'csv-stringify';
import type { Db, Tx } from '../../db/client.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { StudioScope } from '../../http/types.ts';
import { neutraliseFormula } from '../../lib/csv-cell.ts';
import { AppError } from '../../lib/errors.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { reportHandler } from './report-registry.ts';
import type { ExportCursor, PeriodSpan, ReportContext, ReportHandler } from './report-types.ts';

/**
 * Reports (docs/product/reports-and-analytics.md): the period of the selector in the studio's
 * time zone, the tab and sort checked against the report's own, one page of its table, and
 * the CSV of the whole period streamed batch by batch.
 */

const EXPORT_BATCH = 2000;

function span(p: ResolvedPeriod, timeZone: string): PeriodSpan {
  return {
    ...p,
    start: zonedInstant(p.from, '00:00', timeZone),
    end: zonedInstant(addDays(p.to, 1), '00:00', timeZone),
  };
}

async function contextFor(
  db: Db | Tx,
  organizationId: string,
  handler: ReportHandler,
  query: ReportExportQuery,
  now: Date,
): Promise<ReportContext> {
  const entry = reportEntry(handler.id);
  const { timeZone, currency, locale } = await studioFormat(db, organizationId);
  const today = localDateOf(now, timeZone);
  const resolved = resolvePeriod({
    period: query.period,
    anchor: query.date ?? today,
    from: query.from,
    to: query.to,
    locale,
  });
  if ('error' in resolved)
    throw new AppError('validation_error', resolved.error, { period: resolved.error });
  let tab: string | null = null;
  if (entry.tabs.length > 0) {
    tab = query.tab ?? entry.tabs[0]!.id;
    if (!entry.tabs.some((t) => t.id === tab)) {
      const names = entry.tabs.map((t) => t.id).join(', ');
      const message = `${entry.title} has the tabs ${names}.`;
      throw new AppError('validation_error', message, { tab: message });
    }
  }
  const columns = handler.columns(tab);
  const fallback = handler.defaultSort(tab);
  const key = query.sort ?? fallback.key;
  if (!columns.some((c) => c.key === key && c.sortable)) {
    const sortable = columns.filter((c) => c.sortable).map((c) => c.key);
    const message = sortable.length
      ? `${entry.title} sorts by ${sortable.join(', ')}.`
      : `${entry.title} cannot be sorted.`;
    throw new AppError('validation_error', message, { sort: message });
  }
  const dir = query.dir ?? (query.sort ? 'asc' : fallback.dir);
  return {
    db,
    organizationId,
    timeZone,
    currency,
    today,
    now,
    period: span(resolved, timeZone),
    previous: span(previousPeriod(resolved, locale), timeZone),
    tab,
    sort: { key, dir },
  };
}

export async function loadReport(
  scope: StudioScope,
  id: ReportId,
  query: ReportQuery,
  now: Date = new Date(),
): Promise<ReportResult> {
  const handler = reportHandler(id);
  const entry = reportEntry(id);
  const offset = (query.page - 1) * entry.pageSize;
  const ctx: ReportContext = {
    ...(await contextFor(scope.db, scope.organizationId, handler, query, now)),
    pageWindow: { offset, limit: entry.pageSize },
  };
  // One connection per studio transaction: the two run one after the other.
  const overview = await handler.overview(ctx);
  const page = await handler.page(ctx, offset, entry.pageSize);
  return {
    report: id,
    tab: ctx.tab,
    period: {
      period: ctx.period.period,
      from: ctx.period.from,
      to: ctx.period.to,
      label: ctx.period.label,
      timeZone: ctx.timeZone,
    },
    definition: reportDefinition(entry, ctx.currency),
    figures: overview.figures,
    chart: overview.chart,
    columns: handler.columns(ctx.tab),
    rows: page.rows,
    totals: overview.totals,
    page: query.page,
    pageSize: entry.pageSize,
    total: page.total,
    sort: ctx.sort.key,
    dir: ctx.sort.dir,
    notice: overview.notice,
  };
}

/** The file name of an export: report, tab and period ("sales-breakdown-2026-11-01-2026-11-30.csv"). */
export function exportFileName(id: ReportId, ctx: ReportContext): string {
  const tab = ctx.tab ? `-${ctx.tab}` : '';
  return `${id}${tab}-${ctx.period.from}-${ctx.period.to}.csv`;
}

/**
 * Checks the request (period, tab, sort) before the response starts, so a mistake is a 400 and
 * not a broken download; then the CSV streams batch by batch, each batch in its own short
 * studio transaction, so memory stays flat and no transaction waits on the browser.
 */
export async function prepareReportExport(
  scope: StudioScope,
  id: ReportId,
  query: ReportExportQuery,
  now: Date = new Date(),
) {
  const handler = reportHandler(id);
  const ctx = await runInStudio(scope.db, scope.organizationId, (tx) =>
    contextFor(tx, scope.organizationId, handler, query, now),
  );
  const columns = handler.columns(ctx.tab);
  // Amounts stay exact decimals a spreadsheet can add up; the header names their currency.
  const csv = stringify({
    header: true,
    columns: columns.map((c) =>
      c.kind === 'money' ? moneyHeader(c.label, ctx.currency) : c.label,
    ),
  });
  const cell = (kind: string, value: string | number | null) =>
    value === null
      ? ''
      : kind === 'text' || kind === 'status'
        ? neutraliseFormula(String(value))
        : value;
  const batch = async (cursor: ExportCursor) =>
    runInStudio(scope.db, scope.organizationId, async (tx) => {
      const batchCtx = { ...ctx, db: tx };
      if (handler.exportBatch) return handler.exportBatch(batchCtx, cursor, EXPORT_BATCH);
      const offset = typeof cursor === 'number' ? cursor : 0;
      const page = await handler.page(batchCtx, offset, EXPORT_BATCH);
      const next = page.rows.length === EXPORT_BATCH ? offset + EXPORT_BATCH : null;
      return { rows: page.rows, next };
    });
  const pump = async () => {
    let cursor: ExportCursor = null;
    for (;;) {
      const { rows, next } = await batch(cursor);
      for (const row of rows) {
        const line = columns.map((c) => cell(c.kind, row[c.key] ?? null));
        if (!csv.write(line)) await new Promise((resolve) => csv.once('drain', resolve));
      }
      if (next === null || rows.length === 0) break;
      cursor = next;
    }
    csv.end();
  };
  return {
    fileName: exportFileName(id, ctx),
    stream: () => {
      pump().catch((error: Error) => csv.destroy(error));
      return csv;
    },
  };
}

/**
 * The reports' own rows as SQL, for a figure shown elsewhere that must be the report's (the
 * home's Failed Payments and Expiring Memberships cards count them for this month).
 */
export { expiringSql as expiringMembershipsSql } from './membership-lists.sql.ts';
export { failedInPeriod as failedPaymentsWhereSql } from './revenue-reports.sql.ts';
