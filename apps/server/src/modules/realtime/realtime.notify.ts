import type { RealtimeNotification } from '@fitbase/domain/contracts/events';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** The one NOTIFY channel of FitBase; every process LISTENs on it once (realtime.hub.ts). */
export const REALTIME_CHANNEL = 'fitbase_events';

/** NOTIFY payloads are capped at 8000 bytes; 100 uuids stay far below that. */
const IDS_PER_NOTIFICATION = 100;

/**
 * Announces a change from inside the writing transaction. PostgreSQL delivers NOTIFY only on
 * commit (and drops it on rollback), so a listener never hears of data it cannot read yet.
 */
export async function publishChange(
  tx: Db | Tx,
  notification: RealtimeNotification,
): Promise<void> {
  for (let start = 0; start < notification.ids.length; start += IDS_PER_NOTIFICATION) {
    const payload = JSON.stringify({
      ...notification,
      ids: notification.ids.slice(start, start + IDS_PER_NOTIFICATION),
    });
    await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
  }
}
