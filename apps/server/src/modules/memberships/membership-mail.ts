import { formatMills, toMills } from '@fitbase/domain/amounts';
import { formatDay, formatMoney } from '@fitbase/domain/studio-format';
import { studioSender } from '../../context/studio-sender.ts';
import type { Deps } from '../../http/types.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { brandedStudio, serviceEmail } from '../../lib/email-content.ts';
import { emailsReceipts } from '../receipts/receipts.service.ts';
import type { MembershipEmailJob } from './memberships.jobs.ts';
import * as queries from './memberships.queries.ts';

/**
 * The 'memberships.email' job: the member's confirmation of a cancellation they made in the
 * portal, with the last day (docs/product/member-portal.md#membership).
 */

export async function sendMembershipEmail(deps: Deps, job: MembershipEmailJob): Promise<void> {
  const log = deps.logger.child({ job: 'memberships.email', membershipId: job.membershipId });
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const row = await queries.findMembership(tx, job.organizationId, job.membershipId);
    if (!row) return null;
    const contact = await queries.memberContact(tx, job.organizationId, row.membership.memberId);
    const to = contact?.email?.trim();
    if (!contact || !to) return null;
    const sender = await studioSender(tx, job.organizationId);
    const studio = brandedStudio(sender, deps.config.appUrl);
    // Amounts and dates as the studio writes them (ADR 0038).
    const day = (date: string) => formatDay(date, sender);
    if (job.type === 'bought_online') {
      // The numbered receipt (with its PDF) is emailed for each charge when the studio sends
      // receipts: this unnumbered one would repeat it (docs/product/money-and-store.md#receipts).
      if (await emailsReceipts(tx, job.organizationId)) return null;
      // Added in cents, never as floats.
      const paid = formatMoney(
        formatMills(toMills(row.membership.price) + toMills(row.plan.signupFee)),
        sender,
      );
      const receipt = serviceEmail(studio, [
        `Hello ${contact.firstName},`,
        `Thank you for buying ${row.plan.name} at ${studio.name}: ${paid} was charged to your card on ${day(row.membership.startDate)}.`,
        'You can book classes with it in your portal now.',
      ]);
      return {
        to,
        fromName: studio.name,
        subject: `Your receipt: ${row.plan.name} (${paid})`,
        ...receipt,
      };
    }
    if (!row.membership.endDate) return null;
    const lastDay = day(row.membership.endDate);
    const body = serviceEmail(studio, [
      `Hello ${contact.firstName},`,
      `You cancelled your ${row.plan.name} membership at ${studio.name}. It ends on ${lastDay}: you can use it until then, and no payment is taken after that.`,
      'If you change your mind, talk to the studio before that day.',
    ]);
    return {
      to,
      fromName: studio.name,
      subject: `Your ${row.plan.name} membership ends on ${lastDay}`,
      ...body,
    };
  });
  if (!message) return void log.info('Membership email skipped: no end date or no email');
  await deps.mailer.send(message);
}
