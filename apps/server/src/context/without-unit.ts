import type { UnitOfWork } from '../db/unit-of-work.ts';

const refuse = (): never => {
  throw new Error(
    'This route runs without a transaction (`transaction: false`): open a unit of work with runInStudio',
  );
};

/**
 * The unit of work of a studio route declared `transaction: false` (event streams, downloads
 * that must not hold a transaction open): there is none, and any use says so at once instead
 * of running outside the studio's scope.
 */
export const withoutUnit: UnitOfWork = {
  get db(): never {
    return refuse();
  },
  together: refuse,
  lastAndCommit: refuse,
  notify: refuse,
  prepared: refuse,
  stream: refuse,
  executeSql: refuse,
};
