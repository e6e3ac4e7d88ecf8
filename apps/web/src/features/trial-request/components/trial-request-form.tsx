import { BUSINESS_TYPES, CURRENT_MEMBER_RANGES } from '@fitbase/domain/constants';
import type { TrialRequestInput } from '@fitbase/domain/contracts/trial-requests';
import { useForm } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { Form } from '@/components/form/form';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { formSuccess } from '@/lib/form-feedback';
import { lazyZodResolver } from '@/lib/form-lazy-resolver';
import { reportError } from '@/lib/report-error';
import { useCreateTrialRequest } from '../api/create-trial-request';

export interface SubmittedTrialRequest {
  businessName: string;
  email: string;
}

type TrialValues = {
  [K in keyof Required<TrialRequestInput>]: string;
};

const EMPTY_VALUES: TrialValues = {
  businessName: '',
  contactName: '',
  email: '',
  phone: '',
  businessType: '',
  currentMembers: '',
  location: '',
  currentSoftware: '',
  challenges: '',
};
const FIELDS = Object.keys(EMPTY_VALUES);

// A public page: the schema and zod load when the form is first checked (see lazyZodResolver).
const resolver = lazyZodResolver<TrialValues, TrialRequestInput>(() =>
  import('@fitbase/domain/contracts/trial-requests').then(
    // The form's '' for "no member count" is the schema's null.
    (m) => m.trialRequestSchema as never,
  ),
);

const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((type) => ({
  value: type.value,
  label: type.label,
}));
const MEMBER_RANGE_OPTIONS = CURRENT_MEMBER_RANGES.map((range) => ({
  value: range,
  label: range,
}));

/** The limits of the trial request schema, repeated here so zod stays out of this chunk. */
const NAME_MAX = 200;

function Required() {
  return (
    <>
      {' '}
      <span className="text-destructive">*</span>
    </>
  );
}

export function TrialRequestForm({
  onSubmitted,
}: {
  onSubmitted: (request: SubmittedTrialRequest) => void;
}) {
  const createTrialRequest = useCreateTrialRequest();
  const form = useForm<TrialValues, unknown, TrialRequestInput>({
    resolver: (values, context, options) =>
      resolver(
        { ...values, currentMembers: values.currentMembers || null } as never,
        context,
        options,
      ),
    defaultValues: EMPTY_VALUES,
  });
  const { control } = form;
  const pending = createTrialRequest.isPending;

  const onSubmit = async (input: TrialRequestInput) => {
    try {
      await createTrialRequest.mutateAsync(input);
      formSuccess(
        'Request Submitted Successfully!',
        "We'll contact you within 24 hours to set up your free trial.",
      );
      onSubmitted({ businessName: input.businessName, email: input.email });
    } catch (error) {
      reportError(error, {
        title: null,
        fallback: 'An unexpected error occurred',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="trial"
      className="space-y-6"
      aria-label="Free trial request"
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          control={control}
          name="businessName"
          id="businessName"
          label={
            <>
              Business Name
              <Required />
            </>
          }
          required
          maxLength={NAME_MAX}
          autoComplete="organization"
          placeholder="Your gym or studio name"
        />
        <TextField
          control={control}
          name="contactName"
          id="contactName"
          label={
            <>
              Contact Name
              <Required />
            </>
          }
          required
          maxLength={NAME_MAX}
          autoComplete="name"
          placeholder="Your full name"
        />
        <TextField
          control={control}
          name="email"
          id="email"
          type="email"
          label={
            <>
              Email
              <Required />
            </>
          }
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
        />
        <TextField
          control={control}
          name="phone"
          id="phone"
          type="tel"
          label={
            <>
              Phone Number
              <Required />
            </>
          }
          required
          maxLength={40}
          autoComplete="tel"
          placeholder="(555) 123-4567"
        />
        <SelectField
          control={control}
          name="businessType"
          id="businessType"
          label={
            <>
              Business Type
              <Required />
            </>
          }
          required
          placeholder="Select business type"
          options={BUSINESS_TYPE_OPTIONS}
        />
        <SelectField
          control={control}
          name="currentMembers"
          id="currentMembers"
          label="Current Members"
          placeholder="Select member count"
          options={MEMBER_RANGE_OPTIONS}
        />
        <TextField
          control={control}
          name="location"
          id="location"
          label="Location"
          maxLength={NAME_MAX}
          autoComplete="address-level2"
          placeholder="City, State"
        />
        <TextField
          control={control}
          name="currentSoftware"
          id="currentSoftware"
          label="Current Software"
          maxLength={NAME_MAX}
          placeholder="e.g. spreadsheets, another gym software"
        />
      </div>
      <TextareaField
        control={control}
        name="challenges"
        id="challenges"
        label="Challenges"
        rows={4}
        maxLength={5000}
        placeholder="What challenges are you facing with your current setup?"
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Submitting...' : 'Request Free Trial'}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        14-day free trial. No credit card required.
      </p>
    </Form>
  );
}
