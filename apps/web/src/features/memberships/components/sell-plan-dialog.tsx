import { zodResolver } from '@hookform/resolvers/zod';
import type { Plan } from '@fitbase/domain/contracts/plans';
import { PLAN_KIND_LABELS } from '@fitbase/domain/money-constants';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { ApiError } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import { useSellablePlans } from '../api/list-sellable-plans';
import { useSellMembership } from '../api/sell-membership';
import {
  PAYMENT_CHOICE_DEFAULTS,
  PAYMENT_CHOICE_FIELDS,
  paymentChoiceSchema,
  PaymentChoiceFields,
  usePaymentChoice,
  type PaymentChoiceForm,
} from './payment-choice';
import { useMoney } from '@/hooks/use-studio-format';

const sellFormSchema = paymentChoiceSchema.extend({
  planId: z.string().min(1, 'Choose a plan'),
  startDate: z.string(),
  sharedWithHousehold: z.boolean(),
});
type SellForm = z.input<typeof sellFormSchema>;
const FIELDS = ['planId', 'startDate', 'sharedWithHousehold', ...PAYMENT_CHOICE_FIELDS];

type Money = (amount: string) => string;

function planOption(plan: Plan, money: Money) {
  const price = plan.billingInterval
    ? `${money(plan.price)} / ${plan.billingInterval}`
    : money(plan.price);
  return { value: plan.id, label: `${PLAN_KIND_LABELS[plan.kind]} · ${plan.name} · ${price}` };
}

interface SellPlanDialogProps {
  memberId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Sell plan (docs/product/money-and-store.md#plans-and-memberships): the first period (after a discount)
 * and the sign-up fee are charged at once, by the card on file (the demo provider) or recorded
 * as cash or other.
 */
export function SellPlanDialog({ open, onOpenChange, ...props }: SellPlanDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sell Plan"
      description="The first period and any sign-up fee are charged now."
      className="max-h-[90vh] overflow-y-auto"
    >
      {(close) => <SellPlanForm {...props} onDone={close} />}
    </EditorDialog>
  );
}

function SellPlanForm({
  memberId,
  onDone,
}: Omit<SellPlanDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const plans = useSellablePlans();
  const money = useMoney();
  const sell = useSellMembership(memberId);
  const form = useForm<SellForm>({
    resolver: zodResolver(sellFormSchema),
    defaultValues: {
      planId: '',
      startDate: '',
      sharedWithHousehold: false,
      ...PAYMENT_CHOICE_DEFAULTS,
    },
  });
  // The shared payment fields see only the keys they render.
  const paymentForm = form as unknown as PaymentChoiceForm;
  const planId = form.watch('planId');
  const plan = plans.data?.find((p) => p.id === planId);
  const choice = usePaymentChoice({ form: paymentForm, memberId, plan });

  const onSubmit = async (values: SellForm) => {
    const payment = choice.request(values);
    if (!payment) return;
    try {
      await sell.mutateAsync({
        planId: values.planId,
        startDate: values.startDate || undefined,
        // Only a plan with credits can be shared (docs/product/members.md#households).
        ...(plan?.credits && values.sharedWithHousehold ? { sharedWithHousehold: true } : {}),
        ...payment,
      });
      toast.success('Plan sold', { description: `${plan?.name ?? 'The plan'} is now active` });
      onDone();
    } catch (error) {
      if (choice.handleError(error)) return;
      if (error instanceof ApiError && error.code === 'plan_inactive') {
        form.setError('planId', { type: 'server', message: error.message });
        return;
      }
      reportError(error, {
        title: 'Failed to sell plan',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: FIELDS },
        formToast: false,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !sell.isPending}
      idPrefix="sell"
      className="space-y-4"
      aria-label="Sell Plan"
    >
      <SelectField
        control={form.control}
        name="planId"
        label="Plan*"
        placeholder={
          plans.isPending ? 'Loading...' : plans.data?.length ? 'Choose a plan' : 'No active plans'
        }
        options={(plans.data ?? []).map((plan) => planOption(plan, money))}
      />
      <DateField
        control={form.control}
        name="startDate"
        label="Start Date"
        description="Empty: today"
      />
      {plan?.credits ? (
        <SwitchField
          control={form.control}
          name="sharedWithHousehold"
          label="Share credits with household"
          description="Any member of this member's household may book with its credits."
          variant="checkbox"
        />
      ) : null}
      <PaymentChoiceFields form={paymentForm} choice={choice} plan={plan} />
      <EditorDialogFooter
        onCancel={onDone}
        pending={sell.isPending}
        submitLabel={sell.isPending ? 'Charging...' : 'Sell Plan'}
      />
    </Form>
  );
}
