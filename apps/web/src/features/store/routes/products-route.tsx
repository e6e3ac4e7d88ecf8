import type { Product } from '@fitbase/domain/contracts/store';
import { can } from '@fitbase/domain/permissions';
import { Pencil, Plus, Power, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { PRODUCTS_PAGE_SIZE, useProducts } from '../api/list-products';
import { useUpdateProduct } from '../api/update-product';
import { DeactivateProductDialog } from '../components/deactivate-product-dialog';
import { FilterSelect } from '@/components/form/filter-select';
import { ProductFormDialog } from '../components/product-form-dialog';
import { productColumns } from '../components/products-table';
import { StoreSummaryCards } from '../components/store-summary-cards';

const SEARCH_DEBOUNCE_MS = 250;

/** /store/products (docs/product/money-and-store.md#store). */
export function ProductsRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return <ProductsPage key={organization.id} canManage={can(role, 'money.manage')} />;
}

function ProductsPage({ canManage }: { canManage: boolean }) {
  // A global-search result links here with ?search=: it fills the box, also when already open.
  const [params] = useSearchParams();
  const linkedSearch = params.get('search') ?? '';
  const [search, setSearch] = useState(linkedSearch);
  useEffect(() => {
    if (linkedSearch) setSearch(linkedSearch);
  }, [linkedSearch]);
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const products = useProducts({ search: debounced, category, page });
  const update = useUpdateProduct();
  const [adding, setAdding] = useState(false);
  // Ids, not objects: the dialogs follow the row's current values after a refetch.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deactivatingId, setDeactivatingId] = useState<string | null>(null);
  const rows = products.data?.products;
  const editing = rows?.find((p) => p.id === editingId);
  const deactivating = rows?.find((p) => p.id === deactivatingId);
  const total = products.data?.pageInfo.total ?? 0;
  const filtered = Boolean(debounced || category);

  const setActive = (product: Product, isActive: boolean) =>
    update.mutate(
      { id: product.id, changes: { isActive } },
      {
        onSuccess: () =>
          toast.success('Success', {
            description: isActive ? `${product.name} activated` : `${product.name} deactivated`,
          }),
        onError: (error) => reportError(error, { fallback: 'Failed to update product' }),
      },
    );

  const rowActions = canManage
    ? (product: Product) => (
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Edit ${product.name}`}
            onClick={() => setEditingId(product.id)}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${product.isActive ? 'Deactivate' : 'Activate'} ${product.name}`}
            disabled={update.isPending && update.variables?.id === product.id}
            onClick={() =>
              product.isActive ? setDeactivatingId(product.id) : setActive(product, true)
            }
          >
            <Power aria-hidden />
            {product.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      )
    : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Products</h1>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Product
          </Button>
        ) : null}
      </div>
      <StoreSummaryCards />

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search products"
            placeholder="Search by name or SKU..."
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            className="pl-8"
          />
        </div>
        <div className="sm:w-64">
          <FilterSelect
            label="Category"
            value={category}
            allLabel="All categories"
            options={(products.data?.categories ?? []).map((c) => ({ value: c, label: c }))}
            onChange={(value) => {
              setCategory(value);
              setPage(1);
            }}
          />
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Product Catalog</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Products"
            columns={productColumns}
            rows={rows}
            getRowId={(product) => product.id}
            rowActions={rowActions}
            loading={products.isPending}
            fetching={products.isFetching}
            loadingLabel="Loading products..."
            error={
              products.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(products.error, 'Failed to load products')}
                </p>
              ) : null
            }
            empty={
              filtered ? (
                <div className="py-10 text-center">
                  <p className="font-medium">No products found</p>
                  <p className="text-sm text-muted-foreground">Try another search or category</p>
                </div>
              ) : (
                <div className="space-y-3 py-10 text-center">
                  <p className="font-medium">No products yet</p>
                  <p className="text-sm text-muted-foreground">
                    Add the retail items you sell at the front desk: drinks, apparel, supplements.
                  </p>
                  {canManage ? (
                    <Button onClick={() => setAdding(true)}>Add Your First Product</Button>
                  ) : null}
                </div>
              )
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

      {canManage ? (
        <>
          <ProductFormDialog open={adding} onOpenChange={setAdding} />
          <ProductFormDialog
            key={editing?.id ?? 'none'}
            open={Boolean(editing)}
            onOpenChange={(open) => !open && setEditingId(null)}
            product={editing}
          />
          <DeactivateProductDialog
            product={deactivating}
            onOpenChange={(open) => !open && setDeactivatingId(null)}
            onConfirm={(product) => setActive(product, false)}
          />
        </>
      ) : null}
    </div>
  );
}
