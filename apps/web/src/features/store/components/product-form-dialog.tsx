import { zodResolver } from '@hookform/resolvers/zod';
import {
  productInputSchema,
  productUpdateSchema,
  type Product,
  type ProductInput,
} from '@fitbase/domain/contracts/store';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { MoneyField, NumberField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useTaxRates } from '../api/list-tax-rates';

interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; absent for Add Product. */
  product?: Product;
}

/** Add Product and Edit Product: one form, prefilled when editing. */
export function ProductFormDialog({ open, onOpenChange, product }: ProductFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? 'Edit Product' : 'Add Product'}
      description={
        product
          ? 'Stock changes are made on the Inventory page, with a reason.'
          : 'Opening stock is recorded as received.'
      }
    >
      {/* Mounted only while open, so each opening starts from the product's current values. */}
      {(close) => <ProductForm product={product} onDone={close} />}
    </EditorDialog>
  );
}

type ProductOutput = ReturnType<typeof productInputSchema.parse>;
const FIELDS = [
  'name',
  'sku',
  'category',
  'price',
  'cost',
  'lowStockThreshold',
  'initialStock',
  'taxRateId',
];
// The select's empty choice ('No tax') is '' in the form and null in the contract.
const taxRateField = z.preprocess(
  (v) => (v === '' ? null : v),
  z.uuid('Choose a tax rate').nullable(),
);

function toForm(product: Product | undefined): ProductInput {
  return {
    name: product?.name ?? '',
    sku: product?.sku ?? '',
    category: product?.category ?? '',
    price: product?.price ?? '',
    cost: product?.cost ?? null,
    lowStockThreshold: product?.lowStockThreshold ?? 5,
    initialStock: 0,
    taxRateId: product?.taxRateId ?? null,
  };
}

function ProductForm({ product, onDone }: { product?: Product; onDone: () => void }) {
  const schema = (
    product ? productInputSchema.omit({ initialStock: true }) : productInputSchema
  ).extend({ taxRateId: taxRateField });
  const taxRates = useTaxRates();
  // Active rates, and the product's own even if archived since (it still charges it).
  const rateOptions = (taxRates.data?.rates ?? [])
    .filter((r) => r.isActive || r.id === product?.taxRateId)
    .map((r) => ({
      value: r.id,
      label: `${r.name} (${Number(r.rate)}%${r.inclusive ? ', included' : ', added'})`,
    }));
  const form = useForm<ProductInput, unknown, ProductOutput>({
    resolver: zodResolver(schema) as never,
    defaultValues: toForm(product),
  });
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const pending = create.isPending || update.isPending;

  const onSubmit = async (values: ProductOutput) => {
    try {
      if (product) {
        const { initialStock: _stock, isActive: _active, ...changes } = values;
        await update.mutateAsync({ id: product.id, changes: productUpdateSchema.parse(changes) });
      } else await create.mutateAsync(values);
      formSuccess('Success', product ? 'Product updated' : 'Product added');
      onDone();
    } catch (error) {
      // A taken SKU is a 409 naming the SKU: it belongs under the SKU field.
      reportError(error, {
        fallback: product ? 'Failed to update product' : 'Failed to add product',
        form: { setError: form.setError, fields: FIELDS, codeFields: { conflict: 'sku' } },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="product"
      schema={schema}
      className="space-y-4"
      aria-label={product ? 'Edit Product' : 'Add Product'}
    >
      <TextField
        control={form.control}
        name="name"
        label="Product Name*"
        required
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="sku" label="SKU*" required autoComplete="off" />
        <TextField control={form.control} name="category" label="Category" autoComplete="off" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField control={form.control} name="price" label="Price ($)*" required />
        <MoneyField
          control={form.control}
          name="cost"
          label="Cost ($)"
          description="What you pay your supplier (optional)"
        />
        {rateOptions.length > 0 ? (
          <SelectField
            control={form.control}
            name="taxRateId"
            label="Tax rate"
            placeholder="No tax"
            options={rateOptions}
          />
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          control={form.control}
          name="lowStockThreshold"
          label="Low-stock threshold"
          description="Flagged as low stock at or below this count"
          min={0}
          step={1}
        />
        {product ? null : (
          <NumberField
            control={form.control}
            name="initialStock"
            label="Opening stock"
            min={0}
            step={1}
          />
        )}
      </div>
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={product ? 'Save Product' : 'Add Product'}
      />
    </Form>
  );
}
