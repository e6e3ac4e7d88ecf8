import pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * NOTIFYs a request's transaction sends travel with its COMMIT, in the same message, rather
 * than one round trip each: PostgreSQL delivers a NOTIFY only at commit anyway (and drops it on
 * rollback), so nothing a listener sees changes. On these 2-core machines every round trip costs
 * a context switch; a sale sent two (bench:billing). Only the studio fast path's transactions
 * carry the buffer (studio-fast-path.ts); elsewhere a NOTIFY is sent at once.
 * One difference: a NOTIFY from a savepoint later rolled back is still sent. Realtime events
 * only tell clients to refetch, so a spare one is harmless.
 */
const BUFFER = Symbol('deferred notifications');

type Carrier = { [BUFFER]?: string[] };

/** Gives `tx` a buffer: its NOTIFYs wait for `notifySql`. */
export function deferNotifications(tx: Db | Tx): void {
  (tx as unknown as Carrier)[BUFFER] = [];
}

/** Buffers the NOTIFY when `tx` defers them; false when the caller must send it now. */
export function deferNotify(tx: Db | Tx, channel: string, payload: string): boolean {
  const buffer = (tx as unknown as Carrier)[BUFFER];
  if (!buffer) return false;
  buffer.push(`select pg_notify(${pg.escapeLiteral(channel)}, ${pg.escapeLiteral(payload)}); `);
  return true;
}

/** The buffered NOTIFYs as SQL to send before COMMIT in one message ('' when none), emptied. */
export function notifySql(tx: Db | Tx): string {
  const buffer = (tx as unknown as Carrier)[BUFFER];
  if (!buffer || buffer.length === 0) return '';
  return buffer.splice(0).join('');
}
