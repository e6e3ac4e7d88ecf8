import { useController, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Switch } from '@/components/ui/switch';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, useFieldId } from './field-shell';

/** An on/off setting; the label follows the switch on one line. */
export function SwitchField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  disabled,
  variant = 'switch',
}: Omit<FieldProps<T, TOut>, 'placeholder' | 'autoComplete'> & {
  variant?: 'switch' | 'checkbox';
}) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const error = fieldState.error?.message;
  const common = {
    id,
    ref: field.ref,
    disabled,
    checked: field.value === true,
    onBlur: field.onBlur,
    ...describedBy(id, error, description),
  };
  return (
    <FieldShell
      id={id}
      label={label}
      description={description}
      error={error}
      className={className}
      inline
    >
      {variant === 'switch' ? (
        <Switch {...common} onCheckedChange={(checked) => field.onChange(checked)} />
      ) : (
        <Checkbox {...common} onCheckedChange={(checked) => field.onChange(checked === true)} />
      )}
    </FieldShell>
  );
}
