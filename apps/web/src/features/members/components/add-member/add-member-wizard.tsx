import { useStudioId } from '@/hooks/use-studio-id';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Lead } from '@fitbase/domain/contracts/leads';
import { memberInputSchema } from '@fitbase/domain/contracts/members';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/form/form';
import { ApiError } from '@/lib/api/api-error';
import { clearFormDraft, readFormDraft, useFormDraft } from '@/lib/form-draft';
import { formSuccess } from '@/lib/form-feedback';
import { useMe } from '@/lib/session';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCreateMember } from '../../api/create-member';
import { useConvertLead } from '../../api/lead-conversion';
import { useActivePlans } from '../../api/list-active-plans';
import { useActiveServices } from '../../api/list-active-services';
import { AddressStep } from './address-step';
import { valuesFromLead } from './lead-prefill';
import type { MemberControl } from '../member-fields';
import { MembershipStep } from './membership-step';
import { PersonalInfoStep } from './personal-info-step';
import {
  WIZARD_DEFAULTS,
  WIZARD_STEPS,
  withoutEmptyPlan,
  type WizardOutput,
  type WizardValues,
} from './wizard-form';
import { WizardProgress } from './wizard-progress';

const LAST_STEP = WIZARD_STEPS.length - 1;
// The server keys a plan sale's errors by 'plan.planId' / 'plan.method'.
const ALL_FIELDS: string[] = [
  ...WIZARD_STEPS.flatMap((step) => [...step.fields]),
  'plan.planId',
  'plan.method',
];
/** What was typed survives a reload of the tab; cleared on success or when leaving the page. */
const DRAFT_KEY = 'fitbase:add-member-draft';

const memberResolver = zodResolver(memberInputSchema);
/** The household the member joins is part of what is checked: without one, an email is required. */
const resolverFor =
  (householdId: string | undefined): Resolver<WizardValues, unknown, WizardOutput> =>
  (values, context, options) =>
    memberResolver({ ...withoutEmptyPlan(values), householdId }, context, options);

function stepOf(field: string): number {
  const top = field.split('.')[0]!;
  const index = WIZARD_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(top));
  return index === -1 ? 0 : index;
}

function firstStepWithError(errors: FieldErrors<WizardValues>): number {
  const steps = Object.keys(errors).map(stepOf);
  return steps.length ? Math.min(...steps) : LAST_STEP;
}

