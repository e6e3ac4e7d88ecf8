import { realtimeNotificationSchema, type RealtimeEvent } from '@fitbase/domain/contracts/events';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { REALTIME_CHANNEL } from '../../context/realtime-channel.ts';

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeHub {
  /** Resolves once this process LISTENs; events committed after that reach subscribers. */
  start(): Promise<void>;
  /** Receive the events of one organization only; returns the unsubscribe function. */
  subscribe(organizationId: string, listener: RealtimeListener): () => void;
  /** Connected listeners (all organizations), for tests and diagnostics. */
  size(): number;
}

/**
 * One per process (per Database): a single LISTEN, fanned out in memory to the SSE clients
 * of each organization. Started lazily so processes (and tests) without live clients hold no
 * listening connection.
 */
export function createRealtimeHub(database: Database, logger: Logger): RealtimeHub {
  const byOrganization = new Map<string, Set<RealtimeListener>>();
  let listening: Promise<void> | undefined;

  function dispatch(payload: string): void {
    let parsed;
    try {
      parsed = realtimeNotificationSchema.safeParse(JSON.parse(payload));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      logger.warn({ payload: payload.slice(0, 200) }, 'Ignored a malformed realtime notification');
      return;
    }
    const { organizationId, ...event } = parsed.data;
    for (const listener of byOrganization.get(organizationId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        // One broken client must not starve the others.
        logger.warn({ err: error }, 'A realtime listener failed');
      }
    }
  }

  return {
    start() {
      listening ??= database.listen(REALTIME_CHANNEL, dispatch).then(
        () => undefined,
        (error: unknown) => {
          // Let the next client try again instead of caching the failure forever.
          listening = undefined;
          throw error;
        },
      );
      return listening;
    },
    subscribe(organizationId, listener) {
      let set = byOrganization.get(organizationId);
      if (!set) {
        set = new Set();
        byOrganization.set(organizationId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byOrganization.get(organizationId) === set)
          byOrganization.delete(organizationId);
      };
    },
    size() {
      let total = 0;
      for (const set of byOrganization.values()) total += set.size;
      return total;
    },
  };
}
