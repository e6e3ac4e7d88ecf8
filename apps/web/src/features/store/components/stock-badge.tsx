import type { Product } from '@fitbase/domain/contracts/store';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Badge } from '@/components/ui/badge';

/** Stock on hand, with a badge when it is at or below the product's low-stock threshold. */
export function StockCell({ product }: { product: Pick<Product, 'stockOnHand' | 'isLowStock'> }) {
  const { locale } = useStudioFormat();
  return (
    <span className="inline-flex items-center gap-2">
      <span className="tabular-nums">{product.stockOnHand.toLocaleString(locale)}</span>
      {product.stockOnHand === 0 ? (
        <Badge variant="destructive">Out of stock</Badge>
      ) : product.isLowStock ? (
        <Badge
          variant="outline"
          className="border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300"
        >
          Low stock
        </Badge>
      ) : null}
    </span>
  );
}