/** docs/product/members.md#add-member-wizard: three steps, submission only on the last one. */
export function AddMemberWizard({
  lead,
  household,
}: {
  /** Converting a lead: the wizard starts from its details and converts it on success. */
  lead?: Lead;
  /**
   * `Add a child` on a household: the new member joins it, and may have no email
   * (docs/product/members.md#households).
   */
  household?: { id: string; name: string };
}) {
  const organizationId = useStudioId();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const [step, setStep] = useState(0);
  const services = useActiveServices();
  const plans = useActivePlans();
  const createMember = useCreateMember();
  const convertLead = useConvertLead();
  const resolver = useMemo(() => resolverFor(household?.id), [household?.id]);
  const form = useForm<WizardValues, unknown, WizardOutput>({
    resolver,
    defaultValues: lead ? valuesFromLead(lead) : readFormDraft(DRAFT_KEY, WIZARD_DEFAULTS),
    mode: 'onTouched',
  });
  useFormDraft(form, DRAFT_KEY);
  // Leaving the page (Back to Members, another screen) abandons the draft; a reload keeps it.
  useEffect(() => () => clearFormDraft(DRAFT_KEY), []);
  const [firstName, lastName, email] = form.watch(['firstName', 'lastName', 'email']);
  const personalInfoFilled = Boolean(
    firstName?.trim() && lastName?.trim() && (email?.trim() || household),
  );

  const next = async () => {
    if (step === 0 && !personalInfoFilled) return;
    if (await form.trigger([...WIZARD_STEPS[step]!.fields]))
      setStep((current) => Math.min(current + 1, LAST_STEP));
  };

  const create = async (values: WizardOutput) => {
    if (!me) {
      reportProblem('Error', 'Please sign in to add members', { formToast: true });
      void navigate('/auth');
      return;
    }
    if (!organizationId) {
      reportProblem('Error', 'No organization selected', { formToast: true });
      void navigate('/setup');
      return;
    }
    try {
      const member = await createMember.mutateAsync(values);
      clearFormDraft(DRAFT_KEY);
      if (lead) {
        // The member exists either way: a failed link is reported, not a failed member.
        await convertLead
          .mutateAsync({ leadId: lead.id, memberId: member.id })
          .catch((error: unknown) =>
            reportError(error, {
              title: 'Lead not converted',
              fallback: 'Failed to convert the lead',
              formToast: true,
            }),
          );
      }
      formSuccess(
        'Success!',
        values.plan
          ? 'Member added and plan sold - redirecting to their dashboard'
          : 'Member added successfully - redirecting to their dashboard',
      );
      void navigate(`/member/${member.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthorized') {
        reportProblem('Error', 'Please sign in to add members', { formToast: true });
        void navigate('/auth');
        return;
      }
      if (error instanceof ApiError && error.code === 'no_organization') {
        reportProblem('Error', 'No organization selected', { formToast: true });
        void navigate('/setup');
        return;
      }
      if (error instanceof ApiError && error.code === 'plan_inactive') {
        form.setError('plan.planId', { type: 'server', message: error.message });
        setStep(stepOf('plan'));
        reportProblem('Failed to add member', error.message, { formToast: true });
        return;
      }
      // A duplicate email comes back keyed to `email`: the wizard returns to step 1, where it is.
      const fields = reportError(error, {
        title: 'Failed to add member',
        fallback: 'Failed to add member',
        form: { setError: form.setError, fields: ALL_FIELDS },
      });
      if (fields.length > 0) setStep(Math.min(...fields.map(stepOf)));
    }
  };

  // The shared member fields see only the keys they render.
  const memberControl = form.control as unknown as MemberControl;
  const { title } = WIZARD_STEPS[step]!;
  return (
    <Form
      form={form}
      onSubmit={create}
      onInvalid={(errors) => setStep(firstStepWithError(errors))}
      // Enter in a field of an earlier step does nothing (docs/product/members.md).
      canSubmit={() => step === LAST_STEP}
      idPrefix="member"
      schema={memberInputSchema}
      className="space-y-6"
    >
      <WizardProgress step={step} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{title}</h2>
          </CardTitle>
          <CardDescription>
            Step {step + 1} of {WIZARD_STEPS.length}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {step === 0 && household ? (
            <p className="mb-4 text-sm text-muted-foreground">
              Joining the household <span className="font-medium">{household.name}</span>.
            </p>
          ) : null}
          {step === 0 ? (
            <PersonalInfoStep control={memberControl} emailOptional={Boolean(household)} />
          ) : null}
          {step === 1 ? <AddressStep control={memberControl} /> : null}
          {step === 2 ? (
            <MembershipStep
              form={form}
              services={services.data ?? []}
              servicesLoading={services.isPending && Boolean(organizationId)}
              plans={plans.data ?? []}
              plansLoading={plans.isPending && Boolean(organizationId)}
            />
          ) : null}
        </CardContent>
      </Card>
      <div className="flex justify-between gap-2">
        <Button
          variant="outline"
          disabled={step === 0 || createMember.isPending}
          onClick={() => setStep((s) => Math.max(0, s - 1))}
        >
          Previous
        </Button>
        {/* Distinct keys: the Next button is never reused as the submit button mid-click. */}
        {step < LAST_STEP ? (
          <Button
            key="next"
            disabled={step === 0 && !personalInfoFilled}
            onClick={() => void next()}
          >
            Next
          </Button>
        ) : (
          <Button key="submit" type="submit" disabled={createMember.isPending}>
            {createMember.isPending ? 'Creating Member Dashboard...' : 'Create Member Dashboard'}
          </Button>
        )}
      </div>
    </Form>
  );
}
