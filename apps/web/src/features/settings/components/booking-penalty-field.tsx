import type { ScheduleSettingsInput } from '@fitbase/domain/contracts/bookings';
import { useController, type Control } from 'react-hook-form';
import { MoneyField } from '@/components/form/number-fields';
import { Label } from '@/components/ui/label';

type PenaltyName = 'lateCancelPenalty' | 'noShowPenalty';

const KIND_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'credit', label: 'Keep the credit' },
  { value: 'fee', label: 'Charge a fee' },
];

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A late-cancel or no-show penalty (docs/product/money-and-store.md#plans-and-memberships):
 * none; keep the class credit (it is not given back); or charge a fee of $X to the card on file
 * (recorded as owed when there is no card or it is declined).
 */
export function PenaltyField({
  control,
  name,
  label,
  readOnly,
}: {
  control: Control<ScheduleSettingsInput, unknown, unknown>;
  name: PenaltyName;
  label: string;
  readOnly: boolean;
}) {
  const { field } = useController({ control, name });
  const value = field.value as { kind: string; amount?: string } | undefined;
  const kind = value?.kind ?? 'none';
  const id = `schedule-${name}-kind`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={selectClass}
        value={kind}
        disabled={readOnly}
        onBlur={field.onBlur}
        onChange={(event) => {
          const next = event.target.value;
          field.onChange(
            next === 'fee' ? { kind: 'fee', amount: value?.amount ?? '' } : { kind: next },
          );
        }}
      >
        {KIND_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {kind === 'fee' ? (
        <MoneyField
          control={control}
          name={`${name}.amount` as `${PenaltyName}`}
          label={`${label} fee ($)`}
          readOnly={readOnly}
        />
      ) : null}
    </div>
  );
}
