import { formatMoney } from '@fitbase/domain/studio-format';
import { runInStudio } from '../../context/run-in-studio.ts';
import { studioSender } from '../../context/studio-sender.ts';
import type { Deps } from '../../http/types.ts';
import { brandedStudio, serviceEmail } from '../../lib/email-content.ts';
import type { GiftCardEmailJob } from './gift-cards.jobs.ts';
import * as queries from './gift-cards.queries.ts';

/** The 'gift-cards.email' job: the recipient learns the code, the amount and who sent it. */
export async function sendGiftCardEmail(deps: Deps, job: GiftCardEmailJob): Promise<void> {
  const message = await runInStudio(deps.database.db, job.organizationId, async (tx) => {
    const row = await queries.findCard(tx, job.organizationId, job.giftCardId);
    if (!row) return null;
    const sender = await studioSender(tx, job.organizationId);
    const studio = brandedStudio(sender, deps.config.appUrl);
    const card = row.card;
    // The studio's currency and locale (ADR 0038).
    const amount = formatMoney(card.initialAmount, sender);
    const from =
      row.purchaserFirst && row.purchaserLast ? `${row.purchaserFirst} ${row.purchaserLast}` : null;
    const lines = [
      card.recipientName ? `Hello ${card.recipientName},` : 'Hello,',
      from
        ? `${from} sent you a ${amount} gift card for ${studio.name}.`
        : `You received a ${amount} gift card for ${studio.name}.`,
      ...(card.message ? [`“${card.message}”`] : []),
      `Your gift card code: ${job.code}`,
      `Give this code at the front desk or enter it when you pay in ${studio.name}'s member portal. It can pay for part of a purchase: what is left stays on the card. Keep it safe: anyone with the code can spend it.`,
    ];
    return {
      to: card.recipientEmail,
      fromName: studio.name,
      subject: `Your ${amount} gift card for ${studio.name}`,
      ...serviceEmail(studio, lines),
    };
  });
  if (!message) return;
  await deps.mailer.send(message);
}
