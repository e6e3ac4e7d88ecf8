import type { Service } from '@fitbase/domain/contracts/services';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface DeleteServiceDialogProps {
  service: Service | undefined;
  onOpenChange: (open: boolean) => void;
  onConfirm: (service: Service) => void;
}

/** Deleting is real (docs/product/services.md#delete), so it asks first. */
export function DeleteServiceDialog({
  service,
  onOpenChange,
  onConfirm,
}: DeleteServiceDialogProps) {
  return (
    <ConfirmDialog
      open={Boolean(service)}
      onOpenChange={onOpenChange}
      title="Delete Service"
      description={<>Delete “{service?.name}”? This cannot be undone.</>}
      confirmLabel="Delete"
      destructive
      onConfirm={() => service && onConfirm(service)}
    />
  );
}
