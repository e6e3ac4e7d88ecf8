import type { Database } from '../db/client.ts';

/**
 * "A studio write request committed": told by the studio router after the COMMIT of every
 * non-GET studio request, in the process that served it, before the response leaves. In-memory
 * caches of studio reads (schedule/week-view-cache.ts) drop that studio's entries here, so the
 * person who wrote reads their own write on the very next request, whatever the write touched
 * and whether or not it announced itself over NOTIFY. Other processes learn of writes by NOTIFY.
 * Keyed by the process's Database (one per app), so apps sharing a process stay apart.
 */
type Listener = (organizationId: string) => void;

const listeners = new WeakMap<Database, Set<Listener>>();

export function onStudioWriteCommitted(database: Database, listener: Listener): () => void {
  let set = listeners.get(database);
  if (!set) {
    set = new Set();
    listeners.set(database, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function studioWriteCommitted(database: Database, organizationId: string): void {
  for (const listener of listeners.get(database) ?? []) listener(organizationId);
}
