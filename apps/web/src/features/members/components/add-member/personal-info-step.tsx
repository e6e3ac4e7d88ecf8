import type { UseFormReturn } from 'react-hook-form';
import { BirthDateField } from '../form/birth-date-field';
import { SelectField, TextField } from '../form/form-fields';
import { GENDER_OPTIONS, type WizardOutput, type WizardValues } from './wizard-form';

export function PersonalInfoStep({
  form,
}: {
  form: UseFormReturn<WizardValues, unknown, WizardOutput>;
}) {
  const { register, formState, watch, setValue } = form;
  const errors = formState.errors;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="first-name"
        label="First Name *"
        autoComplete="off"
        registration={register('firstName')}
        error={errors.firstName?.message}
      />
      <TextField
        id="last-name"
        label="Last Name *"
        autoComplete="off"
        registration={register('lastName')}
        error={errors.lastName?.message}
      />
      <TextField
        id="email"
        label="Email *"
        type="email"
        autoComplete="off"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="phone"
        label="Phone"
        type="tel"
        autoComplete="off"
        registration={register('phone')}
        error={errors.phone?.message}
      />
      <BirthDateField
        id="date-of-birth"
        label="Date of Birth"
        value={watch('dateOfBirth')}
        error={errors.dateOfBirth?.message}
        onChange={(value) =>
          setValue('dateOfBirth', value, {
            shouldDirty: true,
            shouldValidate: Boolean(errors.dateOfBirth),
          })
        }
      />
      <SelectField
        id="gender"
        label="Gender"
        placeholder="Select gender"
        options={GENDER_OPTIONS}
        registration={register('gender')}
        error={errors.gender?.message}
      />
    </div>
  );
}
