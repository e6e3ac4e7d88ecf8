import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger.ts';
import { emailsFailed, emailsSent } from './metrics.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries; logged when no SMTP server is configured. */
  links?: string[];
  /** Display name for the From header (the address stays MAIL_FROM's), e.g. the studio's name. */
  fromName?: string;
  /** Where replies go (two-way messaging's per-thread address). */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post for marketing. */
  headers?: Record<string, string>;
  /** Files sent with the message (a signed waiver's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to the server log with
 * its links, so a person following the README can still complete every flow.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject, links: message.links ?? [] } },
          `Email (not sent: SMTP_URL is not set) to ${message.to}: ${message.subject}\n${message.text}`,
        );
        emailsSent.inc();
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport
        .sendMail({
          from: message.fromName ? { name: message.fromName, address: fromAddress(from) } : from,
          replyTo: message.replyTo,
          headers: message.headers,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        })
        .catch((error: unknown) => {
          emailsFailed.inc();
          throw error;
        });
      emailsSent.inc();
      logger.info({ mail: { to: message.to, subject: message.subject } }, 'Email sent');
    },
  };
}

/** The bare address of a From value such as `FitBase <no-reply@fitbase.local>`. */
export function fromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
