import {
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  formatDay,
  formatMoney,
} from '@fitbase/domain/studio-format';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import { serviceEmail, type EmailStudio } from '../../lib/email-content.ts';
import type { MailMessage } from '../../lib/mailer.ts';

function reasonFor(code: string | null, lastFour: string | null) {
  const card = lastFour ? `Your card ending ${lastFour}` : 'Your card';
  if (code === 'insufficient_funds') return `${card} has insufficient funds.`;
  if (code === 'no_payment_method') return 'We have no card on file for you.';
  if (code === 'card_expired') return `${card} has expired.`;
  return `${card} was declined.`;
}

/**
 * A billing charge failed (a service email: no marketing consent needed). Says what failed, why
 * and what happens next: another try on a date, or the membership is past due.
 */
export function paymentFailedMail(input: {
  to: string;
  firstName: string;
  /** The studio's name and branding (Settings → General): the email's frame. */
  studio: EmailStudio;
  amount: string;
  description: string;
  failureCode: string | null;
  cardLastFour: string | null;
  nextRetryDate: string | null;
  pastDue: boolean;
  /** A household's charge: each membership it covered, with what happens next to it. */
  covered?: Array<{
    member: string | null;
    amount: string;
    description: string;
    nextRetryDate: string | null;
    pastDue: boolean;
  }>;
}): MailMessage {
  const organizationName = input.studio.name;
  // The studio's currency and locale (ADR 0038); a studio frame without them is a USD one.
  const format = input.studio.format ?? {
    currency: DEFAULT_CURRENCY,
    locale: DEFAULT_LOCALE,
    timeZone: 'UTC',
  };
  const longDate = (date: string) => formatDay(date, format);
  const next = input.pastDue
    ? `We will not try again automatically and your membership is now past due. Please update your card or pay at the front desk to keep your membership active.`
    : input.nextRetryDate
      ? `We will try again on ${longDate(input.nextRetryDate)}. To avoid another failure, please update your card or contact ${organizationName}.`
      : `Please update your card or contact ${organizationName}.`;
  if (input.covered) {
    const total = input.covered.reduce((n, c) => n + toMills(c.amount), 0);
    const each = input.covered.map((c) => {
      const then = c.pastDue
        ? 'now past due, with no further automatic try'
        : c.nextRetryDate
          ? `we will try again on ${longDate(c.nextRetryDate)}`
          : 'no further automatic try';
      const who = c.member ? `${c.member}: ` : '';
      return `- ${who}${c.description}, ${formatMoney(c.amount, format)}: ${then}.`;
    });
    return {
      to: input.to,
      subject: `Your payment to ${organizationName} failed`,
      ...serviceEmail(input.studio, [
        `Hello ${input.firstName},`,
        `Your payment of ${formatMoney(formatMills(total), format)} to ${organizationName} for your household's ${input.covered.length} memberships failed. ${reasonFor(input.failureCode, input.cardLastFour)}`,
        'It covered:',
        ...each,
        `To avoid another failure, please update your card or contact ${organizationName}.`,
      ]),
    };
  }
  const lines = [
    `Hello ${input.firstName},`,
    `Your payment of ${formatMoney(input.amount, format)} to ${organizationName} for ${input.description} failed. ${reasonFor(input.failureCode, input.cardLastFour)}`,
    next,
  ];
  return {
    to: input.to,
    subject: `Your payment to ${organizationName} failed`,
    ...serviceEmail(input.studio, lines),
  };
}
