import { MEMBERSHIP_STATUSES } from '@fitbase/domain/constants';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  EXPERIENCE_OPTIONS,
  GENDER_OPTIONS,
  WORKOUT_TIME_OPTIONS,
} from '../add-member/wizard-form';
import { BirthDateField } from '../form/birth-date-field';
import { SelectField, TextAreaField, TextField } from '../form/form-fields';
import { STATUS_LABELS } from '../member-format';
import type { EditOutput, EditValues } from './edit-member-form';

type EditForm = UseFormReturn<EditValues, unknown, EditOutput>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-medium">{title}</legend>
      {children}
    </fieldset>
  );
}

const STATUS_OPTIONS = MEMBERSHIP_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

export function EditPersonalFields({ form }: { form: EditForm }) {
  const { register, formState, watch, setValue } = form;
  const errors = formState.errors;
  return (
    <Section title="Personal Info">
      <TextField
        id="edit-first-name"
        label="First Name *"
        registration={register('firstName')}
        error={errors.firstName?.message}
      />
      <TextField
        id="edit-last-name"
        label="Last Name *"
        registration={register('lastName')}
        error={errors.lastName?.message}
      />
      <TextField
        id="edit-email"
        label="Email *"
        type="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="edit-phone"
        label="Phone"
        type="tel"
        registration={register('phone')}
        error={errors.phone?.message}
      />
      <BirthDateField
        id="edit-date-of-birth"
        label="Date of Birth"
        value={watch('dateOfBirth')}
        error={errors.dateOfBirth?.message}
        onChange={(value) => setValue('dateOfBirth', value, { shouldDirty: true })}
      />
      <SelectField
        id="edit-gender"
        label="Gender"
        placeholder="Select gender"
        options={GENDER_OPTIONS}
        registration={register('gender')}
        error={errors.gender?.message}
      />
    </Section>
  );
}

export function EditMembershipFields({
  form,
  membershipTypes,
}: {
  form: EditForm;
  membershipTypes: string[];
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Section title="Membership">
      <SelectField
        id="edit-membership-type"
        label="Membership Type"
        placeholder="Not specified"
        options={membershipTypes.map((type) => ({ value: type, label: type }))}
        registration={register('membershipType')}
        error={errors.membershipType?.message}
      />
      <SelectField
        id="edit-membership-status"
        label="Membership Status"
        options={STATUS_OPTIONS}
        registration={register('membershipStatus')}
        error={errors.membershipStatus?.message}
      />
      <TextField
        id="edit-start-date"
        label="Start Date"
        type="date"
        registration={register('membershipStartDate')}
        error={errors.membershipStartDate?.message}
      />
      <TextField
        id="edit-end-date"
        label="End Date"
        type="date"
        registration={register('membershipEndDate')}
        error={errors.membershipEndDate?.message}
      />
      <SelectField
        id="edit-workout-time"
        label="Preferred Workout Time"
        placeholder="Select workout time"
        options={WORKOUT_TIME_OPTIONS}
        registration={register('preferredWorkoutTimes')}
        error={errors.preferredWorkoutTimes?.message}
      />
      <SelectField
        id="edit-experience"
        label="Experience Level"
        placeholder="Select experience level"
        options={EXPERIENCE_OPTIONS}
        registration={register('experienceLevel')}
        error={errors.experienceLevel?.message}
      />
      <TextAreaField
        id="edit-goals"
        label="Workout Goals"
        className="sm:col-span-2"
        registration={register('fitnessGoals')}
        error={errors.fitnessGoals?.message}
      />
    </Section>
  );
}

export function EditAddressFields({ form }: { form: EditForm }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Section title="Address & Emergency">
      <TextField
        id="edit-address-1"
        label="Address Line 1"
        className="sm:col-span-2"
        registration={register('addressLine1')}
        error={errors.addressLine1?.message}
      />
      <TextField
        id="edit-address-2"
        label="Address Line 2"
        className="sm:col-span-2"
        registration={register('addressLine2')}
        error={errors.addressLine2?.message}
      />
      <TextField
        id="edit-city"
        label="City"
        registration={register('city')}
        error={errors.city?.message}
      />
      <TextField
        id="edit-state"
        label="State"
        registration={register('state')}
        error={errors.state?.message}
      />
      <TextField
        id="edit-postal-code"
        label="Postal Code"
        registration={register('postalCode')}
        error={errors.postalCode?.message}
      />
      <TextField
        id="edit-country"
        label="Country"
        registration={register('country')}
        error={errors.country?.message}
      />
      <TextField
        id="edit-emergency-name"
        label="Emergency Contact Name"
        registration={register('emergencyContactName')}
        error={errors.emergencyContactName?.message}
      />
      <TextField
        id="edit-emergency-phone"
        label="Emergency Contact Phone"
        type="tel"
        registration={register('emergencyContactPhone')}
        error={errors.emergencyContactPhone?.message}
      />
      <TextField
        id="edit-emergency-relationship"
        label="Relationship"
        registration={register('emergencyContactRelationship')}
        error={errors.emergencyContactRelationship?.message}
      />
    </Section>
  );
}

export function EditHealthFields({ form }: { form: EditForm }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Section title="Health & Notes">
      <TextAreaField
        id="edit-medical"
        label="Medical Conditions"
        registration={register('medicalConditions')}
        error={errors.medicalConditions?.message}
      />
      <TextAreaField
        id="edit-allergies"
        label="Allergies"
        registration={register('allergies')}
        error={errors.allergies?.message}
      />
      <TextField
        id="edit-referral"
        label="Referral Source"
        registration={register('referralSource')}
        error={errors.referralSource?.message}
      />
      <TextAreaField
        id="edit-notes"
        label="Notes"
        className="sm:col-span-2"
        registration={register('notes')}
        error={errors.notes?.message}
      />
    </Section>
  );
}
