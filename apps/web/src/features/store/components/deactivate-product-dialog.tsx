import type { Product } from '@fitbase/domain/contracts/store';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** Deactivating keeps the product and its orders; it just leaves the point of sale. */
export function DeactivateProductDialog({
  product,
  onOpenChange,
  onConfirm,
}: {
  product: Product | undefined;
  onOpenChange: (open: boolean) => void;
  onConfirm: (product: Product) => void;
}) {
  return (
    <ConfirmDialog
      open={Boolean(product)}
      onOpenChange={onOpenChange}
      title="Deactivate Product"
      description={
        <>
          Deactivate “{product?.name}”? It can no longer be sold; its orders and stock history stay.
          You can activate it again at any time.
        </>
      }
      confirmLabel="Deactivate"
      destructive
      onConfirm={() => product && onConfirm(product)}
    />
  );
}
