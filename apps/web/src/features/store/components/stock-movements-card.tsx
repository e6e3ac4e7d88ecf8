import type { StockMovement } from '@fitbase/domain/contracts/store';
import { STOCK_MOVEMENT_REASONS } from '@fitbase/domain/money-constants';
import { useState } from 'react';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { failureMessage } from '@/lib/form-errors';
import { MOVEMENTS_PAGE_SIZE, useStockMovements } from '../api/list-stock-movements';
import {
  formatDateTime,
  orderNumber,
  signedQuantity,
  STOCK_REASON_LABELS,
} from '../lib/store-format';
import { FilterSelect } from '@/components/form/filter-select';

function movementColumns(timeZone: string, locale: string): DataTableColumn<StockMovement>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      cell: (m) => (
        <span className="whitespace-nowrap">{formatDateTime(m.createdAt, timeZone, locale)}</span>
      ),
    },
    { id: 'product', header: 'Product', primary: true, cell: (m) => m.productName },
    { id: 'reason', header: 'Reason', cell: (m) => STOCK_REASON_LABELS[m.reason] },
    {
      id: 'quantity',
      header: 'Change',
      className: 'tabular-nums',
      cell: (m) => signedQuantity(m.quantity),
    },
    { id: 'after', header: 'Stock after', className: 'tabular-nums', cell: (m) => m.stockAfter },
    {
      id: 'details',
      header: 'Details',
      cell: (m) =>
        [m.orderNumber === null ? null : `Order ${orderNumber(m.orderNumber)}`, m.note]
          .filter(Boolean)
          .join(' · ') || <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'by',
      header: 'Recorded by',
      cell: (m) => m.recordedByName ?? <span className="text-muted-foreground">—</span>,
    },
  ];
}

/** Every stock movement with its reason, newest first, paged on the server. */
export function StockMovementsCard({ timeZone }: { timeZone: string }) {
  const [reason, setReason] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const { locale } = useStudioFormat();
  const movements = useStockMovements({ reason, page });
  const total = movements.data?.pageInfo.total ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Stock Movements</h2>
        </CardTitle>
        <CardDescription>Every change of stock, with its reason</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Stock movements"
          columns={movementColumns(timeZone, locale)}
          rows={movements.data?.movements}
          getRowId={(m) => m.id}
          loading={movements.isPending}
          fetching={movements.isFetching}
          loadingLabel="Loading stock movements..."
          toolbar={
            <div className="sm:w-64">
              <FilterSelect
                label="Reason"
                value={reason}
                allLabel="All reasons"
                options={STOCK_MOVEMENT_REASONS.map((r) => ({
                  value: r,
                  label: STOCK_REASON_LABELS[r],
                }))}
                onChange={(value) => {
                  setReason(value);
                  setPage(1);
                }}
              />
            </div>
          }
          error={
            movements.isError ? (
              <p role="alert" className="py-10 text-center text-destructive">
                {failureMessage(movements.error, 'Failed to load stock movements')}
              </p>
            ) : null
          }
          empty={
            <p className="py-10 text-center text-muted-foreground">
              {reason ? 'No stock movements with this reason' : 'No stock movements yet'}
            </p>
          }
          pagination={{
            mode: 'pages',
            page,
            pageCount: Math.ceil(total / MOVEMENTS_PAGE_SIZE),
            onPageChange: setPage,
          }}
        />
      </CardContent>
    </Card>
  );
}
