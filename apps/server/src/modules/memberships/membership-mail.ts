import { describeDate } from '@fitbase/domain/membership-rules';
import { studioSender } from '../../context/studio-sender.ts';
import type { Deps } from '../../http/types.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { brandedStudio, serviceEmail } from '../../lib/email-content.ts';
import type { MembershipEmailJob } from './memberships.jobs.ts';
import * as queries from './memberships.queries.ts';

/**
 * The 'memberships.email' job: the member's confirmation of a cancellation they made in the
 * portal, with the last day (docs/product/member-portal.md#membership).
 */
const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

export async function sendMembershipEmail(deps: Deps, job: MembershipEmailJob): Promise<void> {
  const log = deps.logger.child({ job: 'memberships.email', membershipId: job.membershipId });
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const row = await queries.findMembership(tx, job.organizationId, job.membershipId);
    if (!row) return null;
    const contact = await queries.memberContact(tx, job.organizationId, row.membership.memberId);
    if (!contact?.email.trim()) return null;
    const studio = brandedStudio(await studioSender(tx, job.organizationId), deps.config.appUrl);
    if (job.type === 'bought_online') {
      const paid = money(Number(row.membership.price) + Number(row.plan.signupFee));
      const receipt = serviceEmail(studio, [
        `Hello ${contact.firstName},`,
        `Thank you for buying ${row.plan.name} at ${studio.name}: ${paid} was charged to your card on ${describeDate(row.membership.startDate)}.`,
        'You can book classes with it in your portal now.',
      ]);
      return {
        to: contact.email,
        fromName: studio.name,
        subject: `Your receipt: ${row.plan.name} (${paid})`,
        ...receipt,
      };
    }
    if (!row.membership.endDate) return null;
    const lastDay = describeDate(row.membership.endDate);
    const body = serviceEmail(studio, [
      `Hello ${contact.firstName},`,
      `You cancelled your ${row.plan.name} membership at ${studio.name}. It ends on ${lastDay}: you can use it until then, and no payment is taken after that.`,
      'If you change your mind, talk to the studio before that day.',
    ]);
    return {
      to: contact.email,
      fromName: studio.name,
      subject: `Your ${row.plan.name} membership ends on ${lastDay}`,
      ...body,
    };
  });
  if (!message) return void log.info('Membership email skipped: no end date or no email');
  await deps.mailer.send(message);
}
