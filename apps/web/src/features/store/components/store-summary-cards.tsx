import { AlertTriangle, type LucideIcon, Package, ShoppingCart } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useStoreSummary } from '../api/get-store-summary';

function SummaryCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: number | undefined;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">
          {value === undefined ? '–' : value.toLocaleString('en-US')}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** The store's counts (docs/product/money-and-store.md#store): computed by the server. */
export function StoreSummaryCards({ organizationId }: { organizationId: string }) {
  const { data } = useStoreSummary(organizationId);
  return (
    <section aria-label="Store statistics" className="grid gap-4 sm:grid-cols-3">
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
    </section>
  );
}
