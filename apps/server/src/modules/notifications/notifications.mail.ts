import { formatMoney, type StudioFormat } from '@fitbase/domain/studio-format';
import { escapeHtml, type MailMessage } from '../../lib/mailer.ts';

/**
 * A staff notification by email (not marketing: a person's own choice in Settings →
 * Notifications, which the footer names so they can change it).
 */
export function notificationMail(input: {
  to: string;
  name: string;
  title: string;
  body: string;
  /** Absolute URL of the record, when the notification has one. */
  url: string | null;
  /** The studio's name; null for a platform notification. */
  organizationName: string | null;
  settingsUrl: string;
}): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    input.organizationName ? `${input.title} at ${input.organizationName}.` : `${input.title}.`,
    ...(input.body ? [input.body] : []),
  ];
  const footer = `You receive this email because of your choices in Settings → Notifications: ${input.settingsUrl}`;
  const text = [...lines, ...(input.url ? [`Open it in FitBase: ${input.url}`] : []), footer];
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(input.url ? [`<p><a href="${escapeHtml(input.url)}">Open it in FitBase</a></p>`] : []),
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>`,
  ];
  return {
    to: input.to,
    subject: input.organizationName ? `${input.title} · ${input.organizationName}` : input.title,
    text: text.join('\n\n'),
    html: html.join(''),
    links: [...(input.url ? [input.url] : []), input.settingsUrl],
    fromName: input.organizationName ?? undefined,
  };
}

export interface DayFigures {
  newMembers: number;
  visits: number;
  bookings: number;
  newLeads: number;
  /** Paid minus refunded, a decimal string. */
  revenue: string;
}

/** The daily summary's body: yesterday's figures, one per line. */
export function dailySummaryBody(
  figures: DayFigures,
  format: Pick<StudioFormat, 'currency' | 'locale'> = { currency: 'USD', locale: 'en-US' },
): string {
  return [
    `New members: ${figures.newMembers}`,
    `Visits: ${figures.visits}`,
    `Bookings made: ${figures.bookings}`,
    `Revenue (paid minus refunded): ${formatMoney(figures.revenue, format)}`,
    `New leads: ${figures.newLeads}`,
  ].join('\n');
}

export const dailySummaryTitle = (day: string) => `Daily summary for ${day}`;
