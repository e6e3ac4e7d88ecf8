import { useController, type FieldValues } from 'react-hook-form';
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { FieldProps } from './field-props';
import { useFieldId } from './field-shell';

export interface Swatch {
  value: string;
  /** Spoken name of the colour (screen readers cannot see it). */
  label: string;
}

/**
 * A choice among preset colours, as a radio group of swatches: arrow keys move between them,
 * each says its colour's name, and the chosen one shows a tick (never colour alone).
 */
export function SwatchField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  className,
  id: idProp,
  swatches,
}: Pick<FieldProps<T, TOut>, 'control' | 'name' | 'className' | 'id'> & {
  label: string;
  swatches: ReadonlyArray<Swatch>;
}) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const error = fieldState.error?.message;
  const index = Math.max(
    0,
    swatches.findIndex((s) => s.value === field.value),
  );
  const move = (delta: number) => {
    const next = swatches[(index + delta + swatches.length) % swatches.length];
    if (!next) return;
    field.onChange(next.value);
    document.getElementById(`${id}-${next.value.slice(1)}`)?.focus();
  };
  return (
    <div className={cn('space-y-2', className)}>
      <p id={`${id}-label`} className="text-sm font-medium leading-none">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        className="flex flex-wrap gap-2"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(1);
          else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(-1);
          else return;
          event.preventDefault();
        }}
      >
        {swatches.map((swatch, i) => {
          const checked = i === index;
          return (
            <button
              key={swatch.value}
              id={`${id}-${swatch.value.slice(1)}`}
              ref={checked ? field.ref : undefined}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={swatch.label}
              title={swatch.label}
              tabIndex={checked ? 0 : -1}
              onClick={() => field.onChange(swatch.value)}
              onBlur={field.onBlur}
              className={cn(
                'flex size-8 items-center justify-center rounded-full ring-offset-background outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                checked && 'ring-2 ring-ring ring-offset-2',
              )}
              style={{ backgroundColor: swatch.value }}
            >
              {checked ? <Check className="size-4 text-white" aria-hidden /> : null}
            </button>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
