import { zodResolver } from '@hookform/resolvers/zod';
import {
  createInvitationSchema,
  DEMO_EMAIL_REQUIRED,
  type CreateInvitationInput,
} from '@fitbase/domain/contracts/owner-portal';
import { formatDollars } from '@fitbase/domain/savings';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PickerField } from '@/components/form/picker-field';
import { SwitchField } from '@/components/form/switch-field';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/api-error';
import { formSuccess } from '@/lib/form-feedback';
import { useMe } from '@/lib/session';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCreateInvitation } from '../api/create-invitation';
import { usePlans } from '../api/list-platform-plans';

type InviteOutput = z.output<typeof createInvitationSchema>;
const FIELDS = ['email', 'planId', 'demoMode', 'demoEmail'];
const EMPTY: CreateInvitationInput = { email: '', planId: null, demoMode: false, demoEmail: '' };

/** Invite Users (docs/product/owner-portal.md): an email, optionally a plan, optionally demo mode. */
export function InviteForm() {
  const { data: me } = useMe();
  const plans = usePlans();
  const create = useCreateInvitation();
  const form = useForm<CreateInvitationInput, unknown, InviteOutput>({
    resolver: zodResolver(createInvitationSchema),
    defaultValues: EMPTY,
  });
  const [email, demoMode] = form.watch(['email', 'demoMode']);
  const planOptions = (plans.data ?? [])
    .filter((plan) => plan.isActive)
    .map((plan) => ({
      value: plan.id,
      label: `${plan.name} - ${formatDollars(plan.priceMonthly)}/month`,
    }));

  const onSubmit = async (invitation: InviteOutput) => {
    if (!me) return reportProblem('Error', 'Sign in required', { formToast: true });
    try {
      const result = await create.mutateAsync(invitation);
      if (!result.emailSent) {
        reportProblem(
          'Email Error',
          'Invitation was created but email failed to send. You can copy the link manually.',
          { formToast: true },
        );
      } else if (invitation.demoMode) {
        formSuccess(
          'Success',
          `Demo invitation sent to ${result.sentTo} (for ${invitation.email})`,
        );
      } else {
        formSuccess('Success', `Invitation sent successfully to ${invitation.email}`);
      }
      form.reset({ ...form.getValues(), email: '', planId: null });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthorized')
        return reportProblem('Error', 'Sign in required', { formToast: true });
      reportError(error, {
        message: 'Failed to send invitation',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={() => {
        const values = form.getValues();
        // The spec's own toast for demo mode without its address; the fields say the rest.
        if (values.demoMode && !values.demoEmail?.trim())
          reportProblem('Demo Email Required', DEMO_EMAIL_REQUIRED, { formToast: true });
      }}
      idPrefix="invite"
      schema={createInvitationSchema}
      className="max-w-lg space-y-4"
    >
      <SwitchField control={form.control} name="demoMode" id="demo-mode" label="Demo Mode" />
      {demoMode ? (
        <TextField
          control={form.control}
          name="demoEmail"
          id="demo-email"
          type="email"
          label="Demo Email"
          placeholder="your-email@example.com"
          description="The invitation email goes to this address instead of the recipient."
        />
      ) : null}
      <TextField
        control={form.control}
        name="email"
        id="invite-email"
        type="email"
        label="Recipient Email"
        required
        placeholder="user@example.com"
      />
      <PickerField
        control={form.control}
        name="planId"
        id="invite-plan"
        label="Plan (optional)"
        emptyOption="No specific plan"
        options={planOptions}
      />
      <Button type="submit" disabled={create.isPending || !email.trim()}>
        {create.isPending ? 'Sending...' : 'Send Invitation Email'}
      </Button>
    </Form>
  );
}
