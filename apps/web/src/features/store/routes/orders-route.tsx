import type { Order } from '@fitbase/domain/contracts/store';
import { ORDER_STATUSES } from '@fitbase/domain/money-constants';
import { can } from '@fitbase/domain/permissions';
import { Eye, Plus } from 'lucide-react';
import { useState } from 'react';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/list-orders';
import { FilterSelect } from '@/components/form/filter-select';
import { customerLabel, OrderDetailDialog } from '../components/order-detail-dialog';
import { OrderStatusBadge } from '../components/order-status-badge';
import { NewSaleDialog } from '../components/new-sale-dialog';
import { RefundOrderDialog } from '../components/refund-order-dialog';
import { formatDateTime, ORDER_STATUS_LABELS, orderNumber } from '../lib/store-format';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

type Money = (amount: string) => string;

function orderColumns(timeZone: string, locale: string, money: Money): DataTableColumn<Order>[] {
  return [
    {
      id: 'number',
      header: 'Order',
      primary: true,
      hideable: false,
      cell: (o) => <span className="font-medium">{orderNumber(o.number)}</span>,
    },
    {
      id: 'date',
      header: 'Date',
      cell: (o) => (
        <span className="whitespace-nowrap">{formatDateTime(o.createdAt, timeZone, locale)}</span>
      ),
    },
    { id: 'customer', header: 'Customer', cell: customerLabel },
    {
      id: 'items',
      header: 'Items',
      className: 'tabular-nums',
      cell: (o) => o.lines.reduce((sum, line) => sum + line.quantity, 0),
    },
    {
      id: 'total',
      header: 'Total',
      className: 'tabular-nums',
      cell: (o) => money(o.total),
    },
    { id: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
    {
      id: 'refunded',
      header: 'Refunded',
      className: 'tabular-nums',
      cell: (o) =>
        o.refundedTotal === '0.00' ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          money(o.refundedTotal)
        ),
    },
  ];
}

/** /store/orders (docs/product/money-and-store.md#store): the order list and the point of sale. */
export function OrdersRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return (
    <OrdersPage
      key={organization.id}
      timeZone={organization.timezone}
      canSell={can(role, 'money.sell')}
      canRefund={can(role, 'money.refund')}
    />
  );
}

function OrdersPage({
  timeZone,
  canSell,
  canRefund,
}: {
  timeZone: string;
  canSell: boolean;
  canRefund: boolean;
}) {
  const money = useMoney();
  const { locale } = useStudioFormat();
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [selling, setSelling] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<Order | undefined>(undefined);
  const orders = useOrders({ status, page });
  const total = orders.data?.pageInfo.total ?? 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
        {canSell ? (
          <Button onClick={() => setSelling(true)}>
            <Plus aria-hidden />
            New Sale
          </Button>
        ) : null}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Order History</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Orders"
            columns={orderColumns(timeZone, locale, money)}
            rows={orders.data?.orders}
            getRowId={(o) => o.id}
            rowActions={(order) => (
              <Button
                variant="outline"
                size="sm"
                aria-label={`View order ${orderNumber(order.number)}`}
                onClick={() => setViewingId(order.id)}
              >
                <Eye aria-hidden />
                View
              </Button>
            )}
            loading={orders.isPending}
            fetching={orders.isFetching}
            loadingLabel="Loading orders..."
            toolbar={
              <div className="sm:w-64">
                <FilterSelect
                  label="Status"
                  value={status}
                  allLabel="All statuses"
                  options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
                  onChange={(value) => {
                    setStatus(value);
                    setPage(1);
                  }}
                />
              </div>
            }
            error={
              orders.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(orders.error, 'Failed to load orders')}
                </p>
              ) : null
            }
            empty={
              status ? (
                <p className="py-10 text-center text-muted-foreground">
                  No orders with this status
                </p>
              ) : (
                <div className="space-y-3 py-10 text-center">
                  <p className="font-medium">No orders yet</p>
                  <p className="text-sm text-muted-foreground">
                    Sales at the front desk show here.
                  </p>
                  {canSell ? <Button onClick={() => setSelling(true)}>Start a Sale</Button> : null}
                </div>
              )
            }
            pagination={{
              mode: 'pages',
              page,
              pageCount: Math.ceil(total / ORDERS_PAGE_SIZE),
              onPageChange: setPage,
            }}
          />
        </CardContent>
      </Card>

      {canSell ? (
        <NewSaleDialog
          open={selling}
          onOpenChange={setSelling}
          onSold={(order) => setViewingId(order.id)}
        />
      ) : null}
      <OrderDetailDialog
        orderId={refunding ? null : viewingId}
        timeZone={timeZone}
        canRefund={canRefund}
        onOpenChange={(open) => !open && setViewingId(null)}
        onRefund={setRefunding}
      />
      {canRefund ? (
        <RefundOrderDialog
          order={refunding}
          onOpenChange={(open) => !open && setRefunding(undefined)}
        />
      ) : null}
    </div>
  );
}
