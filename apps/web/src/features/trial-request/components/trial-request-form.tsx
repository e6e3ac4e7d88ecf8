import { BUSINESS_TYPES, CURRENT_MEMBER_RANGES } from '@fitbase/domain/constants';
import type { TrialRequestInput } from '@fitbase/domain/contracts/trial-requests';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCreateTrialRequest } from '../api/create-trial-request';

type FieldName =
  | 'businessName'
  | 'contactName'
  | 'email'
  | 'phone'
  | 'businessType'
  | 'currentMembers'
  | 'location'
  | 'currentSoftware'
  | 'challenges';

type FormValues = Record<FieldName, string>;

const EMPTY_VALUES: FormValues = {
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

export interface SubmittedTrialRequest {
  businessName: string;
  email: string;
}

const selectClass =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm';

function toPayload(values: FormValues): TrialRequestInput {
  const optional = (value: string) => value.trim() || null;
  return {
    businessName: values.businessName.trim(),
    contactName: values.contactName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    businessType: values.businessType,
    currentMembers: (CURRENT_MEMBER_RANGES as readonly string[]).includes(values.currentMembers)
      ? (values.currentMembers as (typeof CURRENT_MEMBER_RANGES)[number])
      : null,
    location: optional(values.location),
    currentSoftware: optional(values.currentSoftware),
    challenges: optional(values.challenges),
  };
}

interface FieldProps {
  id: FieldName;
  label: string;
  required?: boolean;
  error: string | undefined;
  children: ReactNode;
}

function Field({ id, label, required = false, error, children }: FieldProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <>
            {' '}
            <span className="text-destructive">*</span>
          </>
        )}
      </Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

interface TrialRequestFormProps {
  onSubmitted: (request: SubmittedTrialRequest) => void;
}

export function TrialRequestForm({ onSubmitted }: TrialRequestFormProps) {
  const [values, setValues] = useState<FormValues>(EMPTY_VALUES);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const createTrialRequest = useCreateTrialRequest();

  const handleChange = (
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) => {
    const name = event.target.name as FieldName;
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setFieldErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createTrialRequest.isPending) return;
    createTrialRequest.mutate(toPayload(values), {
      onSuccess: () => {
        toast.success('Request Submitted Successfully!', {
          description: "We'll contact you within 24 hours to set up your free trial.",
        });
        onSubmitted({ businessName: values.businessName.trim(), email: values.email.trim() });
      },
      onError: (error) => {
        setFieldErrors(
          error instanceof ApiError && error.fields ? (error.fields as typeof fieldErrors) : {},
        );
        toast.error(errorMessage(error, 'An unexpected error occurred'));
      },
    });
  };

  /** Shared props that wire a control to its value, label and error message. */
  const control = (id: FieldName) => ({
    id,
    name: id,
    value: values[id],
    onChange: handleChange,
    'aria-invalid': fieldErrors[id] ? true : undefined,
    'aria-describedby': fieldErrors[id] ? `${id}-error` : undefined,
  });

  const pending = createTrialRequest.isPending;

  return (
    <form onSubmit={handleSubmit} className="space-y-6" aria-label="Free trial request">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="businessName" label="Business Name" required error={fieldErrors.businessName}>
          <Input
            {...control('businessName')}
            required
            autoComplete="organization"
            placeholder="Your gym or studio name"
          />
        </Field>
        <Field id="contactName" label="Contact Name" required error={fieldErrors.contactName}>
          <Input
            {...control('contactName')}
            required
            autoComplete="name"
            placeholder="Your full name"
          />
        </Field>
        <Field id="email" label="Email" required error={fieldErrors.email}>
          <Input
            {...control('email')}
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
          />
        </Field>
        <Field id="phone" label="Phone Number" required error={fieldErrors.phone}>
          <Input
            {...control('phone')}
            type="tel"
            required
            autoComplete="tel"
            placeholder="(555) 123-4567"
          />
        </Field>
        <Field id="businessType" label="Business Type" required error={fieldErrors.businessType}>
          <select
            {...control('businessType')}
            required
            className={cn(selectClass, !values.businessType && 'text-muted-foreground')}
          >
            <option value="">Select business type</option>
            {BUSINESS_TYPES.map((type) => (
              <option key={type.value} value={type.value} className="text-foreground">
                {type.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="currentMembers" label="Current Members" error={fieldErrors.currentMembers}>
          <select
            {...control('currentMembers')}
            className={cn(selectClass, !values.currentMembers && 'text-muted-foreground')}
          >
            <option value="">Select member count</option>
            {CURRENT_MEMBER_RANGES.map((range) => (
              <option key={range} value={range} className="text-foreground">
                {range}
              </option>
            ))}
          </select>
        </Field>
        <Field id="location" label="Location" error={fieldErrors.location}>
          <Input {...control('location')} autoComplete="address-level2" placeholder="City, State" />
        </Field>
        <Field id="currentSoftware" label="Current Software" error={fieldErrors.currentSoftware}>
          <Input
            {...control('currentSoftware')}
            placeholder="e.g. spreadsheets, another gym software"
          />
        </Field>
      </div>
      <Field id="challenges" label="Challenges" error={fieldErrors.challenges}>
        <Textarea
          {...control('challenges')}
          rows={4}
          placeholder="What challenges are you facing with your current setup?"
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Submitting...' : 'Request Free Trial'}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        14-day free trial. No credit card required.
      </p>
    </form>
  );
}
