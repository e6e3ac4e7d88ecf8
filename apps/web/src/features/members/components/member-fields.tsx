import { EARLIEST_DATE_OF_BIRTH, type MemberInput } from '@fitbase/domain/contracts/members';
import type { Control } from 'react-hook-form';
import { DateField } from '@/components/form/date-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { EXPERIENCE_OPTIONS, GENDER_OPTIONS, WORKOUT_TIME_OPTIONS } from './add-member/wizard-form';
import { todayIso } from './member-format';

/**
 * The member fields the add-member wizard and the edit dialog share, laid out once. Both
 * forms' values contain these keys; the caller narrows its control to them.
 */
export type MemberFieldValues = Pick<
  MemberInput,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'dateOfBirth'
  | 'gender'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
  | 'emergencyContactRelationship'
  | 'preferredWorkoutTimes'
  | 'experienceLevel'
  | 'fitnessGoals'
  | 'medicalConditions'
  | 'allergies'
  | 'referralSource'
  | 'notes'
  | 'marketingConsent'
>;
export type MemberControl = Control<MemberFieldValues, unknown, unknown>;

/**
 * A member without an email must be in a household, whose payer books for them and gets their
 * mail (docs/product/members.md#households): `emailOptional` says so where that is possible.
 */
export const EMAIL_OPTIONAL_HINT =
  'Leave empty for a child without an email: the household payer books for them and gets their email.';

export function PersonalFields({
  control,
  emailOptional = false,
}: {
  control: MemberControl;
  emailOptional?: boolean;
}) {
  return (
    <>
      <TextField control={control} name="firstName" label="First Name *" autoComplete="off" />
      <TextField control={control} name="lastName" label="Last Name *" autoComplete="off" />
      <TextField
        control={control}
        name="email"
        label={emailOptional ? 'Email' : 'Email *'}
        type="email"
        autoComplete="off"
        description={emailOptional ? EMAIL_OPTIONAL_HINT : undefined}
      />
      <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="off" />
      <DateField
        control={control}
        name="dateOfBirth"
        label="Date of Birth"
        min={EARLIEST_DATE_OF_BIRTH}
        max={todayIso()}
      />
      <SelectField
        control={control}
        name="gender"
        label="Gender"
        placeholder="Select gender"
        options={GENDER_OPTIONS}
      />
    </>
  );
}

export function AddressFields({ control }: { control: MemberControl }) {
  return (
    <>
      <TextField
        control={control}
        name="addressLine1"
        label="Address Line 1"
        className="sm:col-span-2"
      />
      <TextField
        control={control}
        name="addressLine2"
        label="Address Line 2"
        className="sm:col-span-2"
      />
      <TextField control={control} name="city" label="City" />
      <TextField control={control} name="state" label="State" />
      <TextField control={control} name="postalCode" label="Postal Code" />
      <TextField control={control} name="country" label="Country" />
    </>
  );
}

export function EmergencyContactFields({ control }: { control: MemberControl }) {
  return (
    <>
      <TextField control={control} name="emergencyContactName" label="Emergency Contact Name" />
      <TextField
        control={control}
        name="emergencyContactPhone"
        label="Emergency Contact Phone"
        type="tel"
      />
      <TextField
        control={control}
        name="emergencyContactRelationship"
        label="Relationship"
        placeholder="e.g. Spouse, Parent"
      />
    </>
  );
}

export function TrainingFields({ control }: { control: MemberControl }) {
  return (
    <>
      <SelectField
        control={control}
        name="preferredWorkoutTimes"
        label="Preferred Workout Time"
        placeholder="Select workout time"
        options={WORKOUT_TIME_OPTIONS}
      />
      <SelectField
        control={control}
        name="experienceLevel"
        label="Experience Level"
        placeholder="Select experience level"
        options={EXPERIENCE_OPTIONS}
      />
    </>
  );
}

export function GoalsField({ control }: { control: MemberControl }) {
  return (
    <TextareaField
      control={control}
      name="fitnessGoals"
      label="Workout Goals"
      className="sm:col-span-2"
    />
  );
}

/** Marketing is sent only with consent (docs/product/connect-and-messaging.md); off by default. */
export function MarketingConsentField({ control }: { control: MemberControl }) {
  return (
    <SwitchField
      control={control}
      name="marketingConsent"
      label="Agrees to receive marketing email (news, offers)"
      variant="checkbox"
      className="sm:col-span-2"
    />
  );
}

export function ReferralField({ control }: { control: MemberControl }) {
  return (
    <TextField
      control={control}
      name="referralSource"
      label="Referral Source"
      placeholder="How did they hear about us?"
    />
  );
}

export function HealthFields({ control }: { control: MemberControl }) {
  return (
    <>
      <TextareaField control={control} name="medicalConditions" label="Medical Conditions" />
      <TextareaField control={control} name="allergies" label="Allergies" />
      <TextareaField control={control} name="notes" label="Notes" className="sm:col-span-2" />
    </>
  );
}
