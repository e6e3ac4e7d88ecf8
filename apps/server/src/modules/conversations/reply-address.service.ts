import type { Db, Tx } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { ensureConversationTokens } from './reply-address.queries.ts';

/**
 * Two-way messaging (docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging):
 * every message FitBase sends to a member (1:1 and campaign) carries the reply address of the
 * member's conversation, `reply+{token}@{INBOUND_MAIL_DOMAIN}`, so a reply lands in that thread.
 */
export function replyAddress(config: Pick<Config, 'inboundMailDomain'>, token: string): string {
  return `reply+${token}@${config.inboundMailDomain}`;
}

/** The reply token in an address such as `reply+abc@domain`, or null. */
export function replyTokenOf(address: string): string | null {
  const match = /^reply\+([a-z0-9]{10,64})@/i.exec(address.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** The reply address of each member's conversation, made on first use (inside `tx`). */
export async function replyAddressesFor(
  tx: Db | Tx,
  config: Pick<Config, 'inboundMailDomain'>,
  organizationId: string,
  memberIds: readonly string[],
): Promise<Map<string, string>> {
  const tokens = await ensureConversationTokens(tx, organizationId, memberIds);
  return new Map([...tokens].map(([memberId, token]) => [memberId, replyAddress(config, token)]));
}
