import type { RealtimeNotification } from '@fitbase/domain/contracts/events';
import type { StudioScope } from '../../http/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { findMembership } from '../../context/memberships.queries.ts';
import { sessionIsLive } from './realtime.queries.ts';
import { REALTIME_CHANNEL } from '../../context/realtime-channel.ts';

/** Whose stream: the studio scope of a `transaction: false` route (its db the app's handle). */
export interface StreamOwner extends Pick<StudioScope, 'userId' | 'organizationId' | 'db'> {
  sessionId: string;
  /** The stream named its studio (one tab's choice) rather than following the default. */
  pinned: boolean;
}

/**
 * A stream was authorised when it opened; this re-checks it on every keep-alive so a
 * signed-out session or a removed membership stops receiving events within one keep-alive
 * period; a stream that follows the default studio also ends when the default changes (the
 * browser then reconnects into the right scope). A pinned stream keeps its own studio.
 */
export async function streamStillAllowed(owner: StreamOwner): Promise<boolean> {
  const { db } = owner;
  if (!(await sessionIsLive(db, owner.sessionId))) return false;
  const membership = await findMembership(
    db,
    owner.userId,
    owner.pinned ? owner.organizationId : null,
  );
  return membership?.organizationId === owner.organizationId;
}

/** NOTIFY payloads are capped at 8000 bytes; 100 uuids stay far below that. */
const IDS_PER_NOTIFICATION = 100;

/**
 * Announces a change made in `unit`. It is sent once the unit commits (never when it rolls back),
 * so a listener never hears of data it cannot read yet.
 */
export function publishChange(unit: UnitOfWork, notification: RealtimeNotification): void {
  for (let start = 0; start < notification.ids.length; start += IDS_PER_NOTIFICATION) {
    const payload = JSON.stringify({
      ...notification,
      ids: notification.ids.slice(start, start + IDS_PER_NOTIFICATION),
    });
    unit.notify(REALTIME_CHANNEL, payload);
  }
}
