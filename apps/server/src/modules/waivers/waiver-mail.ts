import { studioSender } from '../../context/studio-sender.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import type { Deps } from '../../http/types.ts';
import { brandedStudio, serviceEmail } from '../../lib/email-content.ts';
import { waiverPdf } from './waiver-pdf.ts';
import type { WaiverEmailJob } from './waivers.jobs.ts';
import * as queries from './waivers.queries.ts';

/** The 'waivers.email' job: the member's copy of what they signed, as a PDF attachment. */
export async function sendWaiverEmail(deps: Deps, job: WaiverEmailJob): Promise<void> {
  const log = deps.logger.child({ job: 'waivers.email', signatureId: job.signatureId });
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const signature = await queries.findSignature(tx, job.organizationId, job.signatureId);
    if (!signature) return null;
    const member = await queries.findMember(tx, job.organizationId, signature.memberId);
    const to = member?.mailTo?.trim();
    if (!member || !to) return null;
    const sender = await studioSender(tx, job.organizationId);
    const studio = brandedStudio(sender, deps.config.appUrl);
    const timeZone = await getOrganizationTimeZone(tx, job.organizationId);
    const pdf = await waiverPdf({
      studioName: sender.name,
      timeZone,
      locale: sender.locale,
      memberName: `${member.firstName} ${member.lastName}`,
      signature,
    });
    const body = serviceEmail(studio, [
      `Hello ${member.firstName},`,
      `Thank you for signing ${signature.title} (version ${signature.version}) at ${sender.name}. Your signed copy is attached as a PDF.`,
      'You can also download it from your profile in the member portal.',
    ]);
    return {
      to,
      fromName: sender.name,
      subject: `Your signed waiver — ${sender.name}`,
      ...body,
      attachments: [
        {
          filename: `waiver-v${signature.version}.pdf`,
          content: pdf,
          contentType: 'application/pdf',
        },
      ],
    };
  });
  if (!message) return void log.info('Waiver email skipped: no signature or no email');
  await deps.mailer.send(message);
}
