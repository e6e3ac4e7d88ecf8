import type { WebPushMessage } from '@fitbase/domain/contracts/web-push';
import type { ScheduleEmailJob } from '../schedule/schedule-email.service.ts';
import { serviceEmail, type EmailStudio } from '../../lib/email-content.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * Messages about a member's booking (docs/product/schedule.md, docs/product/member-portal.md#notifications):
 * service messages, no marketing consent needed; reminders follow the member's reminder switches.
 */
interface BookingMessageInput {
  to: string;
  firstName: string;
  className: string;
  /** Day and time in the studio's time zone. */
  when: string;
  /** The studio's name and branding (Settings → General): the email's frame. */
  studio: EmailStudio;
  /** The member's portal, e.g. https://app.example/m/{slug}: where the reminder's switches are. */
  portalUrl: string;
}

/** The email form; null for a booking confirmation, which is sent by push only. */
export function scheduleMail(
  type: ScheduleEmailJob['type'],
  input: BookingMessageInput,
): MailMessage | null {
  const { to, firstName, className, when, studio } = input;
  const organizationName = studio.name;
  const paragraphs = (lines: string[]) => serviceEmail(studio, lines);
  if (type === 'booking_confirmed') return null;
  if (type === 'waitlist_promoted') {
    const body = paragraphs([
      `Hello ${firstName},`,
      `A place opened up in ${className} on ${when} at ${organizationName}, and you were next on the waitlist: you're booked.`,
      'If you can no longer come, please cancel so the next person on the waitlist gets the place.',
    ]);
    return { to, subject: `You're in: ${className} on ${when}`, ...body };
  }
  if (type === 'class_reminder') {
    const body = paragraphs([
      `Hello ${firstName},`,
      `This is a reminder of your booking: ${className} on ${when} at ${organizationName}.`,
      'If you can no longer come, please cancel so someone else can have the place.',
      `You can turn reminders off in your profile: ${input.portalUrl}/profile`,
    ]);
    return { to, subject: `Reminder: ${className} on ${when}`, ...body };
  }
  const body = paragraphs([
    `Hello ${firstName},`,
    `${organizationName} cancelled ${className} on ${when}. Your booking for it is cancelled.`,
    'We are sorry for the change. You can book another session with the studio.',
  ]);
  return { to, subject: `Cancelled: ${className} on ${when}`, ...body };
}

/** The Web Push form: the portal's service worker shows it and opens `url` on click. */
export function schedulePush(
  type: ScheduleEmailJob['type'],
  input: { bookingId: string; className: string; when: string; studioName: string; slug: string },
): WebPushMessage {
  const { className, when, studioName, slug } = input;
  const url = `/m/${slug}/bookings`;
  const tag = `booking-${input.bookingId}`;
  if (type === 'booking_confirmed')
    return { title: `Booked: ${className}`, body: `${when} at ${studioName}.`, url, tag };
  if (type === 'waitlist_promoted')
    return {
      title: `You're in: ${className}`,
      body: `A place opened up on ${when} at ${studioName} and you were next on the waitlist.`,
      url,
      tag,
    };
  if (type === 'class_reminder')
    return { title: `Reminder: ${className}`, body: `${when} at ${studioName}.`, url, tag };
  return {
    title: `Cancelled: ${className}`,
    body: `${studioName} cancelled ${className} on ${when}. Your booking for it is cancelled.`,
    url: `/m/${slug}/schedule`,
    tag,
  };
}
