import { useController, type FieldValues } from 'react-hook-form';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { describedBy, FieldShell, useFieldId } from './field-shell';
import type { SelectProps } from './select-field';

/**
 * A styled list box (Radix Select) for short lists shown with rich labels. Radix items
 * cannot hold '', so `emptyValue` stands for "none" and is stored as null.
 */
export function PickerField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  options,
  emptyOption,
  disabled,
}: Omit<SelectProps<T, TOut>, 'placeholder'> & { emptyOption?: string }) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const error = fieldState.error?.message;
  const NONE = '__none__';
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : NONE;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <Select
        value={value}
        disabled={disabled}
        onValueChange={(next) => field.onChange(next === NONE ? null : next)}
      >
        <SelectTrigger
          id={id}
          ref={field.ref}
          className="w-full"
          {...describedBy(id, error, description)}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {emptyOption ? <SelectItem value={NONE}>{emptyOption}</SelectItem> : null}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FieldShell>
  );
}
