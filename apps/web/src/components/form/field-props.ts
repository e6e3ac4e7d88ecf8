import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { FieldChrome } from './field-shell';

/** What every field of the kit takes: the form's control, a typed field name and its chrome. */
export type FieldProps<T extends FieldValues, TOut> = FieldChrome & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  disabled?: boolean;
  readOnly?: boolean;
  /** Marks the control aria-required; the label carries the visible asterisk. */
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
};
