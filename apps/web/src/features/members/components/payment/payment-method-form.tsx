import { Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { ApiError } from '@/lib/api-client';
import { useCreatePaymentMethod } from '../../api/create-payment-method';
import { BillingFields } from './billing-fields';
import { CardFields } from './card-fields';
import {
  EMPTY_PAYMENT_FORM,
  requiredFilled,
  toPaymentMethodInput,
  validateCard,
  type PaymentFormErrors,
  type PaymentFormState,
} from './payment-form-state';

interface PaymentMethodFormProps {
  organizationId: string;
  memberId: string;
  allowed: boolean;
}

export function PaymentMethodForm({ organizationId, memberId, allowed }: PaymentMethodFormProps) {
  const navigate = useNavigate();
  const create = useCreatePaymentMethod(organizationId, memberId);
  const [form, setForm] = useState<PaymentFormState>(EMPTY_PAYMENT_FORM);
  const [errors, setErrors] = useState<PaymentFormErrors>({});
  const disabled = !allowed || create.isPending;
  const backToMember = () =>
    void navigate(`/member/${memberId}`, { state: { tab: 'payment-methods' } });

  const change = (patch: Partial<PaymentFormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    if ('cardNumber' in patch) setErrors((current) => ({ ...current, cardNumber: undefined }));
    if ('expMonth' in patch || 'expYear' in patch)
      setErrors((current) => ({ ...current, expiry: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || !requiredFilled(form)) return;
    const problems = validateCard(form);
    setErrors(problems);
    const first = problems.cardNumber ?? problems.expiry;
    if (first) {
      toast.error('Error', { description: first });
      return;
    }
    create.mutate(toPaymentMethodInput(form), {
      onSuccess: () => {
        toast.success('Success!', { description: 'Payment method added successfully' });
        backToMember();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status < 500) {
          toast.error('Failed to add payment method', { description: error.message });
          return;
        }
        toast.error('Error', { description: 'Failed to add payment method' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
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
          <CardFields form={form} errors={errors} disabled={disabled} onChange={change} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Billing Information</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <BillingFields form={form} disabled={disabled} onChange={change} />
        </CardContent>
      </Card>
      <Separator />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={backToMember} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled || !requiredFilled(form)}>
          {create.isPending ? 'Adding Payment Method...' : 'Add Payment Method'}
        </Button>
      </div>
    </form>
  );
}
