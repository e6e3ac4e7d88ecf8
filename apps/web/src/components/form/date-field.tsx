import { useController, type FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, useFieldId } from './field-shell';

/**
 * A calendar date ('YYYY-MM-DD', '' when empty). Uncontrolled, so a year can be typed digit
 * by digit: with `min`/`max`, a typed date outside the range is ignored (the form keeps its
 * last value), and leaving the field shows the value the form will send.
 */
export function DateField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  min,
  max,
  ...input
}: FieldProps<T, TOut> & { min?: string; max?: string }) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const error = fieldState.error?.message;
  const value = typeof field.value === 'string' ? field.value : '';
  const inRange = (date: string) => (!min || date >= min) && (!max || date <= max);
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <Input
        id={id}
        type="date"
        name={field.name}
        ref={field.ref}
        min={min}
        max={max}
        defaultValue={value}
        onChange={(event) => {
          const next = event.target.value;
          if (next === '' || inRange(next)) field.onChange(next);
        }}
        onBlur={(event) => {
          if (event.target.value !== value) event.target.value = value;
          field.onBlur();
        }}
        aria-required={input.required || undefined}
        {...input}
        {...describedBy(id, error, description)}
      />
    </FieldShell>
  );
}
