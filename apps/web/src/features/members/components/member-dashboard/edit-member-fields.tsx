import { MEMBERSHIP_STATUSES } from '@fitbase/domain/constants';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DateField } from '@/components/form/date-field';
import { SelectField } from '@/components/form/select-field';
import { STATUS_LABELS } from '../member-format';
import {
  AddressFields,
  EmergencyContactFields,
  GoalsField,
  HealthFields,
  MarketingConsentField,
  PersonalFields,
  ReferralField,
  TrainingFields,
  type MemberControl,
} from '../member-fields';
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

/** The shared member fields see only the keys they render. */
const shared = (form: EditForm) => form.control as unknown as MemberControl;

export function EditPersonalFields({ form }: { form: EditForm }) {
  return (
    <Section title="Personal Info">
      {/* The server allows it only for a household member who is not its payer. */}
      <PersonalFields control={shared(form)} emailOptional />
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
  return (
    <Section title="Membership">
      <SelectField
        control={form.control}
        name="membershipType"
        label="Membership Type"
        placeholder="Not specified"
        options={membershipTypes.map((type) => ({ value: type, label: type }))}
      />
      <SelectField
        control={form.control}
        name="membershipStatus"
        label="Membership Status"
        options={STATUS_OPTIONS}
      />
      <DateField control={form.control} name="membershipStartDate" label="Start Date" />
      <DateField control={form.control} name="membershipEndDate" label="End Date" />
      <TrainingFields control={shared(form)} />
      <GoalsField control={shared(form)} />
    </Section>
  );
}

export function EditAddressFields({ form }: { form: EditForm }) {
  return (
    <Section title="Address & Emergency">
      <AddressFields control={shared(form)} />
      <EmergencyContactFields control={shared(form)} />
    </Section>
  );
}

export function EditHealthFields({ form }: { form: EditForm }) {
  return (
    <Section title="Health & Notes">
      <HealthFields control={shared(form)} />
      <ReferralField control={shared(form)} />
      <MarketingConsentField control={shared(form)} />
    </Section>
  );
}
