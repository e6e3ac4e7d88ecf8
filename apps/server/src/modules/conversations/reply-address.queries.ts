import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conversations } from '../../db/schema/messaging.ts';

/**
 * Makes sure each member has their conversation (one per member and studio) and returns every
 * conversation's reply token. Insert-or-nothing on the unique (organization, member) index, so
 * two senders at once never make two threads.
 */
export async function ensureConversationTokens(
  db: Db | Tx,
  organizationId: string,
  memberIds: readonly string[],
): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  await db
    .insert(conversations)
    .values(
      memberIds.map((memberId) => ({
        organizationId,
        memberId,
        replyToken: randomBytes(15).toString('base64url').toLowerCase().replace(/[-_]/g, 'x'),
      })),
    )
    .onConflictDoNothing({ target: [conversations.organizationId, conversations.memberId] });
  const rows = await db
    .select({ memberId: conversations.memberId, replyToken: conversations.replyToken })
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        inArray(conversations.memberId, [...memberIds]),
      ),
    );
  return new Map(rows.map((row) => [row.memberId, row.replyToken]));
}

/** The conversation of a reply token, whatever the studio (inbound mail has no session). */
export async function findConversationByToken(db: Db | Tx, replyToken: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      organizationId: conversations.organizationId,
      memberId: conversations.memberId,
    })
    .from(conversations)
    .where(eq(conversations.replyToken, sql`lower(${replyToken})`));
  return row ?? null;
}
