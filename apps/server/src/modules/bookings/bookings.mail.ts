import type { ScheduleEmailJob } from '../schedule/schedule-email.service.ts';
import { serviceEmail, type EmailStudio } from '../../lib/email-content.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** Service emails of the schedule (not marketing: no consent needed, docs/product/schedule.md). */
export function scheduleMail(
  type: ScheduleEmailJob['type'],
  input: {
    to: string;
    firstName: string;
    className: string;
    /** Day and time in the studio's time zone. */
    when: string;
    /** The studio's name and branding (Settings → General): the email's frame. */
    studio: EmailStudio;
  },
): MailMessage {
  const { to, firstName, className, when, studio } = input;
  const organizationName = studio.name;
  const paragraphs = (lines: string[]) => serviceEmail(studio, lines);
  if (type === 'waitlist_promoted') {
    const body = paragraphs([
      `Hello ${firstName},`,
      `A place opened up in ${className} on ${when} at ${organizationName}, and you were next on the waitlist: you're booked.`,
      'If you can no longer come, please cancel so the next person on the waitlist gets the place.',
    ]);
    return { to, subject: `You're in: ${className} on ${when}`, ...body };
  }
  const body = paragraphs([
    `Hello ${firstName},`,
    `${organizationName} cancelled ${className} on ${when}. Your booking for it is cancelled.`,
    'We are sorry for the change. You can book another session with the studio.',
  ]);
  return { to, subject: `Cancelled: ${className} on ${when}`, ...body };
}
