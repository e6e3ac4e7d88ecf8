import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldId } from '@/components/form/field-shell';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/**
 * A set of choices stored as an array of values (membership statuses, plans, lead sources):
 * a fieldset of checkboxes with its legend and the inline error under it.
 */
export function CheckboxGroupField<T extends FieldValues, TOut>({
  control,
  name,
  legend,
  options,
  empty,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown instead of the boxes when there is nothing to choose. */
  empty?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name);
  const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const error = fieldState.error?.message;
  const toggle = (value: string, on: boolean) =>
    field.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return (
    <fieldset
      className="space-y-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="text-sm font-medium">{legend}</legend>
      {options.length === 0 && empty ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {options.map((option) => (
            <div key={option.value} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${option.value}`}
                ref={chosen[0] === option.value ? field.ref : undefined}
                checked={chosen.includes(option.value)}
                onCheckedChange={(checked) => toggle(option.value, checked === true)}
                onBlur={field.onBlur}
              />
              <Label htmlFor={`${id}-${option.value}`} className="font-normal">
                {option.label}
              </Label>
            </div>
          ))}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
