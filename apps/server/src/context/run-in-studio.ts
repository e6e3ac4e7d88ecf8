import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from '../db/client.ts';
import { runPgUnit } from '../db/pg-unit-of-work.ts';
import { runPgliteUnit } from '../db/pglite-unit-of-work.ts';
import { literal, type UnitOfWork } from '../db/unit-of-work.ts';

/** The database role that row-level security applies to (migration 0004). */
export const TENANT_ROLE = 'fitbase_app';

/**
 * Runs `work` in one unit of work (db/unit-of-work.ts) as the tenant role with
 * `app.organization_id` set: every organization-owned table then shows and accepts only that
 * studio's rows, whatever the query's own `where` says (docs/decisions/0010-row-level-security.md).
 * Both settings are transaction-local, so a pooled connection goes back clean. Studio requests
 * on the embedded database and background jobs that act for one studio use this. `db` is the
 * app's handle (`deps.database.db`); called with a transaction handle it runs in a savepoint of
 * that transaction instead, on the same unit.
 */
export function runInStudio<T>(
  db: Db | Tx,
  organizationId: string,
  work: (tx: Tx, unit: UnitOfWork) => Promise<T>,
  actor?: AuditActor,
): Promise<T> {
  const scope = `select set_config('role', '${TENANT_ROLE}', true), set_config('app.organization_id', ${literal(organizationId)}, true),
    set_config('app.user_id', ${literal(actor?.userId ?? '')}, true), set_config('app.client_ip', ${literal(actor?.ip ?? '')}, true),
    set_config('app.api_key_id', ${literal(actor?.apiKeyId ?? '')}, true)`;
  const outer = units.get(db) ?? (db instanceof PgTransaction ? unitOf(db as Tx) : undefined);
  if (outer) {
    return db.transaction(async (savepoint) => {
      await savepoint.execute(sql.raw(scope));
      const unit = { ...bound(outer), db: savepoint as unknown as Db };
      units.set(savepoint, unit);
      return work(savepoint as Tx, unit);
    });
  }
  return openUnit(db, scope, work);
}

/**
 * Runs `work` in one unit of work outside any studio: no tenant role, no `app.organization_id`
 * (public and account routes that write across studios: accepting an invitation, a trial
 * request). A studio's work uses runInStudio instead.
 */
export function runInUnit<T>(db: Db, work: (tx: Tx, unit: UnitOfWork) => Promise<T>): Promise<T> {
  return openUnit(db, undefined, work);
}

/** A unit on the database `db` was made on, its opening (settings) sent with BEGIN. */
function openUnit<T>(
  db: Db | Tx,
  opening: string | undefined,
  work: (tx: Tx, unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  // Drizzle's documented `$client`: the pool or the embedded database the handle was made on.
  const client = (db as { $client?: unknown }).$client;
  const run = (unit: UnitOfWork) => {
    registerUnit(unit);
    return work(unit.db as Tx, unit);
  };
  if (client instanceof pg.Pool)
    return runPgUnit(client, opening === undefined ? undefined : { text: opening }, run);
  if (client instanceof PGlite)
    return runPgliteUnit(client, opening === undefined ? undefined : sql.raw(opening), run);
  throw new Error('A unit of work needs the app database handle or a transaction of one');
}

/** Units by their Drizzle handle, for a savepoint opened inside one (ours, not Drizzle's). */
const units = new WeakMap<object, UnitOfWork>();

/** Records `unit` as the owner of its handle (the request's unit on the fast path). */
export function registerUnit(unit: UnitOfWork): void {
  units.set(unit.db, unit);
}

function unitOf(tx: Tx): UnitOfWork {
  const unit = units.get(tx);
  if (!unit) throw new Error('This transaction handle belongs to no unit of work');
  return unit;
}

function bound(unit: UnitOfWork): UnitOfWork {
  return {
    db: unit.db,
    together: (statements) => unit.together(statements),
    lastAndCommit: () => {
      throw new Error('A savepoint cannot commit its unit of work');
    },
    notify: (channel, payload) => unit.notify(channel, payload),
    prepared: (name, query) => unit.prepared(name, query),
    stream: (query, onRow) => unit.stream(query, onRow),
    executeSql: (text, values) => unit.executeSql(text, values),
  };
}

/**
 * Who a staff request acts as: the audit trigger (migration 0020) records every change made
 * while `app.user_id` (or an API key's `app.api_key_id`) is set, in the same transaction. Background jobs set no actor.
 */
export interface AuditActor {
  userId: string;
  ip: string;
  /** An API key acting (context/api-key-context.ts): the audit log names it, not a person. */
  apiKeyId?: string;
}
