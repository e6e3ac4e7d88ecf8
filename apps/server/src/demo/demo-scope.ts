import type { OrganizationRole } from '@fitbase/domain/constants';
import { runInStudio } from '../context/run-in-studio.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Deps, StudioScope } from '../http/types.ts';

/** A person of the demo studio's team, as the demo acts through them. */
export interface DemoPerson {
  userId: string;
  name: string;
  email: string;
  role: OrganizationRole;
}

/**
 * Runs `work` as `person` would in a request of the studio: one unit of work with row-level
 * security, and the scope a studio route hands its services. Given a transaction, it runs in a
 * savepoint of it instead, so a refused step is rolled back alone, as its request would be.
 * `audited`: the audit actor is set, so the audit log records the changes (at the database's
 * clock: today). The backdated history is not audited, as background jobs are not: a log of
 * months of bookings all stamped today would say what did not happen.
 */
export function actAs<T>(
  db: Db | Tx,
  organizationId: string,
  person: DemoPerson,
  work: (scope: StudioScope) => Promise<T>,
  audited = true,
): Promise<T> {
  return runInStudio(
    db,
    organizationId,
    (_tx, unit) =>
      work({
        organizationId,
        role: person.role,
        userId: person.userId,
        userName: person.name,
        db: unit.db,
        work: unit,
      }),
    audited ? { userId: person.userId, ip: '127.0.0.1' } : undefined,
  );
}

/**
 * The scope with the app's services, as a studio route hands them (context/declare-route.ts):
 * their database handle is the request's unit, so a service's own transaction on it nests there
 * (on the embedded database a second transaction beside the unit would wait for it forever).
 */
export const withDeps = (scope: StudioScope, deps: Deps) => ({
  ...scope,
  deps: { ...deps, database: { ...deps.database, db: scope.db } },
});
