import { zodResolver } from '@hookform/resolvers/zod';
import type { Product, StockChange } from '@fitbase/domain/contracts/store';
import { useForm, useWatch } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { NumberField } from '@/components/form/number-fields';
import { TextField } from '@/components/form/text-fields';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useChangeStock } from '../api/change-stock';
import {
  STOCK_CHANGE_TITLES,
  stockAfter,
  stockChangeFormSchema,
  type StockChangeForm,
  type StockChangeMode,
} from '../lib/stock-change-form';

const AMOUNT_LABELS: Record<StockChangeMode, string> = {
  received: 'Quantity received*',
  adjusted: 'Adjustment (+ adds, − removes)*',
  counted: 'Counted on the shelf*',
};

const NOTE_LABELS: Record<StockChangeMode, string> = {
  received: 'Note (supplier, delivery)',
  adjusted: 'Reason*',
  counted: 'Note',
};

/** Receive, adjust or count a product's stock (owners and admins): one movement with a reason. */
export function StockChangeDialog({
  product,
  mode,
  onOpenChange,
}: {
  /** The product; absent = closed. */
  product: Product | undefined;
  mode: StockChangeMode;
  onOpenChange: (open: boolean) => void;
}) {
  const title = STOCK_CHANGE_TITLES[mode];
  return (
    <Dialog open={Boolean(product)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {product ? `${product.name} · ${product.stockOnHand} on hand` : null}
          </DialogDescription>
        </DialogHeader>
        {product ? (
          <StockChangeFormBody
            key={`${product.id}:${mode}`}
            product={product}
            mode={mode}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function StockChangeFormBody({
  product,
  mode,
  onDone,
}: {
  product: Product;
  mode: StockChangeMode;
  onDone: () => void;
}) {
  const schema = stockChangeFormSchema(mode, product.stockOnHand);
  const form = useForm<StockChangeForm, unknown, StockChange>({
    resolver: zodResolver(schema),
    defaultValues: { amount: null, note: '' },
  });
  const change = useChangeStock();
  const amount = useWatch({ control: form.control, name: 'amount' });
  const after = stockAfter(mode, product.stockOnHand, amount);

  const onSubmit = async (value: StockChange) => {
    try {
      await change.mutateAsync({ productId: product.id, change: value });
      formSuccess('Success', `Stock of ${product.name} updated`);
      onDone();
    } catch (error) {
      reportError(error, { fallback: 'Failed to update stock', formToast: true });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !change.isPending}
      idPrefix="stock"
      className="space-y-4"
      aria-label={STOCK_CHANGE_TITLES[mode]}
    >
      <NumberField
        control={form.control}
        name="amount"
        label={AMOUNT_LABELS[mode]}
        step={1}
        min={mode === 'adjusted' ? undefined : mode === 'received' ? 1 : 0}
        required
      />
      <TextField
        control={form.control}
        name="note"
        label={NOTE_LABELS[mode]}
        maxLength={200}
        required={mode === 'adjusted'}
        autoComplete="off"
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {after === null || after < 0
          ? `Stock now: ${product.stockOnHand}`
          : `Stock after: ${after} (now ${product.stockOnHand})`}
      </p>
      <EditorDialogFooter
        onCancel={onDone}
        pending={change.isPending}
        submitLabel={STOCK_CHANGE_TITLES[mode]}
      />
    </Form>
  );
}
