import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { members } from '../../db/schema/members.ts';
import { conversations, messages } from '../../db/schema/messaging.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';

/** Conversations and their messages. Every query names the studio in its `where`. */

type Handle = Db | Tx;

export type MessageRow = typeof messages.$inferSelect;

/** A person's name in this studio: the studio's display name, else their own. */
const staffName = sql<string>`coalesce(${organizationUsers.displayName}, ${users.name})`;
const memberName = sql<string>`${members.firstName} || ' ' || ${members.lastName}`;

export async function findMember(db: Handle, organizationId: string, memberId: string) {
  const [row] = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row ?? null;
}

export async function isStaffOf(db: Handle, organizationId: string, userId: string) {
  const [row] = await db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    );
  return Boolean(row);
}

export async function conversationIdOfMember(db: Handle, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.organizationId, organizationId), eq(conversations.memberId, memberId)),
    );
  return row?.id ?? null;
}

export async function insertMessage(
  db: Handle,
  values: Omit<typeof messages.$inferInsert, 'id' | 'createdAt'>,
  /** Default: the database's clock. */
  createdAt?: Date,
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({ ...values, createdAt })
    .returning();
  return row!;
}

/** After a message in or out: the thread moves to the top; a reply also reopens it. */
export async function touchConversation(
  db: Handle,
  organizationId: string,
  conversationId: string,
  inbound: boolean,
  /** Default: the database's clock. */
  at?: Date,
) {
  await db
    .update(conversations)
    .set({
      lastMessageAt: at ?? sql`now()`,
      updatedAt: at ?? sql`now()`,
      ...(inbound
        ? { status: 'open' as const, unreadCount: sql`${conversations.unreadCount} + 1` }
        : {}),
    })
    .where(
      and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId)),
    );
}

const summaryColumns = {
  id: conversations.id,
  memberId: conversations.memberId,
  memberName,
  memberEmail: members.email,
  status: conversations.status,
  assigneeUserId: conversations.assigneeUserId,
  assigneeName: sql<string | null>`case when ${users.id} is null then null else ${staffName} end`,
  unreadCount: conversations.unreadCount,
  lastMessageAt: conversations.lastMessageAt,
};

function summaries(db: Handle, organizationId: string) {
  return db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(
      members,
      and(eq(members.organizationId, organizationId), eq(members.id, conversations.memberId)),
    )
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, conversations.assigneeUserId),
      ),
    )
    .leftJoin(users, eq(users.id, organizationUsers.userId));
}

/** The inbox: conversations that have a message, newest first. */
export async function listConversations(
  db: Handle,
  organizationId: string,
  filters: { status: 'open' | 'resolved' | null; assigneeUserId: string | null },
) {
  return summaries(db, organizationId)
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        isNotNull(conversations.lastMessageAt),
        filters.status ? eq(conversations.status, filters.status) : undefined,
        filters.assigneeUserId
          ? eq(conversations.assigneeUserId, filters.assigneeUserId)
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(200);
}

export async function findConversation(db: Handle, organizationId: string, id: string) {
  const [row] = await summaries(db, organizationId).where(
    and(eq(conversations.organizationId, organizationId), eq(conversations.id, id)),
  );
  return row ?? null;
}

/** The newest message of each conversation (inbox previews). */
export async function lastMessages(db: Handle, organizationId: string, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      direction: messages.direction,
      subject: messages.subject,
      body: messages.body,
    })
    .from(messages)
    .where(
      and(
        eq(messages.organizationId, organizationId),
        inArray(messages.conversationId, conversationIds),
      ),
    )
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
}

export async function threadMessages(db: Handle, organizationId: string, conversationId: string) {
  return db
    .select({
      message: messages,
      sentByName: sql<string | null>`case when ${users.id} is null then null else ${staffName} end`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sentBy))
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, messages.sentBy),
      ),
    )
    .where(
      and(eq(messages.organizationId, organizationId), eq(messages.conversationId, conversationId)),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/** Opening a thread reads its inbound messages. Returns whether anything was unread. */
export async function markThreadRead(db: Handle, organizationId: string, conversationId: string) {
  const read = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(messages.organizationId, organizationId),
        eq(messages.conversationId, conversationId),
        eq(messages.direction, 'in'),
        sql`${messages.readAt} is null`,
      ),
    )
    .returning({ id: messages.id });
  const reset = await db
    .update(conversations)
    .set({ unreadCount: 0 })
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        eq(conversations.id, conversationId),
        sql`${conversations.unreadCount} > 0`,
      ),
    )
    .returning({ id: conversations.id });
  return read.length > 0 || reset.length > 0;
}

