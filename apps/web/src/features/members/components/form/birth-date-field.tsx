import { EARLIEST_DATE_OF_BIRTH } from '@fitbase/domain/contracts/members';
import { Input } from '@/components/ui/input';
import { todayIso } from '../member-format';
import { errorProps, Field } from './form-fields';

/**
 * Date of birth between 1900-01-01 and today (doc 2 §5). Uncontrolled, so a year can be typed
 * digit by digit: a typed date outside the range is ignored (the form keeps its last value),
 * clearing it unsets the date, and leaving the field shows the value the form will send.
 */
export function BirthDateField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const max = todayIso();
  return (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        type="date"
        min={EARLIEST_DATE_OF_BIRTH}
        max={max}
        defaultValue={value ?? ''}
        onChange={(event) => {
          const next = event.target.value;
          if (next === '') onChange('');
          else if (next >= EARLIEST_DATE_OF_BIRTH && next <= max) onChange(next);
        }}
        onBlur={(event) => {
          if (event.target.value !== (value ?? '')) event.target.value = value ?? '';
        }}
        {...errorProps(id, error)}
      />
    </Field>
  );
}
