import type { Product } from '@fitbase/domain/contracts/store';
import { can } from '@fitbase/domain/permissions';
import { PackagePlus, Search, SlidersHorizontal, Tally5 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { PRODUCTS_PAGE_SIZE, useLowStockProducts, useProducts } from '../api/list-products';
import { StockCell } from '../components/stock-badge';
import { StockChangeDialog } from '../components/stock-change-dialog';
import { StockMovementsCard } from '../components/stock-movements-card';
import type { StockChangeMode } from '../lib/stock-change-form';

const SEARCH_DEBOUNCE_MS = 250;

const stockColumns: DataTableColumn<Product>[] = [
  { id: 'name', header: 'Product', primary: true, hideable: false, cell: (p) => p.name },
  { id: 'sku', header: 'SKU', cell: (p) => <span className="font-mono">{p.sku}</span> },
  { id: 'stock', header: 'On hand', cell: (p) => <StockCell product={p} /> },
  {
    id: 'threshold',
    header: 'Low-stock threshold',
    className: 'tabular-nums',
    cell: (p) => p.lowStockThreshold,
  },
];

/** /store/inventory (docs/product/money-and-store.md#store): stock, low stock, movements. */
export function InventoryRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return (
    <InventoryPage
      key={organization.id}
      timeZone={organization.timezone}
      canManage={can(role, 'money.manage')}
    />
  );
}

function InventoryPage({ timeZone, canManage }: { timeZone: string; canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const products = useProducts({ search: debounced, category: null, page });
  const lowStock = useLowStockProducts();
  const [changing, setChanging] = useState<{ productId: string; mode: StockChangeMode } | null>(
    null,
  );
  const total = products.data?.pageInfo.total ?? 0;
  // The product as last fetched, from whichever list it was opened in.
  const changingProduct = useMemo(
    () =>
      changing
        ? [...(products.data?.products ?? []), ...(lowStock.data?.products ?? [])].find(
            (p) => p.id === changing.productId,
          )
        : undefined,
    [changing, products.data, lowStock.data],
  );

  const actions = canManage
    ? (product: Product) => (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Receive stock of ${product.name}`}
            onClick={() => setChanging({ productId: product.id, mode: 'received' })}
          >
            <PackagePlus aria-hidden />
            Receive
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Adjust stock of ${product.name}`}
            onClick={() => setChanging({ productId: product.id, mode: 'adjusted' })}
          >
            <SlidersHorizontal aria-hidden />
            Adjust
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Count stock of ${product.name}`}
            onClick={() => setChanging({ productId: product.id, mode: 'counted' })}
          >
            <Tally5 aria-hidden />
            Count
          </Button>
        </div>
      )
    : undefined;

  const lowList = lowStock.data?.products ?? [];
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Inventory</h1>
        <p className="text-muted-foreground">
          Stock on hand, what is running low, and every stock movement.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Low Stock</h2>
          </CardTitle>
          <CardDescription>Active products at or below their low-stock threshold</CardDescription>
        </CardHeader>
        <CardContent>
          {lowStock.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading...
            </p>
          ) : lowStock.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(lowStock.error, 'Failed to load low stock')}
            </p>
          ) : lowList.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing is running low.</p>
          ) : (
            <ul aria-label="Low stock products" className="divide-y text-sm">
              {lowList.map((product) => (
                <li
                  key={product.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span className="font-medium">{product.name}</span>
                  <span className="flex items-center gap-3">
                    <StockCell product={product} />
                    <span className="text-muted-foreground">
                      threshold {product.lowStockThreshold}
                    </span>
                    {canManage ? (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Receive stock of ${product.name}`}
                        onClick={() => setChanging({ productId: product.id, mode: 'received' })}
                      >
                        Receive
                      </Button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Stock on Hand</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Stock on hand"
            columns={stockColumns}
            rows={products.data?.products}
            getRowId={(p) => p.id}
            rowActions={actions}
            loading={products.isPending}
            fetching={products.isFetching}
            loadingLabel="Loading stock..."
            toolbar={
              <div className="relative">
                <Search
                  className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden
                />
                <Input
                  type="search"
                  aria-label="Search stock"
                  placeholder="Search by name or SKU..."
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPage(1);
                  }}
                  className="pl-8"
                />
              </div>
            }
            error={
              products.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(products.error, 'Failed to load stock')}
                </p>
              ) : null
            }
            empty={
              <p className="py-10 text-center text-muted-foreground">
                {debounced
                  ? 'No products found'
                  : 'No products yet: add them on the Products page.'}
              </p>
            }
            pagination={{
              mode: 'pages',
              page,
              pageCount: Math.ceil(total / PRODUCTS_PAGE_SIZE),
              onPageChange: setPage,
            }}
          />
        </CardContent>
      </Card>

      <StockMovementsCard timeZone={timeZone} />

      {canManage ? (
        <StockChangeDialog
          product={changingProduct}
          mode={changing?.mode ?? 'received'}
          onOpenChange={(open) => !open && setChanging(null)}
        />
      ) : null}
    </div>
  );
}
