import type { KioskSyncInput, KioskSyncResult } from '@fitbase/domain/contracts/kiosk';
import { KIOSK_SYNC_MAX } from '@fitbase/domain/kiosk-constants';
import type { KioskStore } from '../storage/kiosk-store';

/**
 * Sends the check-ins queued offline, oldest first, in requests of at most KIOSK_SYNC_MAX. A
 * check-in leaves the queue only once the server answered it (recorded, exception or already):
 * if an answer is lost, the same client ids go again and the server counts each once. A failed
 * request (no network, unpaired) is thrown after the chunks before it were taken off.
 */
export async function sendQueue(
  store: Pick<KioskStore, 'queued' | 'remove'>,
  send: (input: KioskSyncInput) => Promise<KioskSyncResult>,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const checkIns = await store.queued(KIOSK_SYNC_MAX);
    if (checkIns.length === 0) return sent;
    const { results } = await send({ checkIns });
    const asked = new Set(checkIns.map((checkIn) => checkIn.clientId));
    const answered = results
      .filter((result) => asked.has(result.clientId))
      .map((result) => result.clientId);
    await store.remove(answered);
    sent += answered.length;
    // A server that answered none of them would be asked the same forever: try again later.
    if (answered.length === 0) return sent;
  }
}
