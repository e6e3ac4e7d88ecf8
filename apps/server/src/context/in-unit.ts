import type { Tx } from '../db/client.ts';
import type { StudioScope } from '../http/types.ts';

/**
 * `work` on the request's own transaction (its unit of work), not a savepoint of it: a
 * savepoint cost two round trips under a booking's session lock, and its release fell in a
 * sale's locked part (bench:billing, bench:schedule).
 */
export function inUnit<T>(
  scope: Pick<StudioScope, 'work'>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return work(scope.work.db as Tx);
}
