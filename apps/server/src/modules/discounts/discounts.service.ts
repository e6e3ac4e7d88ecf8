import type {
  Discount,
  discountInputSchema,
  discountUpdateSchema,
} from '@fitbase/domain/contracts/discounts';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type { DiscountKind } from '@fitbase/domain/money-constants';
import { formatMills, millsPerMinorUnit, toMills } from '@fitbase/domain/amounts';
import { currencyMinorUnits } from '@fitbase/domain/studio-format';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { studioToday } from '../../context/studio-time.ts';
import * as queries from './discounts.queries.ts';

/** Discount codes: docs/product/money-and-store.md#discounts. */

type DiscountInput = z.output<typeof discountInputSchema>;
type DiscountUpdate = z.output<typeof discountUpdateSchema>;
/** Only the studio matters here: jobs and requests both pass their scope. */
type Scope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;
export type DiscountTarget = 'plan' | 'product';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-03-31" → "Mar 31, 2026" (a calendar date, no time zone arithmetic). */
function formatDay(date: string): string {
  const [y, m, d] = date.split('-');
  return `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
}

/**
 * The discount on `amount`, in integer cents: percent rounds half up to the cent; a fixed
 * amount never takes the total below zero.
 */
export function computeDiscount(
  kind: DiscountKind,
  value: string,
  amount: string,
  currency: string,
): { discount: string; total: string } {
  const mills = toMills(amount);
  // value "12.5" percent = 12500 thousandths of a percent: mills × 12500 / 100000, rounded half
  // up to the currency's minor unit (a cent, a whole yen, a fils).
  const step = millsPerMinorUnit(currencyMinorUnits(currency));
  const denominator = 100_000 * step;
  const off =
    kind === 'percent'
      ? Math.floor((2 * mills * toMills(value) + denominator) / (2 * denominator)) * step
      : Math.min(toMills(value), mills);
  return { discount: formatMills(off), total: formatMills(mills - off) };
}

export function serializeDiscount(row: queries.DiscountRow): Discount {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    usageLimit: row.usageLimit,
    timesUsed: row.timesUsed,
    appliesToPlans: row.appliesToPlans,
    appliesToProducts: row.appliesToProducts,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

const invalid = (message: string) => new AppError('discount_invalid', message);

/** Why `row` cannot be used today for `target`, or null when it can. */
function refusal(row: queries.DiscountRow, target: DiscountTarget, today: string): string | null {
  if (!row.isActive) return `The code ${row.code} is no longer active.`;
  if (row.startsOn && today < row.startsOn)
    return `The code ${row.code} is valid from ${formatDay(row.startsOn)}.`;
  if (row.endsOn && today > row.endsOn)
    return `The code ${row.code} expired on ${formatDay(row.endsOn)}.`;
  if (row.usageLimit !== null && row.timesUsed >= row.usageLimit)
    return `The code ${row.code} has been used up.`;
  if (target === 'plan' && !row.appliesToPlans)
    return `The code ${row.code} does not apply to memberships.`;
  if (target === 'product' && !row.appliesToProducts)
    return `The code ${row.code} does not apply to store products.`;
  return null;
}

async function usableCode(
  tx: Db | Tx,
  organizationId: string,
  code: string,
  target: DiscountTarget,
  forUpdate: boolean,
): Promise<queries.DiscountRow> {
  const trimmed = code.trim();
  const row = await queries.findDiscountByCode(tx, organizationId, trimmed, { forUpdate });
  if (!row) throw invalid(`No discount code ${trimmed.toUpperCase()}.`);
  // Validity dates are calendar days of the studio's time zone.
  const today = await studioToday(tx, organizationId);
  const reason = refusal(row, target, today);
  if (reason) throw invalid(reason);
  return row;
}

/**
 * For other modules (sales): validates the code and counts one use, under the code's row lock
 * so a usage limit holds with concurrent sales. Call it inside the sale's transaction: a sale
 * that fails afterwards rolls the use back with it.
 */
export async function redeemDiscount(
  tx: Tx,
  scope: Omit<Scope, 'db'>,
  code: string,
  appliesTo: DiscountTarget,
  amount: string,
): Promise<{ discountCodeId: string; code: string; discount: string; total: string }> {
  const row = await usableCode(tx, scope.organizationId, code, appliesTo, true);
  if (!(await queries.countUse(tx, scope.organizationId, row.id)))
    throw invalid(`The code ${row.code} has been used up.`);
  notify(scope, 'updated', row.id);
  return {
    discountCodeId: row.id,
    code: row.code,
    ...computeDiscount(
      row.kind,
      row.value,
      amount,
      (await studioFormat(tx, scope.organizationId)).currency,
    ),
  };
}

/** POST /api/discounts/check: what the code would give, without counting a use. */
export async function checkDiscount(
  scope: Scope,
  input: { code: string; appliesTo: DiscountTarget; amount: string },
): Promise<{ code: string; discount: string; total: string }> {
  const row = await usableCode(scope.db, scope.organizationId, input.code, input.appliesTo, false);
  const { currency } = await studioFormat(scope.db, scope.organizationId);
  return { code: row.code, ...computeDiscount(row.kind, row.value, input.amount, currency) };
}

const notify = (scope: Omit<Scope, 'db'>, action: RealtimeAction, id: string) =>
  publishChange(scope.work, {
    organizationId: scope.organizationId,
    entity: 'money',
    action,
    ids: [id],
  });

const duplicate = (code: string) => conflict(`The code ${code} already exists.`);

export async function listDiscounts(scope: Scope) {
  const rows = await queries.listDiscounts(scope.db, scope.organizationId);
  return { discounts: rows.map(serializeDiscount) };
}

export async function createDiscount(scope: Scope, input: DiscountInput): Promise<Discount> {
  try {
    return await scope.db.transaction(async (tx) => {
      const row = await queries.insertDiscount(tx, scope.organizationId, input);
      notify(scope, 'created', row.id);
      return serializeDiscount(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code);
    throw error;
  }
}

export async function updateDiscount(
  scope: Scope,
  id: string,
  input: DiscountUpdate,
): Promise<Discount> {
  try {
    return await scope.db.transaction(async (tx) => {
      const current = await queries.findDiscount(tx, scope.organizationId, id);
      if (!current) throw notFound('Discount code');
      // The whole-record rules of the input schema, on the merged record.
      const merged = { ...current, ...input };
      if (merged.kind === 'percent' && toMills(merged.value) > 100_000)
        throw new AppError('validation_error', 'A percent discount is at most 100', {
          value: 'A percent discount is at most 100',
        });
      if (merged.startsOn && merged.endsOn && merged.endsOn < merged.startsOn)
        throw new AppError('validation_error', 'Valid until must be on or after Valid from', {
          endsOn: 'Valid until must be on or after Valid from',
        });
      if (!merged.appliesToPlans && !merged.appliesToProducts)
        throw new AppError('validation_error', 'Apply the code to plans, products or both', {
          appliesToPlans: 'Apply the code to plans, products or both',
        });
      if (merged.usageLimit !== null && merged.usageLimit < current.timesUsed)
        throw new AppError(
          'validation_error',
          `The code was already used ${current.timesUsed} times: the limit cannot be lower.`,
          { usageLimit: `At least ${current.timesUsed} (uses so far)` },
        );
      const row = await queries.updateDiscount(tx, scope.organizationId, id, input);
      if (!row) throw notFound('Discount code');
      notify(scope, 'updated', row.id);
      return serializeDiscount(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code ?? '');
    throw error;
  }
}

/** A code never used is deleted; a used one stays on its orders and memberships: deactivate it. */
export async function deleteDiscount(scope: Scope, id: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const row = await queries.findDiscount(tx, scope.organizationId, id);
    if (!row) throw notFound('Discount code');
    if (row.timesUsed > 0 || (await queries.isDiscountUsed(tx, scope.organizationId, id)))
      throw conflict(
        `The code ${row.code} was used ${row.timesUsed} times and stays on those sales: deactivate it instead.`,
      );
    await queries.deleteDiscount(tx, scope.organizationId, id);
    notify(scope, 'deleted', id);
  });
}

/** For /manage: how many codes are active, and the first `limit` by code. */
export function activeDiscounts(db: Db | Tx, organizationId: string, limit: number) {
  return queries.activeDiscounts(db, organizationId, limit);
}

/**
 * For other modules: gives back a use counted by `redeemDiscount` when the sale's charge was
 * declined and the transaction commits only to keep the failed payment on record.
 */
export async function releaseDiscountUse(tx: Tx, scope: Omit<Scope, 'db'>, discountCodeId: string) {
  await queries.uncountUse(tx, scope.organizationId, discountCodeId);
}
