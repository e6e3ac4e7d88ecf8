import type { PortalJoinInfo } from '@fitbase/domain/contracts/portal-join';
import { PortalField } from './portal-field';

export interface WaiverDraft {
  fullName: string;
  guardianName: string;
  agree: boolean;
}

export const EMPTY_WAIVER: WaiverDraft = { fullName: '', guardianName: '', agree: false };

export type WaiverErrors = Partial<Record<keyof WaiverDraft, string>>;

/** The server's `waiver.*` field errors on the waiver's fields. */
export function waiverServerErrors(fields: Record<string, string>): WaiverErrors {
  const errors: WaiverErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.replace(/^waiver\./, '');
    if (field === 'fullName' || field === 'guardianName' || field === 'agree')
      errors[field] = message;
  }
  return errors;
}

/**
 * The studio's waiver in the join form: its text, `Full name`, a parent or guardian's name for
 * someone under 18, and `I have read and agree`.
 */
export function JoinWaiverFields({
  idPrefix,
  waiver,
  minor,
  value,
  errors,
  disabled,
  onChange,
}: {
  idPrefix: string;
  waiver: NonNullable<PortalJoinInfo['waiver']>;
  minor: boolean;
  value: WaiverDraft;
  errors: WaiverErrors;
  disabled: boolean;
  onChange: (next: WaiverDraft) => void;
}) {
  const agreeId = `${idPrefix}-agree`;
  const titleId = `${idPrefix}-waiver-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="font-medium">
        {waiver.title}
      </h2>
      <div
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        className="max-h-60 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap"
      >
        {waiver.body}
      </div>
      <PortalField
        id={`${idPrefix}-signer`}
        label="Full name"
        autoComplete="name"
        value={value.fullName}
        disabled={disabled}
        error={errors.fullName ?? null}
        onChange={(event) => onChange({ ...value, fullName: event.target.value })}
      />
      {minor ? (
        <div className="space-y-1">
          <PortalField
            id={`${idPrefix}-guardian`}
            label="Parent or guardian name"
            value={value.guardianName}
            disabled={disabled}
            error={errors.guardianName ?? null}
            onChange={(event) => onChange({ ...value, guardianName: event.target.value })}
          />
          <p className="text-xs text-muted-foreground">
            Under 18: a parent or guardian signs with you.
          </p>
        </div>
      ) : null}
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <input
            id={agreeId}
            type="checkbox"
            className="size-4 accent-primary"
            checked={value.agree}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, agree: event.target.checked })}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `${agreeId}-error` : undefined}
          />
          <label htmlFor={agreeId} className="text-sm font-medium">
            I have read and agree
          </label>
        </div>
        {errors.agree ? (
          <p id={`${agreeId}-error`} className="text-sm text-destructive">
            {errors.agree}
          </p>
        ) : null}
      </div>
    </section>
  );
}
