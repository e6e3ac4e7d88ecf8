import { AlertTriangle, Package, ShoppingCart } from 'lucide-react';
import { SummaryCard, SummaryCardRow } from '@/components/summary-card';
import { useStoreSummary } from '../api/get-store-summary';

/** The store's counts (docs/product/money-and-store.md#store): computed by the server. */
export function StoreSummaryCards() {
  const { data } = useStoreSummary();
  return (
    <SummaryCardRow label="Store statistics">
      <SummaryCard
        title="Products"
        value={data?.products}
        hint="Active products in your store"
        icon={Package}
      />
      <SummaryCard
        title="Orders"
        value={data?.orders}
        hint="Orders this month"
        icon={ShoppingCart}
      />
      <SummaryCard
        title="Low Stock"
        value={data?.lowStock}
        hint="Products at or below their low-stock threshold"
        icon={AlertTriangle}
      />
    </SummaryCardRow>
  );
}
