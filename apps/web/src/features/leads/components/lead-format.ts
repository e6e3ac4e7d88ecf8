import type { LeadStatus } from '@fitbase/domain/connect-constants';
import { DEFAULT_LOCALE, formatDay as formatStudioDay } from '@fitbase/domain/studio-format';

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  trial: 'Trial',
  converted: 'Converted',
  lost: 'Lost',
};

/** "2026-09-30" → "Sep 30, 2026" / "30.09.2026": a calendar date in the studio's locale. */
export function formatDay(date: string, locale: string = DEFAULT_LOCALE): string {
  return formatStudioDay(date, { locale });
}

export const trialEndsLabel = (date: string, locale: string = DEFAULT_LOCALE) =>
  `Trial ends ${formatDay(date, locale)}`;
