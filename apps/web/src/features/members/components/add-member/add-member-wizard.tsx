import { zodResolver } from '@hookform/resolvers/zod';
import { memberInputSchema } from '@fitbase/domain/contracts/members';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { useCreateMember } from '../../api/create-member';
import { useActiveServices } from '../../api/list-active-services';
import { AddressStep } from './address-step';
import { MembershipStep } from './membership-step';
import { PersonalInfoStep } from './personal-info-step';
import { WIZARD_DEFAULTS, WIZARD_STEPS, type WizardOutput, type WizardValues } from './wizard-form';
import { WizardProgress } from './wizard-progress';

const LAST_STEP = WIZARD_STEPS.length - 1;

function stepOf(field: string): number {
  const index = WIZARD_STEPS.findIndex((step) =>
    (step.fields as readonly string[]).includes(field),
  );
  return index === -1 ? 0 : index;
}

function firstStepWithError(errors: FieldErrors<WizardValues>): number {
  const steps = Object.keys(errors).map(stepOf);
  return steps.length ? Math.min(...steps) : LAST_STEP;
}

/** Doc 2 §2 'Add member wizard': three steps, submission only on the last one. */
export function AddMemberWizard({ organizationId }: { organizationId: string | null }) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const [step, setStep] = useState(0);
  const services = useActiveServices(organizationId ?? '');
  const createMember = useCreateMember(organizationId ?? '');
  const form = useForm<WizardValues, unknown, WizardOutput>({
    resolver: zodResolver(memberInputSchema),
    defaultValues: WIZARD_DEFAULTS,
    mode: 'onTouched',
  });
  const [firstName, lastName, email] = form.watch(['firstName', 'lastName', 'email']);
  const personalInfoFilled = Boolean(firstName?.trim() && lastName?.trim() && email?.trim());

  const next = async () => {
    if (step === 0 && !personalInfoFilled) return;
    if (await form.trigger([...WIZARD_STEPS[step]!.fields]))
      setStep((current) => Math.min(current + 1, LAST_STEP));
  };

  const create = async (values: WizardOutput) => {
    if (!me) {
      toast.error('Error', { description: 'Please sign in to add members' });
      void navigate('/auth');
      return;
    }
    if (!organizationId) {
      toast.error('Error', { description: 'No organization selected' });
      void navigate('/setup');
      return;
    }
    try {
      const member = await createMember.mutateAsync(values);
      toast.success('Success!', {
        description: 'Member added successfully - redirecting to their dashboard',
      });
      void navigate(`/member/${member.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error('Error', { description: 'Please sign in to add members' });
        void navigate('/auth');
        return;
      }
      if (error instanceof ApiError && error.message.startsWith('No organization selected')) {
        toast.error('Error', { description: 'No organization selected' });
        void navigate('/setup');
        return;
      }
      if (error instanceof ApiError && error.status < 500) {
        const fields = Object.entries(error.fields ?? {});
        for (const [field, message] of fields)
          form.setError(field as Path<WizardValues>, { message });
        if (fields.length) setStep(Math.min(...fields.map(([field]) => stepOf(field))));
        toast.error('Failed to add member', { description: error.message });
        return;
      }
      toast.error('Error', { description: 'Failed to add member' });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a field of an earlier step does nothing (doc 2 §2).
    if (step !== LAST_STEP) return;
    void form.handleSubmit(create, (errors) => setStep(firstStepWithError(errors)))(event);
  };

  const { title } = WIZARD_STEPS[step]!;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
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
          {step === 0 ? <PersonalInfoStep form={form} /> : null}
          {step === 1 ? <AddressStep form={form} /> : null}
          {step === 2 ? (
            <MembershipStep
              form={form}
              services={services.data ?? []}
              servicesLoading={services.isPending && Boolean(organizationId)}
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
    </form>
  );
}
