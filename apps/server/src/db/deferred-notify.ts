import pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * NOTIFYs a request's transaction sends are buffered and sent right after its COMMIT, in the
 * same message (studio-fast-path.ts), rather than one round trip each inside the transaction.
 * Listeners see the same thing: PostgreSQL delivers a NOTIFY only at commit anyway, and a
 * rolled-back request sends none. Sent inside the transaction, a NOTIFY held PostgreSQL's single
 * notify lock across the commit's WAL flush, so all writing requests committed one at a time
 * (bench:billing, bench:schedule). After the COMMIT they run in their own implicit transaction,
 * through fitbase_notify (migration 0026), which logs a failed NOTIFY instead of failing the
 * message: the request's data is committed by then. The cost: if the process or the connection
 * dies between the COMMIT and the NOTIFY, that event is lost; realtime events only tell clients
 * to refetch, and the week-view cache expires within 5 s (ADR 0019).
 * Only the studio fast path's transactions carry the buffer; elsewhere a NOTIFY is sent at once.
 * One difference: a NOTIFY from a savepoint later rolled back is still sent. A spare refetch
 * is harmless.
 */
const BUFFER = Symbol('deferred notifications');

type Carrier = { [BUFFER]?: Array<{ channel: string; payload: string }> };

/** Gives `tx` a buffer: its NOTIFYs wait for `notifySql`. */
export function deferNotifications(tx: Db | Tx): void {
  (tx as unknown as Carrier)[BUFFER] = [];
}

/** Buffers the NOTIFY when `tx` defers them; false when the caller must send it now. */
export function deferNotify(tx: Db | Tx, channel: string, payload: string): boolean {
  const buffer = (tx as unknown as Carrier)[BUFFER];
  if (!buffer) return false;
  buffer.push({ channel, payload });
  return true;
}

/** The buffered NOTIFYs as one statement to send after the COMMIT ('' when none), emptied. */
export function notifySql(tx: Db | Tx): string {
  const buffer = (tx as unknown as Carrier)[BUFFER];
  if (!buffer || buffer.length === 0) return '';
  const sent = buffer.splice(0);
  const array = (values: string[]) =>
    `array[${values.map((v) => pg.escapeLiteral(v)).join(', ')}]::text[]`;
  return `select fitbase_notify(${array(sent.map((n) => n.channel))}, ${array(sent.map((n) => n.payload))})`;
}
