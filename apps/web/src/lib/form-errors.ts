import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api/api-error';

/**
 * A server field key as the form knows it: '[body.email]', 'body.email' and 'email' all name
 * the 'email' field (validation targets are not part of a form's names).
 */
export function formFieldName(key: string): string {
  return key.replace(/^\[|\]$/g, '').replace(/^(body|query|param|params|json|form)(\.|$)/, '');
}

/**
 * Server messages are written for people, but older ones carried the field path in front
 * ('email: ...', '[body.email] ...'): those prefixes never reach the screen.
 */
export function peopleMessage(message: string): string {
  return message
    .replace(/^\[[\w.[\]-]+\]\s*/, '')
    .replace(/^(?:body|query|param)?\.?[a-z][\w]*(?:\.[\w]+)*:\s+(?=\S)/, '')
    .trim();
}

/** The field errors of a failed call, keyed by form field name, with people's messages. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const name = formFieldName(key);
    if (name) out[name] ??= peopleMessage(message);
  }
  return out;
}

/**
 * Puts a 400's field errors on the form's fields. Only names the form knows are set (a key
 * for a field the form does not show would leave an invisible error); returns the names set.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<string>,
): string[] {
  const applied: string[] = [];
  for (const [name, message] of Object.entries(serverFieldErrors(error))) {
    if (!known.includes(name)) continue;
    setError(
      name as FieldPath<T>,
      { type: 'server', message },
      { shouldFocus: applied.length === 0 },
    );
    applied.push(name);
  }
  return applied;
}

/** The message to show for a failed call: the server's own (without field paths), else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message)
    return peopleMessage(error.message);
  return fallback;
}
