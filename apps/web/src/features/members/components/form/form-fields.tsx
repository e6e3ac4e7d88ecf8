import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

export const nativeSelectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50';

/** A label, the control, and its error message wired to the control by aria-describedby. */
export function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

type TextFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  className?: string;
} & Omit<ComponentProps<'input'>, 'id' | keyof UseFormRegisterReturn>;

export function TextField({ id, label, error, registration, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <Input id={id} {...input} {...registration} {...errorProps(id, error)} />
    </Field>
  );
}

type TextAreaFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  className?: string;
} & Omit<ComponentProps<'textarea'>, 'id' | keyof UseFormRegisterReturn>;

export function TextAreaField({
  id,
  label,
  error,
  registration,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <Textarea id={id} {...textarea} {...registration} {...errorProps(id, error)} />
    </Field>
  );
}

type SelectFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  /** The empty choice; omit it when a value is always required. */
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
  disabled?: boolean;
};

/** A native select: keyboard- and screen-reader-friendly on every platform. */
export function SelectField({
  id,
  label,
  error,
  registration,
  placeholder,
  options,
  className,
  disabled,
}: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <select
        id={id}
        className={nativeSelectClass}
        disabled={disabled}
        {...registration}
        {...errorProps(id, error)}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
