import { Info } from 'lucide-react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCreatePaymentMethod } from '../../api/create-payment-method';
import { BillingFields } from './billing-fields';
import { CardFields } from './card-fields';
import {
  EMPTY_PAYMENT_FORM,
  requiredFilled,
  toPaymentMethodInput,
  validateCard,
  type PaymentFormState,
} from './payment-form-state';

/** Luhn and expiry, checked before anything is sent; the number never leaves the page. */
const cardResolver: Resolver<PaymentFormState> = (values) => {
  const problems = validateCard(values);
  const errors = {
    ...(problems.cardNumber
      ? { cardNumber: { type: 'validate', message: problems.cardNumber } }
      : {}),
    ...(problems.expiry ? { expMonth: { type: 'validate', message: problems.expiry } } : {}),
  };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

interface PaymentMethodFormProps {
  memberId: string;
  allowed: boolean;
}

export function PaymentMethodForm({ memberId, allowed }: PaymentMethodFormProps) {
  const navigate = useNavigate();
  const create = useCreatePaymentMethod(memberId);
  const form = useForm<PaymentFormState>({
    resolver: cardResolver,
    defaultValues: EMPTY_PAYMENT_FORM,
  });
  const filled = requiredFilled(form.watch());
  const disabled = !allowed || create.isPending;
  const backToMember = () =>
    void navigate(`/member/${memberId}`, { state: { tab: 'payment-methods' } });

  const submit = async (values: PaymentFormState) => {
    try {
      await create.mutateAsync(toPaymentMethodInput(values));
      formSuccess('Success!', 'Payment method added successfully');
      backToMember();
    } catch (error) {
      reportError(error, {
        title: 'Failed to add payment method',
        fallback: 'Failed to add payment method',
        formToast: true,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      onInvalid={(errors) => {
        const first = errors.cardNumber?.message ?? errors.expMonth?.message;
        if (first) reportProblem('Error', first, { formToast: true });
      }}
      // Submit stays disabled until the required fields are filled (docs/product/members.md).
      canSubmit={() => !disabled && requiredFilled(form.getValues())}
      idPrefix="payment"
      className="space-y-6"
    >
      <div
        role="note"
        className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          This is a demo implementation. Card numbers are not stored: only the last four digits, the
          card brand and the expiry date are saved. No payment processor is contacted.
        </p>
      </div>
      {!allowed ? (
        <p role="alert" className="text-sm text-destructive">
          Your role does not allow adding payment methods.
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Card Details</h2>
          </CardTitle>
          <CardDescription>The card number and CVC never leave this page.</CardDescription>
        </CardHeader>
        <CardContent>
          <CardFields control={form.control} disabled={disabled} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Billing Information</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <BillingFields control={form.control} disabled={disabled} />
        </CardContent>
      </Card>
      <Separator />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={backToMember} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled || !filled}>
          {create.isPending ? 'Adding Payment Method...' : 'Add Payment Method'}
        </Button>
      </div>
    </Form>
  );
}
