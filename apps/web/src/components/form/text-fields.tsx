import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, useFieldId } from './field-shell';
import { useSchemaLimits } from './form';
import { PasswordInput } from './password-input';

type TextProps<T extends FieldValues, TOut> = FieldProps<T, TOut> & {
  type?: 'text' | 'email' | 'tel' | 'url' | 'search';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  inputClassName?: string;
  /** Rewrites what was typed before it is stored (slugs, card numbers, digits only). */
  parse?: (typed: string) => string;
  /** Called with the stored value after each change (a slug following a name). */
  onValueChange?: (value: string) => void;
  /** Shown inside the input's right end (a card brand). */
  suffix?: ReactNode;
};

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

/** Text, email, phone or URL: one line, its length limit from the schema or the props. */
export function TextField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  type = 'text',
  parse,
  onValueChange,
  inputClassName,
  maxLength,
  suffix,
  ...input
}: TextProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const limits = useSchemaLimits(name);
  const error = fieldState.error?.message;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <div className={suffix ? 'relative' : undefined}>
        <Input
          id={id}
          type={type}
          name={field.name}
          ref={field.ref}
          value={asText(field.value)}
          onBlur={field.onBlur}
          onChange={(event) => {
            const value = parse ? parse(event.target.value) : event.target.value;
            field.onChange(value);
            onValueChange?.(value);
          }}
          maxLength={maxLength ?? limits.maxLength}
          aria-required={input.required || undefined}
          className={cn(input.readOnly && 'bg-muted', inputClassName)}
          {...input}
          {...describedBy(id, error, description)}
        />
        {suffix ? (
          <span className="absolute right-2 top-1/2 -translate-y-1/2" aria-live="polite">
            {suffix}
          </span>
        ) : null}
      </div>
    </FieldShell>
  );
}

/**
 * A password; `reveal` adds a show/hide toggle (sign-in and sign-up pages). `maxLength` stands in
 * for the schema's where a form loads its schema late (public pages keep zod out of first load).
 */
export function PasswordField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  reveal = false,
  maxLength,
  ...input
}: FieldProps<T, TOut> & { reveal?: boolean; maxLength?: number }) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const limits = useSchemaLimits(name);
  const error = fieldState.error?.message;
  const Control = reveal ? PasswordInput : PlainPassword;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <Control
        id={id}
        name={field.name}
        ref={field.ref}
        value={asText(field.value)}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value)}
        maxLength={maxLength ?? limits.maxLength}
        aria-required={input.required || undefined}
        {...input}
        {...describedBy(id, error, description)}
      />
    </FieldShell>
  );
}

function PlainPassword(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input {...props} type="password" />;
}

/** Several lines of text, limited like a text field. */
export function TextareaField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  className,
  id: idProp,
  rows,
  maxLength,
  inputClassName,
  ...input
}: FieldProps<T, TOut> & { rows?: number; maxLength?: number; inputClassName?: string }) {
  const { field, fieldState } = useController({ control, name });
  const id = useFieldId(name, idProp);
  const limits = useSchemaLimits(name);
  const error = fieldState.error?.message;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={className}>
      <Textarea
        id={id}
        name={field.name}
        ref={field.ref}
        rows={rows}
        value={asText(field.value)}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value)}
        maxLength={maxLength ?? limits.maxLength}
        aria-required={input.required || undefined}
        className={inputClassName}
        {...input}
        {...describedBy(id, error, description)}
      />
    </FieldShell>
  );
}
