import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import type { ApiErrorBody } from '@fitbase/domain/contracts/errors';
import { ApiError } from './api/api-error';
import { applyServerErrors, failureMessage } from './form-errors';
import { FORM_TOAST_ID } from './form-feedback';

/**
 * The one way the staff app reports a failure (docs/product/foundation.md#toasts-and-errors):
 * a 400's field errors go onto the form's fields, the rest is one error toast, and a screen whose
 * data could not be loaded says so. Branches on error codes and statuses, never on message text.
 * Nothing else calls toast.error.
 */

type ErrorCode = ApiErrorBody['error']['code'];

/** A react-hook-form form that takes the server's field errors. */
export interface ErrorForm<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The fields the form shows: a server key for another field is not set (it would be invisible). */
  fields: ReadonlyArray<string>;
  /**
   * An error code whose message belongs under one field when no field error was set (a taken
   * name or code is a 409 `conflict` naming it).
   */
  codeFields?: Partial<Record<ErrorCode, FieldPath<T>>>;
  /**
   * What the toast says once a field took an error (its message is already beside the field):
   * the server's message as any other time ('message', the default), the fallback ('fallback'),
   * or no toast at all ('none').
   */
  afterFields?: 'message' | 'fallback' | 'none';
}

/**
 * The toast's words: the server's message for a refusal (a 4xx) with a fallback for a failure (a
 * 5xx, a network error), or words of the caller's own (an auth client's message, a fixed text).
 */
type ErrorWords =
  { fallback: string; message?: undefined } | { message: string; fallback?: undefined };

export type ErrorReport<T extends FieldValues = FieldValues> = ErrorWords & {
  /** The toast's title: 'Error' unless told; null shows the message alone, as the title. */
  title?: string | null;
  /** Puts a 400's field errors on this form's fields. */
  form?: ErrorForm<T>;
  /**
   * The toast is the forms' shared one (a later success replaces it, repeated failures do not
   * stack): true by default when a form is given.
   */
  formToast?: boolean;
};

function showToast(title: string | null, description: string, formToast: boolean): void {
  const id = formToast ? { id: FORM_TOAST_ID } : {};
  if (title === null) {
    if (formToast) toast.error(description, id);
    else toast.error(description);
  } else toast.error(title, { ...id, description });
}

/**
 * Reports a failed call: field errors onto the form (if any), then one toast with the server's
 * message for a refusal (4xx) or the fallback for a failure (5xx, network). Returns the names of
 * the fields that took an error.
 */
export function reportError<T extends FieldValues>(
  error: unknown,
  { title = 'Error', fallback, message, form, formToast = Boolean(form) }: ErrorReport<T>,
): string[] {
  const applied = form ? applyServerErrors(error, form.setError, form.fields) : [];
  if (form && applied.length === 0 && error instanceof ApiError) {
    const field = form.codeFields?.[error.code];
    if (field) {
      form.setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      applied.push(field);
    }
  }
  const afterFields = applied.length > 0 ? (form?.afterFields ?? 'message') : 'message';
  if (afterFields === 'none') return applied;
  const words = message ?? failureMessage(error, fallback ?? '');
  const description = afterFields === 'fallback' ? (fallback ?? words) : words;
  showToast(title, description, formToast);
  return applied;
}

/**
 * Reports a failure that is not a call's error (a copy refused, a form that cannot be sent yet):
 * one toast with these words.
 */
export function reportProblem(
  title: string,
  description?: string,
  { formToast = false }: { formToast?: boolean } = {},
): void {
  if (description === undefined) {
    if (formToast) toast.error(title, { id: FORM_TOAST_ID });
    else toast.error(title);
  } else showToast(title, description, formToast);
}

/**
 * A list whose query failed while the screen stays usable (filters, buttons, cached rows): one
 * toast each time it fails. A screen left with nothing to show says so in its place instead.
 */
export function useReportLoadFailure(failed: boolean, description: string): void {
  useEffect(() => {
    if (failed) toast.error('Error', { description });
  }, [failed, description]);
}
