import type { UseFormReturn } from 'react-hook-form';
import { Separator } from '@/components/ui/separator';
import { TextField } from '../form/form-fields';
import type { WizardOutput, WizardValues } from './wizard-form';

export function AddressStep({
  form,
}: {
  form: UseFormReturn<WizardValues, unknown, WizardOutput>;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <div className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">Address</legend>
        <TextField
          id="address-line-1"
          label="Address Line 1"
          className="sm:col-span-2"
          registration={register('addressLine1')}
          error={errors.addressLine1?.message}
        />
        <TextField
          id="address-line-2"
          label="Address Line 2"
          className="sm:col-span-2"
          registration={register('addressLine2')}
          error={errors.addressLine2?.message}
        />
        <TextField
          id="city"
          label="City"
          registration={register('city')}
          error={errors.city?.message}
        />
        <TextField
          id="state"
          label="State"
          registration={register('state')}
          error={errors.state?.message}
        />
        <TextField
          id="postal-code"
          label="Postal Code"
          registration={register('postalCode')}
          error={errors.postalCode?.message}
        />
        <TextField
          id="country"
          label="Country"
          registration={register('country')}
          error={errors.country?.message}
        />
      </fieldset>
      <Separator />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">Emergency Contact</legend>
        <TextField
          id="emergency-name"
          label="Emergency Contact Name"
          registration={register('emergencyContactName')}
          error={errors.emergencyContactName?.message}
        />
        <TextField
          id="emergency-phone"
          label="Emergency Contact Phone"
          type="tel"
          registration={register('emergencyContactPhone')}
          error={errors.emergencyContactPhone?.message}
        />
        <TextField
          id="emergency-relationship"
          label="Relationship"
          placeholder="e.g. Spouse, Parent"
          registration={register('emergencyContactRelationship')}
          error={errors.emergencyContactRelationship?.message}
        />
      </fieldset>
    </div>
  );
}
