import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type {
  TaxRate,
  TaxSettings,
  taxRateInputSchema,
  taxRateUpdateSchema,
  taxSettingsUpdateSchema,
} from '@fitbase/domain/contracts/tax-rates';
import {
  taxBasket,
  taxOn,
  type TaxLine,
  type TaxRateRef,
  type TaxRounding,
} from '@fitbase/domain/tax';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import * as queries from './tax.queries.ts';

/** Sales tax and VAT: docs/product/money-and-store.md#tax. */

type Scope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;

/** "20" → "20.0000": the rate as the database keeps it and every copy shows it. */
function normalRate(rate: string): string {
  const [whole, fraction = ''] = rate.split('.');
  return `${Number(whole)}.${fraction.padEnd(4, '0')}`;
}

function serializeRate(
  row: queries.TaxRateRow,
  use: Awaited<ReturnType<typeof queries.rateUse>>,
  feeTaxRateId: string | null,
): TaxRate {
  return {
    id: row.id,
    name: row.name,
    rate: normalRate(row.rate),
    inclusive: row.inclusive,
    isActive: row.isActive,
    usedBy: {
      plans: use.plans.get(row.id) ?? 0,
      products: use.products.get(row.id) ?? 0,
      fees: feeTaxRateId === row.id,
    },
  };
}

const notify = (scope: Scope, action: RealtimeAction, id: string) =>
  publishChange(scope.work, {
    organizationId: scope.organizationId,
    entity: 'money',
    action,
    ids: [id],
  });

async function settingsOf(db: Db | Tx, organizationId: string): Promise<TaxSettings> {
  const [rows, use, studio] = await Promise.all([
    queries.listRates(db, organizationId),
    queries.rateUse(db, organizationId),
    queries.studioTax(db, organizationId),
  ]);
  return {
    rates: rows.map((r) => serializeRate(r, use, studio.feeTaxRateId)),
    feeTaxRateId: studio.feeTaxRateId,
    rounding: studio.rounding,
  };
}

export async function getTaxSettings(scope: Scope): Promise<TaxSettings> {
  return settingsOf(scope.db, scope.organizationId);
}

export async function createTaxRate(
  scope: Scope,
  input: z.output<typeof taxRateInputSchema>,
): Promise<TaxSettings> {
  return scope.db.transaction(async (tx) => {
    const row = await queries.insertRate(tx, scope.organizationId, {
      ...input,
      rate: normalRate(input.rate),
    });
    notify(scope, 'created', row.id);
    return settingsOf(tx, scope.organizationId);
  });
}

/**
 * A rate's name, percent or inclusion changes what future sales charge; past sales keep their
 * own copy. Archiving is refused while anything still charges the rate: otherwise a plan would
 * silently go on taxing at a rate the studio no longer sees.
 */
export async function updateTaxRate(
  scope: Scope,
  id: string,
  input: z.output<typeof taxRateUpdateSchema>,
): Promise<TaxSettings> {
  return scope.db.transaction(async (tx) => {
    const current = await queries.findRate(tx, scope.organizationId, id);
    if (!current) throw notFound('Tax rate');
    if (input.isActive === false && current.isActive) {
      const [use, studio] = await Promise.all([
        queries.rateUse(tx, scope.organizationId),
        queries.studioTax(tx, scope.organizationId),
      ]);
      const plans = use.plans.get(id) ?? 0;
      const products = use.products.get(id) ?? 0;
      if (plans + products > 0 || studio.feeTaxRateId === id) {
        const what = [
          plans ? `${plans} plan${plans === 1 ? '' : 's'}` : null,
          products ? `${products} product${products === 1 ? '' : 's'}` : null,
          studio.feeTaxRateId === id ? 'booking fees' : null,
        ].filter(Boolean);
        throw conflict(
          `${current.name} is still charged on ${what.join(', ')}. Choose another rate for them first.`,
        );
      }
    }
    await queries.updateRate(tx, scope.organizationId, id, {
      ...input,
      ...(input.rate === undefined ? {} : { rate: normalRate(input.rate) }),
    });
    notify(scope, 'updated', id);
    return settingsOf(tx, scope.organizationId);
  });
}

export async function updateTaxSettings(
  scope: Scope,
  input: z.output<typeof taxSettingsUpdateSchema>,
): Promise<TaxSettings> {
  return scope.db.transaction(async (tx) => {
    if (input.feeTaxRateId)
      await activeRate(tx, scope.organizationId, input.feeTaxRateId, 'feeTaxRateId');
    await queries.updateStudioTax(tx, scope.organizationId, {
      ...(input.feeTaxRateId === undefined ? {} : { feeTaxRateId: input.feeTaxRateId }),
      ...(input.rounding === undefined ? {} : { taxRounding: input.rounding }),
    });
    notify(scope, 'updated', scope.organizationId);
    return settingsOf(tx, scope.organizationId);
  });
}

/** A plan's or product's rate must be one of the studio's active rates (field error otherwise). */
export async function activeRate(
  db: Db | Tx,
  organizationId: string,
  id: string,
  field = 'taxRateId',
): Promise<void> {
  const row = await queries.findRate(db, organizationId, id);
  if (!row || !row.isActive)
    throw new AppError('validation_error', 'Choose one of the studio’s tax rates', {
      [field]: 'Choose one of the studio’s tax rates',
    });
}

// ---- What a sale charges ----------------------------------------------------------------

/** The studio's currency and rounding, and the rates a sale needs, read once per sale. */
export interface SaleTax {
  currency: string;
  rounding: TaxRounding;
  feeRateId: string | null;
  rates: Map<string, TaxRateRef>;
}

export async function saleTax(
  db: Db | Tx,
  organizationId: string,
  rateIds: (string | null)[],
): Promise<SaleTax> {
  const studio = await queries.studioTax(db, organizationId);
  const rates = await queries.rateRefs(db, organizationId, [...rateIds, studio.feeTaxRateId]);
  return {
    currency: studio.currency,
    rounding: studio.rounding,
    feeRateId: studio.feeTaxRateId,
    rates,
  };
}

/**
 * One price under one rate: what the member pays (the price, or the price with the tax on top)
 * and the ledger's tax lines (null when untaxed).
 */
export function taxedCharge(
  tax: SaleTax,
  price: string,
  rateId: string | null,
): { amount: string; taxLines: TaxLine[] | null } {
  const rate = rateId ? (tax.rates.get(rateId) ?? null) : null;
  if (!rate) return { amount: price, taxLines: null };
  const { lines, gross } = taxBasket([{ amount: price, rate }], tax.currency, tax.rounding);
  return { amount: gross, taxLines: lines };
}

/** taxOn with the sale's currency and rounding (order lines). */
export function taxedLine(tax: SaleTax, amount: string, rateId: string | null) {
  return taxOn(amount, rateId ? (tax.rates.get(rateId) ?? null) : null, tax.currency, tax.rounding);
}

/** The rate the studio charges on booking fees (late cancel, no-show); null = untaxed. */
export async function feeTaxRateId(db: Db | Tx, organizationId: string): Promise<string | null> {
  return (await queries.studioTax(db, organizationId)).feeTaxRateId;
}
