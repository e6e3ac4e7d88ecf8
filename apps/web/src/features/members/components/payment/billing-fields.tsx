import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Field } from '../form/form-fields';
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

export function BillingFields({
  form,
  disabled,
  onChange,
}: {
  form: PaymentFormState;
  disabled: boolean;
  onChange: (patch: Partial<PaymentFormState>) => void;
}) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ key, id, label, autoComplete, wide }) => (
          <Field key={key} id={id} label={label} className={wide ? 'sm:col-span-2' : undefined}>
            <Input
              id={id}
              autoComplete={autoComplete}
              value={form[key]}
              disabled={disabled}
              onChange={(event) => onChange({ [key]: event.target.value })}
            />
          </Field>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="is-default"
          checked={form.isDefault}
          disabled={disabled}
          onCheckedChange={(checked) => onChange({ isDefault: checked === true })}
        />
        <Label htmlFor="is-default" className="font-normal">
          Set as default payment method
        </Label>
      </div>
    </div>
  );
}
