import type { Config } from '../../env.ts';
import type { PublicScope, StudioScope } from '../../http/types.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';
import { studioSender, type StudioSender } from '../../context/studio-sender.ts';
import * as queries from './unsubscribe.queries.ts';

/**
 * One-click unsubscribe (docs/product/connect-and-messaging.md#consent-and-the-rules-of-all-messaging):
 * every marketing email links to a page with one button and carries the RFC 8058 headers, both
 * holding a signed token of (studio, member[, campaign copy]) so it works without a session and
 * cannot be forged or enumerated.
 */

const PURPOSE = 'unsubscribe';

// One message wherever marketing is refused for it; the address is set in Settings › General.
export const POSTAL_ADDRESS_REQUIRED_MESSAGE =
  "Add your studio's postal address (Settings › General) before sending marketing email: every marketing email must carry it.";

export function unsubscribeToken(
  config: Pick<Config, 'authSecret'>,
  organizationId: string,
  memberId: string,
  recipientId?: string,
): string {
  const parts = recipientId ? [organizationId, memberId, recipientId] : [organizationId, memberId];
  return signToken(config.authSecret, PURPOSE, parts);
}

/**
 * The footer link (the web page with one button) and the headers mail clients use for their own
 * unsubscribe button. `recipientId` (a campaign copy) lets the unsubscribe count on that campaign.
 */
export function unsubscribeLink(
  config: Pick<Config, 'authSecret' | 'appUrl'>,
  organizationId: string,
  memberId: string,
  recipientId?: string,
): { url: string; headers: Record<string, string> } {
  const token = unsubscribeToken(config, organizationId, memberId, recipientId);
  return {
    url: `${config.appUrl}/unsubscribe/${token}`,
    headers: {
      'List-Unsubscribe': `<${config.appUrl}/api/email/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Marketing is refused until the studio has a postal address (CAN-SPAM). */
export function requirePostalAddress(
  sender: StudioSender,
): StudioSender & { postalAddress: string } {
  if (!sender.postalAddress?.trim())
    throw new AppError('postal_address_required', POSTAL_ADDRESS_REQUIRED_MESSAGE);
  return sender as StudioSender & { postalAddress: string };
}

export async function updatePostalAddress(
  scope: Pick<StudioScope, 'db' | 'organizationId'>,
  postalAddress: string,
): Promise<{ postalAddress: string | null }> {
  const row = await queries.setPostalAddress(
    scope.db,
    scope.organizationId,
    postalAddress.trim() || null,
  );
  if (!row) throw notFound('Organization');
  return row;
}

interface UnsubscribeTarget {
  organizationId: string;
  memberId: string;
  recipientId: string | null;
}

/** A forged, altered or foreign token answers exactly like an unknown one. */
function readToken(config: Pick<Config, 'authSecret'>, token: string): UnsubscribeTarget {
  const parts = verifyToken(config.authSecret, PURPOSE, token);
  if (!parts || parts.length < 2 || parts.length > 3) throw notFound('Unsubscribe link');
  const [organizationId, memberId, recipientId] = parts as [string, string, string?];
  return { organizationId, memberId, recipientId: recipientId ?? null };
}

/** What the one-button page shows: the studio's name and whether it is already done. */
export async function unsubscribePage(
  scope: Pick<PublicScope, 'db' | 'deps'>,
  token: string,
): Promise<{ studioName: string; unsubscribed: boolean }> {
  const target = readToken(scope.deps.config, token);
  return runInStudio(scope.db, target.organizationId, async (tx) => {
    const member = await queries.findUnsubscribeMember(tx, target.organizationId, target.memberId);
    if (!member) throw notFound('Unsubscribe link');
    const sender = await studioSender(tx, target.organizationId);
    return { studioName: sender.name, unsubscribed: member.unsubscribedAt !== null };
  });
}

/**
 * Unsubscribes the member: consent off, `unsubscribed_at` set, and the campaign copy marked
 * (one event per copy). Repeating it changes nothing, so a mail client's one-click POST and the
 * page's button can both arrive.
 */
export async function unsubscribe(
  scope: Pick<PublicScope, 'db' | 'deps'>,
  token: string,
): Promise<{ studioName: string; unsubscribed: true }> {
  const target = readToken(scope.deps.config, token);
  return runInStudio(scope.db, target.organizationId, async (tx) => {
    const member = await queries.findUnsubscribeMember(tx, target.organizationId, target.memberId);
    if (!member) throw notFound('Unsubscribe link');
    await queries.unsubscribeMember(tx, target.organizationId, target.memberId);
    if (target.recipientId) {
      const copy = await queries.unsubscribeRecipient(
        tx,
        target.organizationId,
        target.recipientId,
        target.memberId,
      );
      if (copy)
        await queries.insertUnsubscribeEvent(
          tx,
          target.organizationId,
          copy.campaignId,
          target.recipientId,
        );
    }
    const sender = await studioSender(tx, target.organizationId);
    return { studioName: sender.name, unsubscribed: true as const };
  });
}
