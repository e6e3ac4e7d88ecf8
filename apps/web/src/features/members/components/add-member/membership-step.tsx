import type { Plan } from '@fitbase/domain/contracts/plans';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import type { ServiceOption } from '../../api/list-active-services';
import { SelectField } from '@/components/form/select-field';
import {
  GoalsField,
  HealthFields,
  MarketingConsentField,
  ReferralField,
  TrainingFields,
  type MemberControl,
} from '../member-fields';
import { PlanPickFields } from './plan-pick-fields';
import type { WizardOutput, WizardValues } from './wizard-form';

function ClassInterests({
  form,
  services,
}: {
  form: UseFormReturn<WizardValues, unknown, WizardOutput>;
  services: ServiceOption[];
}) {
  return (
    <Controller
      control={form.control}
      name="classInterests"
      render={({ field }) => {
        const selected = field.value ?? [];
        return (
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium">Class Interests</legend>
            {services.length === 0 ? (
              <p className="text-sm text-muted-foreground">No active services yet.</p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                {services.map((service) => {
                  const id = `class-interest-${service.id}`;
                  return (
                    <div key={service.id} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={selected.includes(service.name)}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked === true
                              ? [...selected, service.name]
                              : selected.filter((name) => name !== service.name),
                          )
                        }
                      />
                      <Label htmlFor={id} className="font-normal">
                        {service.name}
                      </Label>
                    </div>
                  );
                })}
              </div>
            )}
          </fieldset>
        );
      }}
    />
  );
}

export function MembershipStep({
  form,
  services,
  servicesLoading,
  plans,
  plansLoading,
}: {
  form: UseFormReturn<WizardValues, unknown, WizardOutput>;
  services: ServiceOption[];
  servicesLoading: boolean;
  plans: Plan[];
  plansLoading: boolean;
}) {
  const control = form.control as unknown as MemberControl;
  const planPicked = Boolean(form.watch('plan.planId'));
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanPickFields form={form} plans={plans} loading={plansLoading} />
        {/* With a plan, the membership type is the plan's name (set by the server). */}
        {planPicked ? null : (
          <SelectField
            control={form.control}
            name="membershipType"
            label="Membership Type"
            placeholder={
              servicesLoading
                ? 'Loading...'
                : services.length
                  ? 'Select membership type'
                  : 'No active services'
            }
            options={services.map((service) => ({ value: service.name, label: service.name }))}
          />
        )}
        <TrainingFields control={control} />
        <ReferralField control={control} />
        <ClassInterests form={form} services={services} />
        <GoalsField control={control} />
        <MarketingConsentField control={control} />
      </div>
      <Separator />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">Health & Safety</legend>
        <HealthFields control={control} />
      </fieldset>
    </div>
  );
}