export async function updateConversation(
  db: Handle,
  organizationId: string,
  id: string,
  values: { status?: 'open' | 'resolved'; assigneeUserId?: string | null },
) {
  const [row] = await db
    .update(conversations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(conversations.organizationId, organizationId), eq(conversations.id, id)))
    .returning({ id: conversations.id });
  return row ?? null;
}

export async function outboundCounts(db: Handle, organizationId: string) {
  const [row] = await db
    .select({
      sent: count(),
      opened: sql<number>`count(${messages.firstOpenedAt})::int`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.organizationId, organizationId),
        eq(messages.direction, 'out'),
        eq(messages.status, 'sent'),
      ),
    );
  return { sent: row?.sent ?? 0, opened: row?.opened ?? 0 };
}

export async function recentMessages(db: Handle, organizationId: string, limit: number) {
  return db
    .select({
      id: messages.id,
      memberId: conversations.memberId,
      memberName,
      direction: messages.direction,
      subject: messages.subject,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(
      conversations,
      and(
        eq(conversations.organizationId, organizationId),
        eq(conversations.id, messages.conversationId),
      ),
    )
    .innerJoin(
      members,
      and(eq(members.organizationId, organizationId), eq(members.id, conversations.memberId)),
    )
    .where(eq(messages.organizationId, organizationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Everything the send job needs about one outbound message. */
export async function messageForSending(db: Handle, organizationId: string, messageId: string) {
  const [row] = await db
    .select({
      message: messages,
      replyToken: conversations.replyToken,
      member: {
        firstName: members.firstName,
        lastName: members.lastName,
        email: members.email,
      },
      senderName: sql<string | null>`case when ${users.id} is null then null else ${staffName} end`,
      studio: {
        name: organizations.name,
        postalAddress: organizations.postalAddress,
        primaryColor: organizations.primaryColor,
        logoUrl: organizations.logoUrl,
      },
    })
    .from(messages)
    .innerJoin(
      conversations,
      and(
        eq(conversations.organizationId, organizationId),
        eq(conversations.id, messages.conversationId),
      ),
    )
    .innerJoin(
      members,
      and(eq(members.organizationId, organizationId), eq(members.id, conversations.memberId)),
    )
    .innerJoin(organizations, eq(organizations.id, organizationId))
    .leftJoin(users, eq(users.id, messages.sentBy))
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, messages.sentBy),
      ),
    )
    .where(
      and(
        eq(messages.organizationId, organizationId),
        eq(messages.id, messageId),
        eq(messages.direction, 'out'),
      ),
    );
  return row ?? null;
}

/**
 * Claims a message for sending: marked sent in the statement that claims it, so a retried or
 * duplicated job never sends it twice (a failed one may be claimed again by the retry).
 */
export async function claimForSending(db: Handle, organizationId: string, messageId: string) {
  const [row] = await db
    .update(messages)
    .set({ status: 'sent' })
    .where(
      and(
        eq(messages.organizationId, organizationId),
        eq(messages.id, messageId),
        inArray(messages.status, ['queued', 'failed']),
      ),
    )
    .returning({ id: messages.id });
  return Boolean(row);
}

export async function setMessageStatus(
  db: Handle,
  organizationId: string,
  messageId: string,
  status: 'queued' | 'failed',
) {
  await db
    .update(messages)
    .set({ status })
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
}

/** A human open: the first one is kept. */
export async function recordOpen(db: Handle, organizationId: string, messageId: string) {
  const [row] = await db
    .update(messages)
    .set({ firstOpenedAt: sql`now()` })
    .where(
      and(
        eq(messages.organizationId, organizationId),
        eq(messages.id, messageId),
        eq(messages.direction, 'out'),
        sql`${messages.firstOpenedAt} is null`,
      ),
    )
    .returning({ id: messages.id });
  return Boolean(row);
}
