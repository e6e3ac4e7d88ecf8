import { createContext, useContext, type ReactNode } from 'react';
import {
  FormProvider,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { schemaLimits, type FieldLimits } from '@/lib/form-limits';

interface FormSettings {
  /** Prefix of every field's id, so two forms on one page never share ids. */
  idPrefix: string;
  schema: z.ZodType | undefined;
}

const FormSettingsContext = createContext<FormSettings>({ idPrefix: 'field', schema: undefined });

export function useFormSettings(): FormSettings {
  return useContext(FormSettingsContext);
}

/** The limits the form's schema puts on a field (maxLength, min, max, step). */
export function useSchemaLimits(name: string): FieldLimits {
  const { schema } = useFormSettings();
  return schemaLimits(schema, name);
}

interface FormProps<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  onInvalid?: SubmitErrorHandler<TIn>;
  /** Return false to ignore a submit (Enter on an earlier step of a wizard). */
  canSubmit?: () => boolean;
  idPrefix: string;
  /** The zod schema the resolver uses: fields read their limits from it. */
  schema?: z.ZodType;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * One form approach: react-hook-form state, our own inline messages (`noValidate`: the
 * browser's bubbles never replace them), and field limits taken from the schema.
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onInvalid,
  canSubmit,
  idPrefix,
  schema,
  className,
  children,
  ...rest
}: FormProps<TIn, TOut>) {
  return (
    <FormSettingsContext.Provider value={{ idPrefix, schema }}>
      <FormProvider {...form}>
        <form
          noValidate
          className={className}
          aria-label={rest['aria-label']}
          onSubmit={(event) => {
            if (canSubmit && !canSubmit()) {
              event.preventDefault();
              return;
            }
            void form.handleSubmit(onSubmit, onInvalid)(event);
          }}
        >
          {children}
        </form>
      </FormProvider>
    </FormSettingsContext.Provider>
  );
}
