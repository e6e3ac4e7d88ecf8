import { toast } from 'sonner';

/**
 * Every form's toasts share one id, so a later success replaces an earlier attempt's error
 * instead of leaving it on screen, and repeated failures do not stack up.
 */
export const FORM_TOAST_ID = 'form-feedback';

export function formSuccess(title: string, description?: string): void {
  toast.success(title, { id: FORM_TOAST_ID, description });
}

/** Drops a form's pending error toast (a dialog closed, a step fixed). */
export function dismissFormFeedback(): void {
  toast.dismiss(FORM_TOAST_ID);
}
