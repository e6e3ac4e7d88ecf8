import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import type { ServiceOption } from '../../api/list-active-services';
import { SelectField, TextAreaField, TextField } from '../form/form-fields';
import {
  EXPERIENCE_OPTIONS,
  WORKOUT_TIME_OPTIONS,
  type WizardOutput,
  type WizardValues,
} from './wizard-form';

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
}: {
  form: UseFormReturn<WizardValues, unknown, WizardOutput>;
  services: ServiceOption[];
  servicesLoading: boolean;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="membership-type"
          label="Membership Type"
          placeholder={
            servicesLoading
              ? 'Loading...'
              : services.length
                ? 'Select membership type'
                : 'No active services'
          }
          options={services.map((service) => ({ value: service.name, label: service.name }))}
          registration={register('membershipType')}
          error={errors.membershipType?.message}
        />
        <SelectField
          id="workout-time"
          label="Preferred Workout Time"
          placeholder="Select workout time"
          options={WORKOUT_TIME_OPTIONS}
          registration={register('preferredWorkoutTimes')}
          error={errors.preferredWorkoutTimes?.message}
        />
        <SelectField
          id="experience-level"
          label="Experience Level"
          placeholder="Select experience level"
          options={EXPERIENCE_OPTIONS}
          registration={register('experienceLevel')}
          error={errors.experienceLevel?.message}
        />
        <TextField
          id="referral-source"
          label="Referral Source"
          placeholder="How did they hear about us?"
          registration={register('referralSource')}
          error={errors.referralSource?.message}
        />
        <ClassInterests form={form} services={services} />
        <TextAreaField
          id="fitness-goals"
          label="Workout Goals"
          className="sm:col-span-2"
          registration={register('fitnessGoals')}
          error={errors.fitnessGoals?.message}
        />
      </div>
      <Separator />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">Health & Safety</legend>
        <TextAreaField
          id="medical-conditions"
          label="Medical Conditions"
          registration={register('medicalConditions')}
          error={errors.medicalConditions?.message}
        />
        <TextAreaField
          id="allergies"
          label="Allergies"
          registration={register('allergies')}
          error={errors.allergies?.message}
        />
        <TextAreaField
          id="notes"
          label="Notes"
          className="sm:col-span-2"
          registration={register('notes')}
          error={errors.notes?.message}
        />
      </fieldset>
    </div>
  );
}
