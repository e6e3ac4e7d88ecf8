import { paymentMethodInputSchema } from '@fitbase/domain/contracts/members';
import type { Control } from 'react-hook-form';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-fields';
import { schemaLimits } from '@/lib/form-limits';
import type { PaymentFormState } from './payment-form-state';

type TextKey =
  'billingName' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'postalCode' | 'country';

const FIELDS: ReadonlyArray<{
  key: TextKey;
  id: string;
  label: string;
  autoComplete: string;
  wide?: boolean;
}> = [
  {
    key: 'billingName',
    id: 'billing-name',
    label: 'Cardholder Name *',
    autoComplete: 'cc-name',
    wide: true,
  },
  {
    key: 'addressLine1',
    id: 'billing-address-1',
    label: 'Address Line 1',
    autoComplete: 'billing address-line1',
    wide: true,
  },
  {
    key: 'addressLine2',
    id: 'billing-address-2',
    label: 'Address Line 2',
    autoComplete: 'billing address-line2',
    wide: true,
  },
  { key: 'city', id: 'billing-city', label: 'City', autoComplete: 'billing address-level2' },
  { key: 'state', id: 'billing-state', label: 'State', autoComplete: 'billing address-level1' },
  {
    key: 'postalCode',
    id: 'billing-postal-code',
    label: 'Postal Code',
    autoComplete: 'billing postal-code',
  },
  { key: 'country', id: 'billing-country', label: 'Country', autoComplete: 'billing country' },
];

function apiName(key: TextKey): string {
  return key === 'billingName' ? key : `billing${key[0]!.toUpperCase()}${key.slice(1)}`;
}

export function BillingFields({
  control,
  disabled,
}: {
  control: Control<PaymentFormState, unknown, PaymentFormState>;
  disabled: boolean;
}) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ key, id, label, autoComplete, wide }) => (
          <TextField
            key={key}
            control={control}
            name={key}
            id={id}
            label={label}
            autoComplete={autoComplete}
            // The form's names are its own; the limits are the API's billing fields'.
            maxLength={schemaLimits(paymentMethodInputSchema, apiName(key)).maxLength}
            disabled={disabled}
            className={wide ? 'sm:col-span-2' : undefined}
          />
        ))}
      </div>
      <SwitchField
        control={control}
        name="isDefault"
        id="is-default"
        label="Set as default payment method"
        variant="checkbox"
        disabled={disabled}
      />
    </div>
  );
}
