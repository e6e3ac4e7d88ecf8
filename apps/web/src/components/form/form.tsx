import { amountProblem } from '@fitbase/domain/studio-format';
import { createContext, useContext, useRef, type ReactNode } from 'react';
import {
  FormProvider,
  type FieldPath,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { schemaLimits, type FieldLimits } from '@/lib/form-limits';

interface FormSettings {
  /** Prefix of every field's id, so two forms on one page never share ids. */
  idPrefix: string;
  schema: z.ZodType | undefined;
  /** The form's MoneyFields, checked against the currency's decimals and cap on submit. */
  moneyFields: Set<string>;
  /** What its money fields are in: the studio's currency, unless the form says otherwise. */
  currency: string;
}

const FormSettingsContext = createContext<FormSettings>({
  idPrefix: 'field',
  schema: undefined,
  moneyFields: new Set(),
  currency: 'USD',
});

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
  /** The currency of its money fields when it is not the studio's (the platform's USD plans). */
  currency?: string;
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
  currency: ownCurrency,
  className,
  children,
  ...rest
}: FormProps<TIn, TOut>) {
  const moneyFields = useRef(new Set<string>()).current;
  const studio = useStudioFormat();
  const format = { ...studio, currency: ownCurrency ?? studio.currency };
  // The contracts take up to three decimals (BHD's fils) and up to 10,000,000; the studio's own
  // currency may have fewer decimals and a lower cap, which only the studio knows: "USD amounts
  // have at most 2 decimals", inline, as the server would answer
  // (docs/decisions/0043-three-decimal-currencies.md).
  const moneyFits = (): boolean => {
    let fine = true;
    for (const name of moneyFields) {
      const value: unknown = form.getValues(name as FieldPath<TIn>);
      const problem = typeof value === 'string' ? amountProblem(value, format) : null;
      if (problem) {
        form.setError(name as FieldPath<TIn>, { message: problem }, { shouldFocus: fine });
        fine = false;
      }
    }
    return fine;
  };
  const submit: SubmitHandler<TOut> = (values) => (moneyFits() ? onSubmit(values) : undefined);
  const invalid: SubmitErrorHandler<TIn> = (errors, event) => {
    moneyFits();
    return onInvalid?.(errors, event);
  };
  return (
    <FormSettingsContext.Provider
      value={{ idPrefix, schema, moneyFields, currency: format.currency }}
    >
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
            void form.handleSubmit(submit, invalid)(event);
          }}
        >
          {children}
        </form>
      </FormProvider>
    </FormSettingsContext.Provider>
  );
}
