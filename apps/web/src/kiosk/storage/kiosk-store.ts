import type { KioskMe, KioskRoster } from '@fitbase/domain/contracts/kiosk';

/**
 * What the kiosk keeps on the device, in IndexedDB so that it survives closing the page offline
 * (docs/product/kiosk.md, offline): its token and what it knows of itself, the cached list of
 * today's sessions and members, and the check-ins waiting to be sent.
 */

export interface KioskDevice {
  token: string;
  me: KioskMe;
}

/** A check-in accepted offline, as the sync route takes it. */
export interface QueuedCheckIn {
  clientId: string;
  memberNumber: number;
  sessionId: string | null;
  checkedInAt: string;
}

export interface KioskStore {
  readDevice(): Promise<KioskDevice | null>;
  writeDevice(device: KioskDevice): Promise<void>;
  readRoster(): Promise<KioskRoster | null>;
  writeRoster(roster: KioskRoster): Promise<void>;
  /** Queues a check-in and keeps the cached list it changed, in one transaction. */
  recordOffline(checkIn: QueuedCheckIn, roster: KioskRoster): Promise<void>;
  /** The oldest queued check-ins first. */
  queued(limit: number): Promise<QueuedCheckIn[]>;
  queueSize(): Promise<number>;
  remove(clientIds: readonly string[]): Promise<void>;
  /** Forgets the token, the cached list and the queue (the kiosk was unpaired or re-paired). */
  forgetAll(): Promise<void>;
}

const DB_NAME = 'fitbase-kiosk';
const VERSION = 1;
const STATE = 'state';
const QUEUE = 'queue';
const BY_TIME = 'checkedInAt';
const DEVICE_KEY = 'device';
const ROSTER_KEY = 'roster';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function open(name: string): Promise<IDBDatabase> {
  const req = indexedDB.open(name, VERSION);
  req.onupgradeneeded = () => {
    const db = req.result;
    if (!db.objectStoreNames.contains(STATE)) db.createObjectStore(STATE);
    if (!db.objectStoreNames.contains(QUEUE))
      db.createObjectStore(QUEUE, { keyPath: 'clientId' }).createIndex(BY_TIME, BY_TIME);
  };
  return request(req);
}

/** The store in this browser's IndexedDB (`name` apart for tests). */
export function createIndexedDbStore(name = DB_NAME): KioskStore {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    db ??= open(name).catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  async function readState<T>(key: string): Promise<T | null> {
    const tx = (await database()).transaction(STATE, 'readonly');
    const value = (await request(tx.objectStore(STATE).get(key))) as T | undefined;
    return value ?? null;
  }
  async function writeState(key: string, value: unknown): Promise<void> {
    const tx = (await database()).transaction(STATE, 'readwrite');
    tx.objectStore(STATE).put(value, key);
    await done(tx);
  }

  return {
    readDevice: () => readState<KioskDevice>(DEVICE_KEY),
    writeDevice: (device) => writeState(DEVICE_KEY, device),
    readRoster: () => readState<KioskRoster>(ROSTER_KEY),
    writeRoster: (roster) => writeState(ROSTER_KEY, roster),
    async recordOffline(checkIn, roster) {
      const tx = (await database()).transaction([STATE, QUEUE], 'readwrite');
      tx.objectStore(QUEUE).put(checkIn);
      tx.objectStore(STATE).put(roster, ROSTER_KEY);
      await done(tx);
    },
    async queued(limit) {
      const tx = (await database()).transaction(QUEUE, 'readonly');
      return request(tx.objectStore(QUEUE).index(BY_TIME).getAll(null, limit)) as Promise<
        QueuedCheckIn[]
      >;
    },
    async queueSize() {
      const tx = (await database()).transaction(QUEUE, 'readonly');
      return request(tx.objectStore(QUEUE).count());
    },
    async remove(clientIds) {
      if (clientIds.length === 0) return;
      const tx = (await database()).transaction(QUEUE, 'readwrite');
      const queue = tx.objectStore(QUEUE);
      for (const id of clientIds) queue.delete(id);
      await done(tx);
    },
    async forgetAll() {
      const tx = (await database()).transaction([STATE, QUEUE], 'readwrite');
      tx.objectStore(STATE).clear();
      tx.objectStore(QUEUE).clear();
      await done(tx);
    },
  };
}
