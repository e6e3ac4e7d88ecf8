import type { ReportColumn, ReportResult, ReportRow } from '@fitbase/domain/contracts/reports';
import type { ReactNode } from 'react';
import { formatValue } from '@/components/chart/format-value';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useStudioFormat } from '@/hooks/use-studio-format';
import type { StudioFormat } from '@fitbase/domain/studio-format';

/** A row of the table with a key stable within its page (reports' rows carry no common id). */
export interface KeyedRow {
  key: string;
  cells: ReportRow;
}

const NUMERIC = new Set(['money', 'integer', 'percent']);

function toColumns(columns: ReadonlyArray<ReportColumn>, format: StudioFormat) {
  return columns.map((c, index): DataTableColumn<KeyedRow> => ({
    id: c.key,
    header: c.label,
    primary: index === 0,
    hideable: index !== 0,
    cell: (row) => formatValue(c.kind, row.cells[c.key] ?? null, format),
    // Server sorting: the value is not used to sort here, it only marks the column sortable.
    sortValue: c.sortable ? (row) => row.cells[c.key] ?? null : undefined,
    className: NUMERIC.has(c.kind) ? 'text-right tabular-nums' : undefined,
  }));
}

/**
 * The report's table: one server page, sorted by the server, every cell formatted by its
 * column's kind, and the totals of the whole period under it.
 */
export function ReportTable({
  result,
  title,
  fetching,
  empty,
  onPage,
  onSort,
  rowActions,
}: {
  result: ReportResult;
  title: string;
  fetching: boolean;
  empty: ReactNode;
  onPage: (page: number) => void;
  onSort: (sort: string | undefined, dir: 'asc' | 'desc' | undefined) => void;
  rowActions?: (row: ReportRow) => ReactNode;
}) {
  const timeZone = result.period.timeZone;
  const studio = useStudioFormat();
  const columns = toColumns(result.columns, { ...studio, timeZone });
  const rows: KeyedRow[] = result.rows.map((cells, index) => ({
    key: String(cells.entryId ?? cells.id ?? `${result.page}-${index}`),
    cells,
  }));
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  return (
    <div className="space-y-3">
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.key}
        loading={false}
        fetching={fetching}
        empty={empty}
        rowActions={rowActions ? (row) => rowActions(row.cells) : undefined}
        sorting={{
          state: result.sort ? [{ id: result.sort, desc: result.dir === 'desc' }] : [],
          onChange: (next) => {
            const first = next[0];
            // TanStack's third click clears the sort: back to the report's own order.
            if (!first) onSort(undefined, undefined);
            else onSort(first.id, first.desc ? 'desc' : 'asc');
          },
        }}
        pagination={{ mode: 'pages', page: result.page, pageCount, onPageChange: onPage }}
      />
      {result.totals && result.rows.length > 0 ? <ReportTotals result={result} /> : null}
    </div>
  );
}

/**
 * The totals of the whole period (not only this page), column by column. The shared table has
 * no footer row, so the totals are a list under it with the same labels.
 */
function ReportTotals({ result }: { result: ReportResult }) {
  const format = { ...useStudioFormat(), timeZone: result.period.timeZone };
  const totals = result.totals!;
  const shown = result.columns.filter((c) => totals[c.key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <div
      className="flex flex-wrap items-baseline justify-end gap-x-6 gap-y-1 rounded-md border bg-muted/40 px-4 py-2 text-sm"
      data-testid="report-totals"
    >
      <span className="font-semibold">Total for the period</span>
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        {shown.map((c) => (
          <div key={c.key} className="flex gap-2">
            <dt className="text-muted-foreground">{c.label}</dt>
            <dd className="font-semibold tabular-nums">
              {formatValue(c.kind, totals[c.key] ?? null, format)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
