import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
  type ColumnVisibilityState,
  type RowData,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useIsMobile } from '@/hooks/use-mobile';
import { cn } from '@/lib/utils';
import { ColumnVisibilityMenu } from './column-visibility-menu';
import type { DataTableColumn } from './columns';
import { DataTablePager } from './data-table-pager';
import type { DataTablePagination } from './paging';

const features = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});

type Value = string | number | null;

function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table (and of the card list on phones). */
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  getRowId: (row: T) => string;
  /** First load: no rows yet. */
  loading: boolean;
  /** A refetch is under way (rows shown are the previous ones). */
  fetching?: boolean;
  /** Shown instead of the table when loading failed and there is nothing to show. */
  error?: ReactNode;
  loadingLabel?: string;
  /** Shown when the server answered with no rows. */
  empty: ReactNode;
  /** Buttons or links for one row: the last column, and the foot of each card on phones. */
  rowActions?: (row: T) => ReactNode;
  pagination?: DataTablePagination;
  /** Server-side sorting: the table only reports the wanted order and shows rows as given. */
  sorting?: { state: SortingState; onChange: (sorting: SortingState) => void };
  /** Left of the column menu (search boxes, filters). */
  toolbar?: ReactNode;
  loadMoreLabel?: { idle: string; loading: string };
}

/**
 * The one data table of FitBase (TanStack Table): server pages, sorting, column visibility,
 * row actions, and loading, error and empty states. Below 768 px it renders each row as a
 * card, so no column (and no action) is ever cut off on a phone.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, rowActions, sorting: serverSorting } = props;
  const hasActions = Boolean(rowActions);
  const isMobile = useIsMobile();
  const [clientSorting, setClientSorting] = useState<SortingState>([]);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() =>
    Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [c.id, false])),
  );

  const tableColumns = useMemo(() => {
    const defs: ColumnDef<typeof features, T>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: (row: T) => column.sortValue?.(row) ?? null,
      enableSorting: Boolean(column.sortValue),
      // Ascending first for every column (TanStack starts numbers descending by default).
      sortDescFirst: false,
      enableHiding: column.hideable !== false,
      sortFn: (a, b, id) => compareValues(a.getValue<Value>(id), b.getValue<Value>(id)),
    }));
    if (hasActions)
      defs.push({
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        enableHiding: false,
      });
    return defs;
  }, [columns, hasActions]);

  const data = props.rows ?? emptyRows<T>();
  const table = useTable({
    features,
    columns: tableColumns,
    data,
    getRowId: (row) => props.getRowId(row),
    state: { sorting: serverSorting?.state ?? clientSorting, columnVisibility: visibility },
    manualSorting: Boolean(serverSorting),
    onSortingChange: (updater) => {
      const current = serverSorting?.state ?? clientSorting;
      const next = typeof updater === 'function' ? updater(current) : updater;
      if (serverSorting) serverSorting.onChange(next);
      else setClientSorting(next);
    },
    onColumnVisibilityChange: setVisibility,
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const visibilityOptions = table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide())
    .map((column) => ({
      id: column.id,
      label: byId.get(column.id)?.header ?? column.id,
      visible: column.getIsVisible(),
      toggle: (visible: boolean) => column.toggleVisibility(visible),
    }));

  // Cells are rendered here, not through TanStack's FlexRender: FlexRender mounts a cell
  // function as a component, so a function recreated on render (a row action closing over
  // state) would remount the cell and close an open select or menu in it.
  const renderCell = (columnId: string, row: T): ReactNode =>
    columnId === 'actions' ? rowActions?.(row) : byId.get(columnId)?.cell(row);
  const headerLabel = (columnId: string) =>
    columnId === 'actions' ? 'Actions' : byId.get(columnId)?.header;

  const rows = table.getRowModel().rows;
  let body: ReactNode;
  if (props.loading)
    body = (
      <p role="status" className="py-10 text-center text-muted-foreground">
        {props.loadingLabel ?? 'Loading...'}
      </p>
    );
  else if (props.error && rows.length === 0) body = props.error;
  else if (rows.length === 0) body = props.empty;
  else if (isMobile) {
    const primaryId = (columns.find((c) => c.primary) ?? columns[0])?.id;
    body = (
      <ul aria-label={props.label} className="space-y-3">
        {rows.map((row) => {
          const cells = row.getVisibleCells().filter((cell) => cell.column.id !== 'actions');
          const primary = cells.find((cell) => cell.column.id === primaryId);
          return (
            <li key={row.id} className="rounded-lg border p-4">
              {primary ? (
                <div className="font-medium">{renderCell(primary.column.id, row.original)}</div>
              ) : null}
              <dl className="mt-3 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
                {cells
                  .filter((cell) => cell !== primary)
                  .map((cell) => (
                    <div key={cell.id} className="contents">
                      <dt className="text-muted-foreground">{byId.get(cell.column.id)?.header}</dt>
                      <dd className="min-w-0 break-words">
                        {renderCell(cell.column.id, row.original)}
                      </dd>
                    </div>
                  ))}
              </dl>
              {rowActions ? (
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  {rowActions(row.original)}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  } else
    body = (
      <Table aria-label={props.label}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <TableHead
                    key={header.id}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-foreground"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {headerLabel(header.column.id)}
                        {sorted === 'asc' ? (
                          <ArrowUp className="size-3.5" aria-hidden />
                        ) : sorted === 'desc' ? (
                          <ArrowDown className="size-3.5" aria-hidden />
                        ) : (
                          <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
                        )}
                      </button>
                    ) : (
                      headerLabel(header.column.id)
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={byId.get(cell.column.id)?.className}>
                  {renderCell(cell.column.id, row.original)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <div className="space-y-3" aria-busy={props.fetching || props.loading}>
      {props.toolbar || visibilityOptions.length > 0 ? (
        <div className={cn('flex flex-wrap items-center gap-2', !props.toolbar && 'justify-end')}>
          {props.toolbar ? <div className="min-w-0 flex-1">{props.toolbar}</div> : null}
          <ColumnVisibilityMenu options={visibilityOptions} />
        </div>
      ) : null}
      {body}
      {props.pagination && !props.loading && rows.length > 0 ? (
        <DataTablePager
          pagination={props.pagination}
          busy={Boolean(props.fetching)}
          loadMoreLabel={props.loadMoreLabel ?? { idle: 'Load more', loading: 'Loading...' }}
        />
      ) : null}
    </div>
  );
}

const EMPTY: never[] = [];
/** One stable empty array: a new [] per render would rebuild the row model every time. */
function emptyRows<T>(): T[] {
  return EMPTY;
}
