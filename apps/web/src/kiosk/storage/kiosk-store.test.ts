import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { me, roster } from '../test/kiosk-fixtures';
import { createIndexedDbStore, type QueuedCheckIn } from './kiosk-store';

// docs/product/kiosk.md, offline: a kiosk closed and reopened keeps its queue.

let dbCount = 0;
const freshName = () => `kiosk-store-test-${++dbCount}`;

const item = (n: number, at: string): QueuedCheckIn => ({
  clientId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  memberNumber: n,
  sessionId: null,
  checkedInAt: at,
});

describe('the kiosk’s storage', () => {
  it('keeps the device, the list and the queue for the next opening', async () => {
    const name = freshName();
    const first = createIndexedDbStore(name);
    const list = await roster(Date.now());
    await first.writeDevice({ token: 'fbk_secret', me });
    await first.writeRoster(list);
    await first.recordOffline(item(2, '2030-03-04T17:00:02Z'), list);
    await first.recordOffline(item(1, '2030-03-04T17:00:01Z'), list);

    // The page closed and opened again: a new connection to the same database.
    const again = createIndexedDbStore(name);
    expect(await again.readDevice()).toEqual({ token: 'fbk_secret', me });
    expect(await again.readRoster()).toEqual(list);
    expect(await again.queueSize()).toBe(2);
    // Oldest first, whatever the order they were stored in.
    expect((await again.queued(10)).map((q) => q.memberNumber)).toEqual([1, 2]);
    expect(await again.queued(1)).toEqual([item(1, '2030-03-04T17:00:01Z')]);
  });

  it('keeps the list a queued check-in changed in the same transaction', async () => {
    const store = createIndexedDbStore(freshName());
    const list = await roster(Date.now());
    await store.recordOffline(item(1, '2030-03-04T17:00:01Z'), {
      ...list,
      bookings: [[1, 0, 'attended']],
    });
    expect((await store.readRoster())?.bookings).toEqual([[1, 0, 'attended']]);
  });

  it('removes the answered check-ins only, and forgets everything when unpaired', async () => {
    const store = createIndexedDbStore(freshName());
    const list = await roster(Date.now());
    await store.writeDevice({ token: 'fbk_secret', me });
    for (const n of [1, 2, 3]) await store.recordOffline(item(n, `2030-03-04T17:00:0${n}Z`), list);
    await store.remove([item(1, '').clientId, item(3, '').clientId, 'never-queued']);
    expect((await store.queued(10)).map((q) => q.memberNumber)).toEqual([2]);

    await store.forgetAll();
    expect(await store.readDevice()).toBeNull();
    expect(await store.readRoster()).toBeNull();
    expect(await store.queueSize()).toBe(0);
  });

  it('starts empty', async () => {
    const store = createIndexedDbStore(freshName());
    expect(await store.readDevice()).toBeNull();
    expect(await store.queued(10)).toEqual([]);
  });
});
