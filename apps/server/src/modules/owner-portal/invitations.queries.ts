import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import {
  invitations,
  profiles,
  subscriptionPlans,
  userSubscriptions,
} from '../../db/schema/platform.ts';
import { afterCursor, cursorTimestamp, newestFirst, type Cursor } from '../../db/keyset.ts';

/**
 * Stored `pending` past its expiry reads as `expired` (docs/product/owner-portal.md#invite-users):
 * the clock decides, not a job.
 */
const effectiveStatus = sql<'pending' | 'accepted' | 'expired'>`case
  when ${invitations.status} = 'pending' and ${invitations.expiresAt} <= now() then 'expired'
  else ${invitations.status} end`;

const invitationColumns = {
  id: invitations.id,
  token: invitations.token,
  email: invitations.email,
  planId: invitations.planId,
  planName: subscriptionPlans.name,
  planPriceMonthly: subscriptionPlans.priceMonthly,
  status: effectiveStatus,
  expiresAt: invitations.expiresAt,
  createdAt: invitations.createdAt,
};

export async function insertInvitation(
  db: Db,
  values: {
    token: string;
    email: string;
    invitedBy: string;
    planId: string | null;
    expiresAt: Date;
  },
) {
  const [row] = await db
    .insert(invitations)
    .values({ ...values, status: 'pending' })
    .returning({ id: invitations.id });
  if (!row) throw new Error('insert invitations returned no row');
  return row;
}

export async function findInvitationById(db: Db, id: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, invitations.planId))
    .where(eq(invitations.id, id))
    .limit(1);
  return row ?? null;
}

/** The invitation behind a link, with who sent it (profile name, else account name). */
export async function findInvitationByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      ...invitationColumns,
      inviterName: sql<
        string | null
      >`coalesce(nullif(${profiles.fullName}, ''), nullif(${users.name}, ''))`,
    })
    .from(invitations)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, invitations.planId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
    .where(eq(invitations.token, token))
    .limit(1);
  return row ?? null;
}

export async function listInvitationsPage(
  db: Db,
  options: { cursor: Cursor | null; limit: number },
) {
  return db
    .select({ ...invitationColumns, cursorTs: cursorTimestamp(invitations.createdAt) })
    .from(invitations)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, invitations.planId))
    .where(afterCursor(invitations.createdAt, invitations.id, options.cursor))
    .orderBy(...newestFirst(invitations.createdAt, invitations.id))
    .limit(options.limit + 1);
}

/**
 * Marks the invitation accepted only if it is still pending and unexpired, in one statement:
 * of two simultaneous acceptances the second finds no row (the row lock serializes them).
 */
export async function markAccepted(tx: Tx, id: string, userId: string) {
  const [row] = await tx
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: sql`now()`, acceptedBy: userId })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: invitations.id, planId: invitations.planId });
  return row ?? null;
}

/** One active subscription per person: a new plan replaces the one they had. */
export async function replaceActiveSubscription(tx: Tx, userId: string, planId: string) {
  await tx
    .update(userSubscriptions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.status, 'active')));
  await tx.insert(userSubscriptions).values({ userId, planId, status: 'active' });
}

export async function findInviterName(db: Db, userId: string) {
  const [row] = await db
    .select({
      name: sql<
        string | null
      >`coalesce(nullif(${profiles.fullName}, ''), nullif(${users.name}, ''), ${users.email})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? null;
}
