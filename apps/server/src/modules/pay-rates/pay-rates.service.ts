import type { PayRate, payRateInputSchema } from '@fitbase/domain/contracts/pay-rates';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { studioToday } from '../../context/studio-time.ts';
import * as queries from './pay-rates.queries.ts';

/**
 * Trainers' pay rates (docs/product/money-and-store.md#pay-rates): a history per trainer; the
 * current one is the latest effective date not after today in the studio's time zone.
 */

type PayRateInput = z.output<typeof payRateInputSchema>;
type Scope = Pick<StudioScope, 'organizationId' | 'userId' | 'work' | 'db'>;

function serialize(row: queries.PayRateRow, staffName: string, isCurrent: boolean): PayRate {
  return {
    id: row.id,
    staffUserId: row.staffUserId,
    staffName,
    kind: row.kind,
    amount: row.amount,
    effectiveFrom: row.effectiveFrom,
    isCurrent,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every rate; for each trainer, the one in force today is marked current. */
export async function listPayRates(
  scope: Pick<Scope, 'organizationId' | 'db'>,
  now = new Date(),
): Promise<{ payRates: PayRate[] }> {
  const today = await studioToday(scope.db, scope.organizationId, now);
  const rows = await queries.listPayRates(scope.db, scope.organizationId);
  // Rows come newest first per trainer: the first not in the future is current.
  const current = new Set<string>();
  const seen = new Set<string>();
  for (const { rate } of rows) {
    if (seen.has(rate.staffUserId) || rate.effectiveFrom > today) continue;
    seen.add(rate.staffUserId);
    current.add(rate.id);
  }
  return { payRates: rows.map((r) => serialize(r.rate, r.staffName, current.has(r.rate.id))) };
}

/** For /manage: trainers with a rate in force today, and the first `limit` (no amounts). */
export async function trainersWithCurrentRate(db: Db | Tx, organizationId: string, limit: number) {
  const { payRates } = await listPayRates({ organizationId, db: db });
  const current = payRates.filter((r) => r.isCurrent);
  return {
    count: current.length,
    first: current
      .slice(0, limit)
      .map((r) => ({ staffUserId: r.staffUserId, staffName: r.staffName, kind: r.kind })),
  };
}

const notify = (unit: UnitOfWork, organizationId: string, id: string) =>
  publishChange(unit, { organizationId, entity: 'money', action: 'updated', ids: [id] });

/** A new rate for a staff member of the studio; one rate per trainer per effective date. */
export async function createPayRate(scope: Scope, input: PayRateInput): Promise<PayRate> {
  try {
    return await scope.db.transaction(async (tx) => {
      const name = await queries.findStaffName(tx, scope.organizationId, input.staffUserId);
      if (!name) {
        const message = 'Choose a trainer from your staff';
        throw new AppError('validation_error', message, { staffUserId: message });
      }
      const row = await queries.insertPayRate(tx, {
        organizationId: scope.organizationId,
        staffUserId: input.staffUserId,
        kind: input.kind,
        amount: input.amount,
        effectiveFrom: input.effectiveFrom,
        createdBy: scope.userId,
      });
      notify(scope.work, scope.organizationId, row.id);
      const today = await studioToday(tx, scope.organizationId, new Date());
      const list = await listPayRates({ ...scope, db: tx });
      return (
        list.payRates.find((r) => r.id === row.id) ??
        serialize(row, name, row.effectiveFrom <= today)
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'pay_rates_org_staff_date_idx'))
      throw conflict(
        `This trainer already has a rate from ${input.effectiveFrom}: delete it or choose another date.`,
      );
    throw error;
  }
}

/** Deleting corrects a mistake; a change of pay is a new rate with a later date. */
export async function deletePayRate(scope: Scope, id: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    if (!(await queries.deletePayRate(tx, scope.organizationId, id))) throw notFound('Pay rate');
    notify(scope.work, scope.organizationId, id);
  });
}
