import { zodResolver } from '@hookform/resolvers/zod';
import type { PlanChangePreview } from '@fitbase/domain/contracts/plan-change';
import type { Membership } from '@fitbase/domain/contracts/plans';
import { PLAN_CHANGE_WHEN } from '@fitbase/domain/money-constants';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { useMemberCards } from '@/entities/members/api/list-member-cards';
import { useMoney, useStudioDates } from '@/hooks/use-studio-format';
import { failureMessage } from '@/lib/form-errors';
import { reportError, reportProblem } from '@/lib/report-error';
import { ApiError } from '@/lib/api/api-error';
import { useChangePlan } from '../api/change-plan';
import { useSellablePlans } from '../api/list-sellable-plans';
import { usePlanChangePreview } from '../api/preview-plan-change';
import { cardLabel } from '../lib/money-format';

const schema = z.object({
  planId: z.string().min(1, 'Choose a plan'),
  when: z.enum(PLAN_CHANGE_WHEN),
  method: z.enum(['card', 'cash', 'other']),
  paymentMethodId: z.string(),
});
type Values = z.input<typeof schema>;

const METHOD_OPTIONS = [
  { value: 'card', label: 'Card on file' },
  { value: 'cash', label: 'Cash' },
  { value: 'other', label: 'Other' },
];

interface ChangePlanDialogProps {
  memberId: string;
  membership: Membership | undefined;
  onOpenChange: (open: boolean) => void;
}

/**
 * Change Plan (docs/product/money-and-store.md#changing-plan): another recurring plan from today
 * (the unused days refunded, the new plan charged now) or from the next billing date, with the
 * amounts shown before confirming; the server refuses a change whose amounts differ.
 */
export function ChangePlanDialog({ membership, onOpenChange, memberId }: ChangePlanDialogProps) {
  return (
    <Dialog open={Boolean(membership)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Change Plan</DialogTitle>
          <DialogDescription>
            {membership ? `${membership.plan.name}: ` : ''}move the member to another plan from
            today or from the next billing date.
          </DialogDescription>
        </DialogHeader>
        {membership ? (
          <ChangePlanForm
            memberId={memberId}
            membership={membership}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangePlanForm({
  memberId,
  membership,
  onDone,
}: {
  memberId: string;
  membership: Membership;
  onDone: () => void;
}) {
  const dates = useStudioDates();
  const plans = useSellablePlans();
  const cards = useMemberCards(memberId);
  const change = useChangePlan(memberId);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { planId: '', when: 'today', method: 'card', paymentMethodId: '' },
  });
  const [planId, when, method] = form.watch(['planId', 'when', 'method']);
  const preview = usePlanChangePreview(membership.id, planId, when);
  const choices = (plans.data ?? []).filter(
    (p) => p.kind === 'membership' && p.billingInterval && p.id !== membership.plan.id,
  );
  const defaultCard = cards.data?.find((c) => c.isDefault) ?? cards.data?.[0];
  const next = membership.nextBillingDate;

  const onSubmit = async (values: Values) => {
    if (!preview.data) return;
    const cardId = values.paymentMethodId || defaultCard?.id;
    if (values.when === 'today' && values.method === 'card' && !cardId) {
      form.setError('paymentMethodId', {
        type: 'manual',
        message: 'No card on file: add one, or take cash or other',
      });
      return;
    }
    try {
      await change.mutateAsync({
        id: membership.id,
        change: {
          planId: values.planId,
          when: values.when,
          ...(values.when === 'today'
            ? {
                method: values.method,
                paymentMethodId: values.method === 'card' ? cardId : undefined,
              }
            : {}),
          expectedCredit: preview.data.credit,
          expectedCharge: preview.data.charge,
        },
      });
      toast.success('Plan changed', { description: preview.data.toPlan.name });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && ['card_declined', 'insufficient_funds'].includes(error.code))
        return reportProblem('Payment declined', error.message);
      if (error instanceof ApiError && error.code === 'conflict') {
        void preview.refetch();
        return reportProblem('Amounts changed', error.message);
      }
      reportError(error, {
        title: 'Failed to change plan',
        fallback: 'Please try again',
        form: { setError: form.setError, fields: ['planId', 'method', 'paymentMethodId'] },
        formToast: false,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !change.isPending && Boolean(preview.data)}
      idPrefix="change-plan"
      className="space-y-4"
      aria-label="Change Plan"
    >
      <SelectField
        control={form.control}
        name="planId"
        label="New plan*"
        placeholder={plans.isSuccess && choices.length === 0 ? 'No other plan on sale' : 'Choose'}
        options={choices.map((p) => ({ value: p.id, label: p.name }))}
      />
      <SelectField
        control={form.control}
        name="when"
        label="Starts*"
        options={[
          { value: 'today', label: 'Today: unused days refunded' },
          {
            value: 'next_cycle',
            label: next
              ? `On the next billing date (${dates.day(next)})`
              : 'On the next billing date',
          },
        ]}
      />
      {when === 'today' ? (
        <>
          <SelectField
            control={form.control}
            name="method"
            label="Payment*"
            options={METHOD_OPTIONS}
          />
          {method === 'card' ? (
            <SelectField
              control={form.control}
              name="paymentMethodId"
              label="Card"
              placeholder={
                cards.isSuccess && cards.data.length === 0
                  ? 'No cards on file'
                  : defaultCard
                    ? cardLabel(defaultCard)
                    : undefined
              }
              options={(cards.data ?? []).map((c) => ({ value: c.id, label: cardLabel(c) }))}
            />
          ) : null}
        </>
      ) : null}
      {preview.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(preview.error, 'The amounts could not be worked out')}
        </p>
      ) : null}
      {preview.data ? <Amounts preview={preview.data} /> : null}
      <EditorDialogFooter
        onCancel={onDone}
        pending={change.isPending}
        submitLabel={change.isPending ? 'Changing...' : 'Change Plan'}
        submitDisabled={!preview.data}
      />
    </Form>
  );
}

/** The figures the server will use, as it computed them. */
function Amounts({ preview }: { preview: PlanChangePreview }) {
  const money = useMoney();
  const dates = useStudioDates();
  if (preview.when === 'next_cycle')
    return (
      <dl className="space-y-1 rounded-md border p-3 text-sm" aria-label="Plan change amounts">
        <div className="flex justify-between">
          <dt>{preview.fromPlan.name} ends</dt>
          <dd>the day before {dates.day(preview.startsOn)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>
            {preview.toPlan.name} from {dates.day(preview.startsOn)}
          </dt>
          <dd>{money(preview.charge)}</dd>
        </div>
        <div className="flex justify-between border-t pt-1 font-semibold">
          <dt>Due today</dt>
          <dd>{money('0.00')}</dd>
        </div>
      </dl>
    );
  const refund = preview.net.startsWith('-');
  return (
    <dl className="space-y-1 rounded-md border p-3 text-sm" aria-label="Plan change amounts">
      <div className="flex justify-between gap-4">
        <dt>
          Unused {preview.unusedDays} of {preview.periodDays} days of {preview.fromPlan.name},
          refunded
        </dt>
        <dd>-{money(preview.credit)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>{preview.toPlan.name} from today</dt>
        <dd>{money(preview.charge)}</dd>
      </div>
      <div className="flex justify-between border-t pt-1 font-semibold">
        <dt>{refund ? 'Back to the member today' : 'Due today'}</dt>
        <dd>{money(refund ? preview.net.slice(1) : preview.net)}</dd>
      </div>
    </dl>
  );
}
