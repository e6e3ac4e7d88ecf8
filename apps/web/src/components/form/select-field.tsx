import { useController, type FieldValues } from 'react-hook-form';
import { cn } from '@/lib/utils';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, useFieldId } from './field-shell';

export interface Option {
  value: string;
  label: string;
}

const nativeSelectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50';

export type SelectProps<T extends FieldValues, TOut> = Omit<FieldProps<T, TOut>, 'readOnly'> & {
  options: ReadonlyArray<Option>;
  /** The empty choice (stored as ''); omit it when a value is always required. */
  placeholder?: string;
};

/** A native select: keyboard- and screen-reader-friendly on every platform. */
export function SelectField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  options,
  placeholder,
  ...input
}: SelectProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const error = fieldState.error?.message;
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <select
        id={id}
        name={field.name}
        ref={field.ref}
        value={value}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value)}
        className={cn(nativeSelectClass, value === '' && 'text-muted-foreground')}
        aria-required={input.required || undefined}
        {...input}
        {...describedBy(id, error, description)}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} className="text-foreground">
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
