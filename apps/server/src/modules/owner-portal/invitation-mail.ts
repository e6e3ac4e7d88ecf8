import { formatDollars } from '@fitbase/domain/savings';
import { escapeHtml, type MailMessage } from '../../lib/mailer.ts';

export interface InvitationMailInput {
  appUrl: string;
  token: string;
  /** Who the invitation is for; in demo mode the mail goes elsewhere but still names them. */
  email: string;
  inviterName: string;
  planName: string | null;
  planPriceMonthly: string | null;
  expiresAt: Date;
  demo: { to: string } | null;
}

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/invite/${encodeURIComponent(token)}`;
}

/** The platform invitation email (docs/product/owner-portal.md#invite-users). */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const link = invitationLink(input.appUrl, input.token);
  const plan =
    input.planName && input.planPriceMonthly
      ? ` with the ${input.planName} plan (${formatDollars(input.planPriceMonthly)}/month)`
      : '';
  const expires = input.expiresAt.toUTCString();
  const demoLine = input.demo ? `Demo invitation for ${input.email}.` : null;
  const intro = `${input.inviterName} invited you to join FitBase${plan}.`;
  const how = `Open the link below and create your account with ${input.email} (or sign in if you already have one).`;
  const text = [demoLine, `Hello,`, intro, how, link, `The link expires on ${expires}.`]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    demoLine ? `<p><strong>${escapeHtml(demoLine)}</strong></p>` : '',
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(how)}</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    `<p>The link expires on ${escapeHtml(expires)}.</p>`,
  ].join('');
  return {
    to: input.demo?.to ?? input.email,
    subject: input.demo
      ? `[Demo] You're invited to FitBase (for ${input.email})`
      : "You're invited to FitBase",
    text,
    html,
    links: [link],
  };
}
