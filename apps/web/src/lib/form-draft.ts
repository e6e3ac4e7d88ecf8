import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What was typed in a long form survives a reload of the tab (sessionStorage: this tab
 * only, gone when it closes). Read it once for `defaultValues`; `clearFormDraft` on success
 * or cancel.
 */
export function readFormDraft<T extends FieldValues>(key: string, defaults: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return defaults;
    const saved: unknown = JSON.parse(raw);
    if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return defaults;
    // Only known fields of the same type: a stale draft of an older form cannot inject keys.
    const merged: Record<string, unknown> = { ...defaults };
    for (const [name, value] of Object.entries(saved as Record<string, unknown>)) {
      const fallback = (defaults as Record<string, unknown>)[name];
      if (!(name in defaults)) continue;
      if (Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback)
        merged[name] = value;
    }
    return merged as T;
  } catch {
    return defaults;
  }
}

export function clearFormDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode): nothing was saved then.
  }
}

/** Saves the form's values on every change under `key`. */
export function useFormDraft<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  key: string,
): void {
  useEffect(() => {
    const subscription = form.watch((values) => {
      try {
        sessionStorage.setItem(key, JSON.stringify(values));
      } catch {
        // Full or unavailable storage: the form still works, only without the draft.
      }
    });
    return () => subscription.unsubscribe();
  }, [form, key]);
}
