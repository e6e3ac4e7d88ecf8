import type { Db } from '../../db/client.ts';
import { resolveOrganizationContext } from '../account/account.service.ts';
import { sessionIsLive } from './realtime.queries.ts';

export interface StreamOwner {
  userId: string;
  sessionId: string;
  organizationId: string;
}

/**
 * A stream was authorised when it opened; this re-checks it on every keep-alive so a
 * signed-out session, a removed membership or a switched organization stops receiving
 * events within one keep-alive period (the browser then reconnects into the right scope).
 */
export async function streamStillAllowed(db: Db, owner: StreamOwner): Promise<boolean> {
  if (!(await sessionIsLive(db, owner.sessionId))) return false;
  const org = await resolveOrganizationContext(db, owner.userId);
  return org?.organizationId === owner.organizationId;
}
