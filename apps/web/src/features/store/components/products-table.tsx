import type { Product } from '@fitbase/domain/contracts/store';
import type { DataTableColumn } from '@/components/data-table/columns';
import { Money } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { StockCell } from './stock-badge';

/** The products table's columns (docs/product/money-and-store.md#store). */
export const productColumns: DataTableColumn<Product>[] = [
  {
    id: 'name',
    header: 'Name',
    hideable: false,
    primary: true,
    cell: (product) => <span className="font-medium">{product.name}</span>,
  },
  { id: 'sku', header: 'SKU', cell: (product) => <span className="font-mono">{product.sku}</span> },
  {
    id: 'category',
    header: 'Category',
    cell: (product) =>
      product.category ?? <span className="text-muted-foreground">Uncategorized</span>,
  },
  {
    id: 'price',
    header: 'Price',
    className: 'tabular-nums',
    cell: (product) => <Money amount={product.price} />,
  },
  {
    id: 'cost',
    header: 'Cost',
    className: 'tabular-nums',
    cell: (product) =>
      product.cost === null ? (
        <span className="text-muted-foreground">—</span>
      ) : (
        <Money amount={product.cost} />
      ),
  },
  { id: 'stock', header: 'Stock', cell: (product) => <StockCell product={product} /> },
  {
    id: 'active',
    header: 'Active',
    cell: (product) =>
      product.isActive ? (
        <Badge variant="secondary">Active</Badge>
      ) : (
        <Badge variant="outline">Inactive</Badge>
      ),
  },
];
