import {
  KIOSK_LOCKED_MESSAGE,
  KIOSK_NOT_FOUND_MESSAGE,
  KIOSK_REFUSALS,
} from '@fitbase/domain/kiosk-constants';
import type { CheckInOutcome } from '../runtime/check-in-types';
import { formatTime } from './kiosk-format';

export const KIOSK_UNAVAILABLE_TEXT =
  'This kiosk is offline and has no list of members yet: please see the front desk.';
export const KIOSK_FAILED_TEXT = 'Something went wrong: please see the front desk.';

export interface OutcomeText {
  tone: 'welcome' | 'refusal';
  title: string;
  detail: string | null;
}

/** What the big screen says for an outcome (docs/product/kiosk.md, checking in). */
export function outcomeText(
  outcome: CheckInOutcome,
  timeZone: string,
  locale?: string,
): OutcomeText {
  switch (outcome.kind) {
    case 'welcome':
      return {
        tone: 'welcome',
        title: `Welcome, ${outcome.firstName}!`,
        detail: outcome.duplicate
          ? "You're already checked in"
          : outcome.session
            ? `Checked in to ${outcome.session.name} at ${formatTime(outcome.session.startsAt, timeZone, locale)}`
            : "You're checked in",
      };
    case 'refused':
      return { tone: 'refusal', title: KIOSK_REFUSALS[outcome.code], detail: null };
    case 'not_found':
      return { tone: 'refusal', title: KIOSK_NOT_FOUND_MESSAGE, detail: null };
    case 'locked':
      return { tone: 'refusal', title: KIOSK_LOCKED_MESSAGE, detail: null };
    case 'unavailable':
      return { tone: 'refusal', title: KIOSK_UNAVAILABLE_TEXT, detail: null };
    case 'unpaired':
    case 'failed':
      return { tone: 'refusal', title: KIOSK_FAILED_TEXT, detail: null };
  }
}
