import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberSessions } from '../../db/schema/member-auth.ts';

/** Ends this session of the member's portal. */
export async function signOutHere(db: Db, organizationId: string, sessionId: string) {
  await db
    .delete(memberSessions)
    .where(
      and(eq(memberSessions.organizationId, organizationId), eq(memberSessions.id, sessionId)),
    );
}

/** Ends every session of this member in this studio's portal, on every device. */
export async function signOutEverywhere(db: Db, organizationId: string, memberId: string) {
  await db
    .delete(memberSessions)
    .where(
      and(eq(memberSessions.organizationId, organizationId), eq(memberSessions.memberId, memberId)),
    );
}
