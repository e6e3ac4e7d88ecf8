import { EXPORT_LINK_DAYS } from '@fitbase/domain/settings-constants';
import { escapeHtml, type MailMessage } from '../../lib/mailer.ts';

/** The owner's own export link (not marketing: sent because they asked for it). */
export function exportLinkMail(input: {
  to: string;
  name: string;
  studioName: string;
  url: string;
  expiresAt: Date;
}): MailMessage {
  const until = input.expiresAt.toUTCString();
  const lines = [
    `Hello ${input.name},`,
    `Here is the link to download all data of ${input.studioName} as a ZIP of CSV files.`,
    `It works for ${EXPORT_LINK_DAYS} days, until ${until}. Anyone with the link can download the data, so do not forward it.`,
  ];
  const text = [...lines, `Download: ${input.url}`].join('\n\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.url)}">Download your data</a></p>`,
  ].join('');
  return {
    to: input.to,
    subject: `Your data export · ${input.studioName}`,
    text,
    html,
    links: [input.url],
    fromName: input.studioName,
  };
}
