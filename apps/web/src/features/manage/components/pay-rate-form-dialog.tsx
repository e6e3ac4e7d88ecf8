import { zodResolver } from '@hookform/resolvers/zod';
import { payRateInputSchema, type PayRateInput } from '@fitbase/domain/contracts/pay-rates';
import { PAY_RATE_KINDS } from '@fitbase/domain/money-constants';
import { useForm } from 'react-hook-form';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { MoneyField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { usePayableStaff } from '../api/list-staff-for-pay';
import { useCreatePayRate } from '../api/create-pay-rate';
import { PAY_RATE_KIND_LABELS } from '../lib/money-format';

type PayRateOutput = ReturnType<typeof payRateInputSchema.parse>;
const FIELDS = ['staffUserId', 'kind', 'amount', 'effectiveFrom'];

/** Add a trainer's pay rate from an effective date (owners and admins). */
export function PayRateFormDialog({
  open,
  onOpenChange,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The studio's today (YYYY-MM-DD): the default effective date. */
  today: string;
}) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Pay Rate"
      description="A new rate applies from its effective date; earlier rates stay for past pay."
    >
      {(close) => <PayRateForm today={today} onDone={close} />}
    </EditorDialog>
  );
}

function PayRateForm({ today, onDone }: { today: string; onDone: () => void }) {
  const staff = usePayableStaff();
  const form = useForm<PayRateInput, unknown, PayRateOutput>({
    resolver: zodResolver(payRateInputSchema),
    defaultValues: { staffUserId: '', kind: 'per_class', amount: '', effectiveFrom: today },
  });
  const create = useCreatePayRate();
  // Trainers first (the usual choice), then the rest of the staff.
  const people = [...(staff.data ?? [])].sort(
    (a, b) =>
      Number(b.role === 'trainer') - Number(a.role === 'trainer') || a.name.localeCompare(b.name),
  );

  const onSubmit = async (values: PayRateOutput) => {
    try {
      await create.mutateAsync(values);
      formSuccess('Success', 'Pay rate added');
      onDone();
    } catch (error) {
      // One rate per trainer per date: the 409 belongs under the date.
      reportError(error, {
        fallback: 'Failed to add the pay rate',
        form: {
          setError: form.setError,
          fields: FIELDS,
          codeFields: { conflict: 'effectiveFrom' },
        },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !create.isPending}
      idPrefix="pay-rate"
      schema={payRateInputSchema}
      className="space-y-4"
      aria-label="Add Pay Rate"
    >
      <SelectField
        control={form.control}
        name="staffUserId"
        label="Trainer*"
        placeholder={staff.isPending ? 'Loading staff...' : 'Choose a trainer'}
        options={people.map((p) => ({
          value: p.userId,
          label: p.role === 'trainer' ? p.name : `${p.name} (${p.role})`,
        }))}
        required
      />
      <SelectField
        control={form.control}
        name="kind"
        label="Paid*"
        options={PAY_RATE_KINDS.map((kind) => ({ value: kind, label: PAY_RATE_KIND_LABELS[kind] }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField control={form.control} name="amount" label="Rate ($)*" required />
        <DateField control={form.control} name="effectiveFrom" label="Effective from*" required />
      </div>
      <EditorDialogFooter onCancel={onDone} pending={create.isPending} submitLabel="Add Pay Rate" />
    </Form>
  );
}
