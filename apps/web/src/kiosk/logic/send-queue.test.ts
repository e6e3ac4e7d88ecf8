import 'fake-indexeddb/auto';
import type { KioskSyncInput, KioskSyncResult } from '@fitbase/domain/contracts/kiosk';
import { KIOSK_SYNC_MAX } from '@fitbase/domain/kiosk-constants';
import { describe, expect, it } from 'vitest';
import { roster } from '../test/kiosk-fixtures';
import { createIndexedDbStore, type QueuedCheckIn } from '../storage/kiosk-store';
import { sendQueue } from './send-queue';

// docs/product/kiosk.md, offline: the queue is sent in chunks, and each check-in counts once.

let dbCount = 0;

async function storeWith(count: number) {
  const store = createIndexedDbStore(`send-queue-test-${++dbCount}`);
  const list = await roster(Date.now());
  const start = Date.parse('2030-03-04T17:00:00Z');
  for (let i = 0; i < count; i++)
    await store.recordOffline(
      {
        clientId: crypto.randomUUID(),
        memberNumber: (i % 3) + 1,
        sessionId: null,
        checkedInAt: new Date(start + i * 1000).toISOString(),
      },
      list,
    );
  return store;
}

/** The server's side of the exchange: it records each client id once, as the real route does. */
function server() {
  const recorded = new Set<string>();
  const requests: QueuedCheckIn[][] = [];
  const send = async (input: KioskSyncInput): Promise<KioskSyncResult> => {
    requests.push(input.checkIns);
    return {
      results: input.checkIns.map(({ clientId }) => {
        const already = recorded.has(clientId);
        recorded.add(clientId);
        return { clientId, outcome: already ? 'already' : 'recorded', code: null };
      }),
    };
  };
  return { send, requests, recorded };
}

describe('sending the queue', () => {
  it('sends at most KIOSK_SYNC_MAX a request, oldest first, until the queue is empty', async () => {
    const store = await storeWith(KIOSK_SYNC_MAX + 3);
    const { send, requests, recorded } = server();
    expect(await sendQueue(store, send)).toBe(KIOSK_SYNC_MAX + 3);
    expect(requests.map((r) => r.length)).toEqual([KIOSK_SYNC_MAX, 3]);
    const times = requests.flat().map((r) => r.checkedInAt);
    expect(times).toEqual([...times].sort());
    expect(recorded.size).toBe(KIOSK_SYNC_MAX + 3);
    expect(await store.queueSize()).toBe(0);
  });

  it('keeps what the server did not answer, and sends it again', async () => {
    const store = await storeWith(4);
    const { send, recorded } = server();
    let lost = true;
    // The first answer is lost on the way back, after the server recorded everything.
    const flaky = async (input: KioskSyncInput) => {
      const answer = await send(input);
      if (lost) {
        lost = false;
        throw new Error('network');
      }
      return answer;
    };
    await expect(sendQueue(store, flaky)).rejects.toThrow('network');
    expect(await store.queueSize()).toBe(4);
    expect(recorded.size).toBe(4);

    expect(await sendQueue(store, flaky)).toBe(4);
    expect(await store.queueSize()).toBe(0);
    expect(recorded.size).toBe(4);
  });

  it('removes only the check-ins the answer names', async () => {
    const store = await storeWith(3);
    const [first] = await store.queued(1);
    const partial = async (): Promise<KioskSyncResult> => ({
      results: [{ clientId: first!.clientId, outcome: 'exception', code: 'payment_past_due' }],
    });
    let calls = 0;
    const counting = async () => {
      calls++;
      if (calls > 1) return { results: [] };
      return partial();
    };
    expect(await sendQueue(store, counting)).toBe(1);
    expect(await store.queueSize()).toBe(2);
    expect((await store.queued(10)).some((q) => q.clientId === first!.clientId)).toBe(false);
  });
});
