import { useEffect, useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/form-money';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, useFieldId } from './field-shell';
import { useFormSettings, useSchemaLimits } from './form';
import { currencyMinorUnits } from '@fitbase/domain/studio-format';

type NumberProps<T extends FieldValues, TOut> = FieldProps<T, TOut> & {
  min?: number;
  max?: number;
  step?: number;
};

/**
 * A number stored as a number, or null when empty. What was typed is kept as typed
 * ('1.5' in a whole-number field), so the schema's message explains the problem inline.
 */
export function NumberField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  min,
  max,
  step,
  ...input
}: NumberProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const limits = useSchemaLimits(name);
  const error = fieldState.error?.message;
  const value: unknown = field.value;
  const integer = (step ?? limits.step) === 1;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <Input
        id={id}
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        name={field.name}
        ref={field.ref}
        value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
        onBlur={field.onBlur}
        onChange={(event) => {
          const raw = event.target.value.trim();
          field.onChange(raw === '' ? null : Number(raw));
        }}
        min={min ?? limits.min}
        max={max ?? limits.max}
        step={step ?? limits.step ?? 'any'}
        aria-required={input.required || undefined}
        {...input}
        {...describedBy(id, error, description)}
      />
    </FieldShell>
  );
}

/**
 * An amount of money kept as an exact decimal string (never a float), null when empty.
 * Leaving the field shows it with two decimals (three for a currency with fils); a negative or
 * malformed amount, or one finer than the studio's currency, stays as typed so the schema's or
 * the form's message says what is wrong.
 */
export function MoneyField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  ...input
}: FieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const error = fieldState.error?.message;
  const stored = typeof field.value === 'string' ? field.value : '';
  const { moneyFields, currency } = useFormSettings();
  const minorUnits = currencyMinorUnits(currency);
  useEffect(() => {
    moneyFields.add(name);
    return () => void moneyFields.delete(name);
  }, [moneyFields, name]);
  // The browser hides what a number input cannot parse ('1e'), so the text is ours.
  const [text, setText] = useState(stored);
  const shown = stored === (text.trim() || '') ? text : stored;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={minorUnits === 3 ? 0.001 : 0.01}
        name={field.name}
        ref={field.ref}
        value={shown}
        onBlur={() => {
          const formatted = formatMoney(shown, minorUnits);
          if (formatted !== null && formatted !== shown) {
            setText(formatted);
            field.onChange(formatted);
          }
          field.onBlur();
        }}
        onChange={(event) => {
          setText(event.target.value);
          field.onChange(event.target.value.trim() === '' ? null : event.target.value.trim());
        }}
        aria-required={input.required || undefined}
        {...input}
        {...describedBy(id, error, description)}
      />
    </FieldShell>
  );
}
