import { INVITATION_TTL_DAYS } from '@fitbase/domain/constants';
import { escapeHtml, type MailMessage } from '../../lib/mailer.ts';

function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

function paragraphs(lines: string[]): { text: string; html: string } {
  return {
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

function linkParagraph(link: string): string {
  return `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
}

/**
 * Sent after Create Staff Account (docs/product/staff.md#create-staff-account: sign in at /auth).
 */
export function accountCreatedMail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  role: string;
  signInUrl: string;
}): MailMessage {
  const { to, firstName, organizationName, role, signInUrl } = input;
  // The password is never emailed: the person who created the account hands it over.
  // (An existing account is never added this way: it gets a staff invitation instead.)
  const body = paragraphs([
    `Hello ${firstName},`,
    `A FitBase staff account was created for you at ${organizationName}, with the role ${roleLabel(role)}.`,
    `You can sign in at ${signInUrl} with this email address (${to}) and the password you were given. If you do not have it, choose "Forgot password?" on that page.`,
  ]);
  return {
    to,
    subject: `Your FitBase staff account at ${organizationName}`,
    text: body.text,
    html: body.html + linkParagraph(signInUrl),
    links: [signInUrl],
  };
}

/** Sent by Resend (docs/product/staff.md#resend): the acceptance link, valid 7 days. */
export function staffInvitationMail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  role: string;
  link: string;
}): MailMessage {
  const { to, firstName, organizationName, role, link } = input;
  const before = paragraphs([
    `Hello ${firstName},`,
    `You've been invited to join ${organizationName} on FitBase as a ${roleLabel(role)}.`,
    `Open this link within ${INVITATION_TTL_DAYS} days to accept the invitation:`,
  ]);
  const after = paragraphs([
    'If you already have a FitBase account with this email address, sign in with it on that page.',
    'If you did not expect this invitation, you can ignore this email.',
  ]);
  return {
    to,
    subject: `You're invited to join ${organizationName} on FitBase`,
    text: `${before.text}\n\n${link}\n\n${after.text}`,
    html: before.html + linkParagraph(link) + after.html,
    links: [link],
  };
}
