import type { Db } from '../../db/client.ts';
import { isMemberOf, resolveDefaultOrganization } from '../account/account.service.ts';
import { sessionIsLive } from './realtime.queries.ts';

export interface StreamOwner {
  userId: string;
  sessionId: string;
  organizationId: string;
  /** The stream named its studio (one tab's choice) rather than following the default. */
  pinned: boolean;
}

/**
 * A stream was authorised when it opened; this re-checks it on every keep-alive so a
 * signed-out session or a removed membership stops receiving events within one keep-alive
 * period; a stream that follows the default studio also ends when the default changes (the
 * browser then reconnects into the right scope). A pinned stream keeps its own studio.
 */
export async function streamStillAllowed(db: Db, owner: StreamOwner): Promise<boolean> {
  if (!(await sessionIsLive(db, owner.sessionId))) return false;
  if (owner.pinned) return isMemberOf(db, owner.organizationId, owner.userId);
  const org = await resolveDefaultOrganization(db, owner.userId);
  return org?.organizationId === owner.organizationId;
}
