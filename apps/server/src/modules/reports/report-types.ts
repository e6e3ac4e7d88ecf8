import type {
  ReportChart,
  ReportColumn,
  ReportFigure,
  ReportRow,
} from '@fitbase/domain/contracts/reports';
import type { ReportId } from '@fitbase/domain/report-catalog';
import type { ResolvedPeriod } from '@fitbase/domain/report-rules';
import type { Db, Tx } from '../../db/client.ts';

/**
 * What every report of /reports implements (docs/product/reports-and-analytics.md). The service
 * resolves the period, checks the tab and sort, pages, and streams CSV; a report only says
 * what its columns are and runs its SQL. Every query takes `organizationId` in its `where`
 * (row-level security admits only the studio's rows as well) and aggregates in the database.
 */

/** A period as local days and as the instants of their local midnights. */
export interface PeriodSpan extends ResolvedPeriod {
  /** Local midnight at the start of `from`. */
  start: Date;
  /** Local midnight after `to` (exclusive). */
  end: Date;
}

export interface ReportContext {
  db: Db | Tx;
  organizationId: string;
  timeZone: string;
  /** The studio's ISO 4217 currency: every amount of the report is in it (ADR 0038). */
  currency: string;
  /** Today in the studio's time zone. */
  today: string;
  now: Date;
  period: PeriodSpan;
  previous: PeriodSpan;
  /** The tab asked for, or the report's first tab; null for a report without tabs. */
  tab: string | null;
  sort: { key: string; dir: 'asc' | 'desc' };
  /**
   * The page the same request will ask for after the overview (absent for exports): a report
   * may answer both from one statement and keep the page for page().
   */
  pageWindow?: { offset: number; limit: number };
}

export interface ReportOverview {
  figures: ReportFigure[];
  chart: ReportChart | null;
  /** Whole-period totals for the table's footer, by column key; null for none. */
  totals: ReportRow | null;
  notice: string | null;
}

/** An opaque position in an export: the report decides what it holds (an offset, a key). */
export type ExportCursor = string | number | null;

export interface ReportHandler {
  id: ReportId;
  /** The table's columns for a tab. The first sortable column is not necessarily the default. */
  columns(tab: string | null): ReportColumn[];
  defaultSort(tab: string | null): { key: string; dir: 'asc' | 'desc' };
  overview(ctx: ReportContext): Promise<ReportOverview>;
  /** One page of the table in `ctx.sort` order, and how many rows the whole period has. */
  page(
    ctx: ReportContext,
    offset: number,
    limit: number,
  ): Promise<{ rows: ReportRow[]; total: number }>;
  /**
   * The export's next batch after `cursor` (null: the first), in the table's order. Each batch
   * runs in its own short studio transaction. Absent: the service pages with `page` by offset,
   * which is fine for tables of a few thousand rows; a table that can reach 100,000 rows
   * (transactions, bookings) implements it by key.
   */
  exportBatch?(
    ctx: ReportContext,
    cursor: ExportCursor,
    limit: number,
  ): Promise<{ rows: ReportRow[]; next: ExportCursor }>;
}
