import type { Database } from '../db/client.ts';
import { REALTIME_CHANNEL } from './realtime-channel.ts';
import { onStudioWriteCommitted } from './studio-writes.ts';

/**
 * The schedule's week view, kept in memory per studio for a few seconds, so that everyone at a
 * studio looking at the same week (the front desk, trainers, the owner: the 10 clients of
 * bench:schedule) costs one database read rather than one each. Measured with bench:schedule on
 * this 2-core machine: uncached p95 well above the 50 ms target at 10 clients, cached ~20 ms.
 *
 * Never stale for the writer, briefly at most for the others:
 * - every studio write request drops its studio's entries after it commits, in the process
 *   that served it, before answering (context/studio-writes.ts);
 * - every change announced over NOTIFY (realtime.service.ts publishChange: bookings, classes,
 *   sessions, staff, ...) drops that studio's entries in every process as it arrives;
 * - a read that was in flight while either happened does not store its answer (generations),
 *   since it may have read before the change;
 * - anything else (a background job that does not announce, the day's counts rolling over at
 *   midnight) is seen within TTL_MS, the age past which an entry is not served;
 * - when the listening connection drops, everything is dropped, and nothing is stored until
 *   it listens again (notifications sent meanwhile are lost).
 * The answer depends on the studio and the query alone (every role sees the same schedule);
 * the studio router has checked the person's access before the cache is asked.
 */
export const TTL_MS = 5_000;
/** Bytes of JSON text kept in all, oldest dropped first (a week of 200 sessions is ~72 KB). */
const MAX_BYTES = 16 * 1024 * 1024;
/** Answers kept per studio (weeks × filters in use at once). */
const MAX_PER_STUDIO = 64;

interface Entry {
  body: string;
  storedAt: number;
}

export interface WeekViewCache {
  /** The cached answer for the key, or `load`'s (stored when nothing changed meanwhile). */
  read(organizationId: string, key: string, load: () => Promise<string>): Promise<string>;
  /** Stops listening (tests). */
  close(): Promise<void>;
}

export function createWeekViewCache(
  database: Database,
  clock: () => number = Date.now,
): WeekViewCache {
  /** Per studio, its answers by query; studios in the order they last stored one. */
  const studios = new Map<string, Map<string, Entry>>();
  const generations = new Map<string, number>();
  let bytes = 0;
  let listening: Promise<() => Promise<void>> | undefined;
  let live = false;

  const generation = (organizationId: string) => generations.get(organizationId) ?? 0;
  const size = (answers: Map<string, Entry>) => {
    let total = 0;
    for (const entry of answers.values()) total += entry.body.length;
    return total;
  };
  function drop(organizationId: string) {
    generations.set(organizationId, generation(organizationId) + 1);
    const answers = studios.get(organizationId);
    if (!answers) return;
    bytes -= size(answers);
    studios.delete(organizationId);
  }
  /** Bumped when everything is dropped: reads in flight then store nothing, whatever studio. */
  let epoch = 0;
  function dropAll() {
    epoch += 1;
    studios.clear();
    bytes = 0;
  }
  function onNotification(payload: string) {
    try {
      const { organizationId } = JSON.parse(payload) as { organizationId?: unknown };
      if (typeof organizationId === 'string') drop(organizationId);
      else dropAll();
    } catch {
      dropAll();
    }
  }
  const stopWrites = onStudioWriteCommitted(database, drop);

  function onState(listeningNow: boolean) {
    live = listeningNow;
    dropAll();
  }

  function listen() {
    listening ??= database
      .listen(REALTIME_CHANNEL, onNotification, onState)
      .then((stop) => {
        live = true;
        return stop;
      })
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
    return listening;
  }

  return {
    async read(organizationId, key, load) {
      if (!live) void listen().catch(() => undefined);
      const cached = studios.get(organizationId)?.get(key);
      if (cached && clock() - cached.storedAt < TTL_MS) return cached.body;
      const before = generation(organizationId);
      const epochBefore = epoch;
      const wasLive = live;
      const body = await load();
      const changed = generation(organizationId) !== before || epoch !== epochBefore;
      if (!wasLive || !live || changed) return body;
      const answers = studios.get(organizationId) ?? new Map<string, Entry>();
      bytes -= answers.get(key)?.body.length ?? 0;
      answers.delete(key);
      answers.set(key, { body, storedAt: clock() });
      bytes += body.length;
      // One studio's weeks and filters: its oldest answer goes past MAX_PER_STUDIO.
      if (answers.size > MAX_PER_STUDIO) {
        const [oldestKey, oldestEntry] = answers.entries().next().value as [string, Entry];
        answers.delete(oldestKey);
        bytes -= oldestEntry.body.length;
      }
      // Most recently stored last, so the oldest studio goes first when memory runs out.
      studios.delete(organizationId);
      studios.set(organizationId, answers);
      for (const [oldest, oldAnswers] of studios) {
        if (bytes <= MAX_BYTES || oldest === organizationId) break;
        bytes -= size(oldAnswers);
        studios.delete(oldest);
      }
      return body;
    },
    async close() {
      stopWrites();
      const stop = listening && (await listening.catch(() => undefined));
      live = false;
      await stop?.();
    },
  };
}
