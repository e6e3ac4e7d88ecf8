import { zodResolver } from '@hookform/resolvers/zod';
import type { Membership } from '@fitbase/domain/contracts/plans';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { ApiError } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import type { useChangeMembership } from '../api/change-membership';
import { useSellablePlans } from '../api/list-sellable-plans';
import {
  PAYMENT_CHOICE_DEFAULTS,
  PAYMENT_CHOICE_FIELDS,
  paymentChoiceSchema,
  PaymentChoiceFields,
  usePaymentChoice,
  type PaymentChoiceValues,
} from './payment-choice';

type ChangeMutation = ReturnType<typeof useChangeMembership>;

interface RenewDialogProps {
  memberId: string;
  membership: Membership | undefined;
  onOpenChange: (open: boolean) => void;
  change: ChangeMutation;
}

/**
 * Renew a class pack or an ended membership (docs/product/money-and-store.md#plans-and-memberships):
 * a new period of the same plan at today's price, charged now the way staff choose.
 */
export function RenewMembershipDialog({ membership, onOpenChange, ...props }: RenewDialogProps) {
  return (
    <Dialog open={Boolean(membership)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Renew Membership</DialogTitle>
          <DialogDescription>
            {membership ? `${membership.plan.name}: ` : ''}a new period starts today and is charged
            now.
          </DialogDescription>
        </DialogHeader>
        {membership ? (
          <RenewForm {...props} membership={membership} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RenewForm({
  memberId,
  membership,
  change,
  onDone,
}: Omit<RenewDialogProps, 'membership' | 'onOpenChange'> & {
  membership: Membership;
  onDone: () => void;
}) {
  const plans = useSellablePlans();
  // Today's price and fee of the plan (what the server charges), from the plans on sale.
  const plan = plans.data?.find((p) => p.id === membership.plan.id);
  const retired = plans.isSuccess && !plan;
  const form = useForm<PaymentChoiceValues>({
    resolver: zodResolver(paymentChoiceSchema),
    defaultValues: PAYMENT_CHOICE_DEFAULTS,
  });
  const choice = usePaymentChoice({ form, memberId, plan, renewal: true });

  const onSubmit = async (values: PaymentChoiceValues) => {
    const payment = choice.request(values);
    if (!payment) return;
    try {
      await change.mutateAsync({ action: 'renew', id: membership.id, renew: payment });
      toast.success('Membership renewed', { description: membership.plan.name });
      onDone();
    } catch (error) {
      if (choice.handleError(error)) return;
      reportError(error, {
        title:
          error instanceof ApiError && error.code === 'plan_inactive'
            ? 'Plan no longer sold'
            : 'Failed to renew membership',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: PAYMENT_CHOICE_FIELDS },
        formToast: false,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !change.isPending && !retired}
      idPrefix="renew"
      className="space-y-4"
      aria-label="Renew Membership"
    >
      {retired ? (
        <p role="alert" className="text-sm text-destructive">
          {membership.plan.name} is no longer sold. Sell the member another plan instead.
        </p>
      ) : (
        <PaymentChoiceFields form={form} choice={choice} plan={plan} />
      )}
      <EditorDialogFooter
        onCancel={onDone}
        pending={change.isPending}
        submitLabel={change.isPending ? 'Charging...' : 'Renew'}
        submitDisabled={retired || plans.isPending}
      />
    </Form>
  );
}
