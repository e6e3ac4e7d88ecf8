import { zodResolver } from '@hookform/resolvers/zod';
import {
  discountInputSchema,
  type Discount,
  type DiscountInput,
} from '@fitbase/domain/contracts/discounts';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { MoneyField, NumberField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateDiscount } from '../api/create-discount';
import { useUpdateDiscount } from '../api/update-discount';

type DiscountOutput = ReturnType<typeof discountInputSchema.parse>;
const FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'startsOn',
  'endsOn',
  'usageLimit',
  'appliesToPlans',
];

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Fixed amount off ($)' },
];

// An emptied date field holds '': the contract's "no date" is null.
const baseResolver = zodResolver(discountInputSchema) as unknown as Resolver<
  DiscountInput,
  unknown,
  DiscountOutput
>;
const resolver: Resolver<DiscountInput, unknown, DiscountOutput> = (values, context, options) =>
  baseResolver(
    { ...values, startsOn: values.startsOn || null, endsOn: values.endsOn || null },
    context,
    options,
  );

function toForm(discount: Discount | undefined): DiscountInput {
  return {
    code: discount?.code ?? '',
    description: discount?.description ?? '',
    kind: discount?.kind ?? 'percent',
    value: discount?.value ?? '',
    startsOn: discount?.startsOn ?? null,
    endsOn: discount?.endsOn ?? null,
    usageLimit: discount?.usageLimit ?? null,
    appliesToPlans: discount?.appliesToPlans ?? true,
    appliesToProducts: discount?.appliesToProducts ?? true,
  };
}

/** Add and Edit a discount code (owners and admins). */
export function DiscountFormDialog({
  open,
  onOpenChange,
  discount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  discount?: Discount;
}) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={discount ? 'Edit Discount Code' : 'Add Discount Code'}
      className="max-h-[90vh] overflow-y-auto"
    >
      {(close) => <DiscountForm discount={discount} onDone={close} />}
    </EditorDialog>
  );
}

function DiscountForm({ discount, onDone }: { discount?: Discount; onDone: () => void }) {
  const form = useForm<DiscountInput, unknown, DiscountOutput>({
    resolver,
    defaultValues: toForm(discount),
  });
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const pending = create.isPending || update.isPending;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const onSubmit = async ({ isActive: _active, ...values }: DiscountOutput) => {
    try {
      // Activation has its own button in the list: the dialog never changes it.
      if (discount) await update.mutateAsync({ id: discount.id, changes: values });
      else await create.mutateAsync(values);
      formSuccess('Success', discount ? 'Discount code updated' : 'Discount code added');
      onDone();
    } catch (error) {
      // A code already in use is a 409 naming it: it belongs under the Code field.
      reportError(error, {
        fallback: 'Failed to save the discount code',
        form: { setError: form.setError, fields: FIELDS, codeFields: { conflict: 'code' } },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="discount"
      schema={discountInputSchema}
      className="space-y-4"
      aria-label={discount ? 'Edit Discount Code' : 'Add Discount Code'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="code"
          label="Code*"
          required
          autoComplete="off"
          inputClassName="uppercase"
          description="Letters, digits, - and _ (e.g. SPRING10)"
        />
        <TextField
          control={form.control}
          name="description"
          label="Description"
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="kind" label="Type*" options={KIND_OPTIONS} />
        <MoneyField
          control={form.control}
          name="value"
          label={kind === 'percent' ? 'Percent off*' : 'Amount off ($)*'}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField control={form.control} name="startsOn" label="Valid from" />
        <DateField control={form.control} name="endsOn" label="Valid until" />
      </div>
      <NumberField
        control={form.control}
        name="usageLimit"
        label="Usage limit"
        description="How many times the code can be used in all; empty for no limit"
        min={1}
        step={1}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Applies to</legend>
        <SwitchField
          control={form.control}
          name="appliesToPlans"
          label="Plans (memberships, class packs...)"
          variant="checkbox"
        />
        <SwitchField
          control={form.control}
          name="appliesToProducts"
          label="Store products"
          variant="checkbox"
        />
      </fieldset>
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={discount ? 'Save Code' : 'Add Code'}
      />
    </Form>
  );
}
