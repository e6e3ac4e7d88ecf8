import {
  HEX_COLOUR_PATTERN,
  contrastWithWhite,
  formatContrast,
} from '@fitbase/domain/colour-contrast';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A brand colour: the browser's colour picker and the hex text side by side, with the contrast
 * against white shown as it changes (the server refuses below `minimum`).
 */
export function BrandingColourField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  minimum,
  fallback,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  minimum: number;
  /** What the app uses while no colour is set. */
  fallback: string;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const valid = HEX_COLOUR_PATTERN.test(value);
  const ratio = valid ? contrastWithWhite(value) : null;
  const enough = ratio !== null && ratio >= minimum;
  const id = `settings-${name}`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          className="h-9 w-12 cursor-pointer rounded-md border bg-transparent p-1"
          value={valid ? value.toLowerCase() : fallback}
          disabled={disabled}
          onChange={(event) => field.onChange(event.target.value)}
        />
        <Input
          id={id}
          name={field.name}
          ref={field.ref}
          value={value}
          placeholder={fallback}
          maxLength={7}
          disabled={disabled}
          className="w-32 font-mono"
          aria-invalid={Boolean(fieldState.error) || (ratio !== null && !enough)}
          aria-describedby={`${id}-contrast`}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.value.trim())}
        />
        <span
          aria-hidden
          className="inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-white"
          style={{ background: valid ? value : fallback }}
        >
          Aa
        </span>
      </div>
      <p
        id={`${id}-contrast`}
        data-testid={`${name}-contrast`}
        className={
          enough || ratio === null ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'
        }
      >
        {ratio === null
          ? 'Not set: FitBase blue is used.'
          : `Contrast with white: ${formatContrast(ratio)} (at least ${minimum}:1 needed)`}
      </p>
      {fieldState.error?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}
