import { zodResolver } from '@hookform/resolvers/zod';
import { taxRateInputSchema, type TaxRate } from '@fitbase/domain/contracts/tax-rates';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { Form } from '@/components/form/form';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-fields';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useSaveTaxRate } from '../api/save-tax-rate';

type Input = z.input<typeof taxRateInputSchema>;
type Output = z.output<typeof taxRateInputSchema>;
const resolver = zodResolver(taxRateInputSchema) as unknown as Resolver<Input, unknown, Output>;

export interface TaxRateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this rate; absent: `Add tax rate`. */
  rate?: TaxRate;
}

/** `Add tax rate` and `Edit`: a name, the percent, and whether prices include it. */
export function TaxRateDialog({ open, onOpenChange, rate }: TaxRateDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rate ? 'Edit tax rate' : 'Add tax rate'}
      description="A change applies to sales from now on; past sales keep the rate they were charged."
    >
      {(close) => <RateForm rate={rate} onDone={close} />}
    </EditorDialog>
  );
}

function RateForm({ rate, onDone }: { rate?: TaxRate; onDone: () => void }) {
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: {
      name: rate?.name ?? '',
      rate: rate ? rate.rate.replace(/\.?0+$/, '') : '',
      inclusive: rate?.inclusive ?? true,
    },
  });
  const save = useSaveTaxRate();

  const onSubmit = async (values: Output) => {
    try {
      await save.mutateAsync({ id: rate?.id, body: values });
      formSuccess(rate ? 'Tax rate saved' : 'Tax rate added');
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the tax rate',
        form: { setError: form.setError, fields: ['name', 'rate', 'inclusive'] },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !save.isPending}
      idPrefix="tax-rate"
      schema={taxRateInputSchema}
      className="space-y-4"
      aria-label={rate ? 'Edit tax rate' : 'Add tax rate'}
    >
      <TextField
        control={form.control}
        name="name"
        label="Name*"
        placeholder="VAT, Sales tax, GST"
        required
      />
      <TextField
        control={form.control}
        name="rate"
        label="Rate (%)*"
        placeholder="20"
        description="Up to 4 decimals, e.g. 8.875"
        required
      />
      <SwitchField
        control={form.control}
        name="inclusive"
        label="Prices include this tax"
        description="On for VAT quoted in the price; off for sales tax added at the till."
      />
      <EditorDialogFooter
        onCancel={onDone}
        pending={save.isPending}
        submitLabel={rate ? 'Save' : 'Add tax rate'}
      />
    </Form>
  );
}
