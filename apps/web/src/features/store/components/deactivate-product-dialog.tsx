import type { Product } from '@fitbase/domain/contracts/store';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

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
    <AlertDialog open={Boolean(product)} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Deactivate Product</AlertDialogTitle>
          <AlertDialogDescription>
            Deactivate “{product?.name}”? It can no longer be sold; its orders and stock history
            stay. You can activate it again at any time.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => product && onConfirm(product)}
          >
            Deactivate
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
