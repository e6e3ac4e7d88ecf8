import type { LeadStatus } from '@fitbase/domain/connect-constants';

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  trial: 'Trial',
  converted: 'Converted',
  lost: 'Lost',
};

/** "2026-09-30" → "Sep 30, 2026": a calendar date, shown as is whatever the zone. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const trialEndsLabel = (date: string) => `Trial ends ${formatDay(date)}`;
