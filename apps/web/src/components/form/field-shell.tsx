import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useFormSettings } from './form';

/** Everything a field adds around its control: label, description and the inline error. */
export interface FieldChrome {
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  /** Overrides the id made of the form's prefix and the field name. */
  id?: string;
}

export function useFieldId(name: string, id?: string): string {
  const { idPrefix } = useFormSettings();
  return id ?? `${idPrefix}-${name.replace(/\./g, '-')}`;
}

/** aria attributes tying a control to its description and error. */
export function describedBy(id: string, error: string | undefined, description: ReactNode) {
  const ids = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(
    Boolean,
  );
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

export function FieldShell({
  id,
  label,
  description,
  error,
  className,
  inline = false,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error: string | undefined;
  className?: string;
  /** Label after the control on one line (switches, checkboxes). */
  inline?: boolean;
  children: ReactNode;
}) {
  const labelNode = (
    <Label htmlFor={id} className={inline ? 'font-normal' : undefined}>
      {label}
    </Label>
  );
  return (
    <div className={cn('space-y-2', className)}>
      {inline ? (
        <div className="flex items-center gap-2">
          {children}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {children}
        </>
      )}
      {description ? (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
