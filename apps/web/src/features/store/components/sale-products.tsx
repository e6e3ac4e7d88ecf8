import type { Product } from '@fitbase/domain/contracts/store';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSellableProducts } from '../api/list-products';
import { useMoney } from '@/hooks/use-studio-format';

/** The point of sale's product finder: search, then Add (never an out-of-stock product). */
export function SaleProductPicker({
  inCart,
  onAdd,
  disabled,
}: {
  /** Quantity already in the cart per product id. */
  inCart: ReadonlyMap<string, number>;
  onAdd: (product: Product) => void;
  disabled?: boolean;
}) {
  const money = useMoney();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const products = useSellableProducts(debounced);
  const list = products.data ?? [];
  return (
    <div className="space-y-2">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search products to sell"
          placeholder="Search products by name or SKU..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-8"
          disabled={disabled}
        />
      </div>
      {products.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading products...
        </p>
      ) : products.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Products could not be loaded. Try again.
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {debounced ? 'No products found' : 'No active products yet'}
        </p>
      ) : (
        <ul aria-label="Products" className="max-h-48 divide-y overflow-y-auto rounded-md border">
          {list.map((product) => {
            const left = product.stockOnHand - (inCart.get(product.id) ?? 0);
            return (
              <li key={product.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{product.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {money(product.price)} ·{' '}
                    {product.stockOnHand === 0 ? 'Out of stock' : `${product.stockOnHand} in stock`}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Add ${product.name}`}
                  disabled={disabled || left < 1}
                  onClick={() => onAdd(product)}
                >
                  <Plus aria-hidden />
                  Add
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
