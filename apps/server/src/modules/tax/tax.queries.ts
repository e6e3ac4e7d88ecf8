import type { TaxRateRef, TaxRounding } from '@fitbase/domain/tax';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { plans, products, taxRates } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;

/** Active rates first, then by name. */
export async function listRates(db: Db | Tx, organizationId: string): Promise<TaxRateRow[]> {
  return db
    .select()
    .from(taxRates)
    .where(eq(taxRates.organizationId, organizationId))
    .orderBy(desc(taxRates.isActive), asc(taxRates.name), asc(taxRates.id));
}

export async function findRate(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<TaxRateRow | null> {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.organizationId, organizationId), eq(taxRates.id, id)));
  return row ?? null;
}

export async function insertRate(
  tx: Tx,
  organizationId: string,
  values: Pick<TaxRateRow, 'name' | 'rate' | 'inclusive'>,
): Promise<TaxRateRow> {
  const [row] = await tx
    .insert(taxRates)
    .values({ organizationId, ...values })
    .returning();
  return row!;
}

export async function updateRate(
  tx: Tx,
  organizationId: string,
  id: string,
  values: Partial<Pick<TaxRateRow, 'name' | 'rate' | 'inclusive' | 'isActive'>>,
): Promise<TaxRateRow | null> {
  const [row] = await tx
    .update(taxRates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(taxRates.organizationId, organizationId), eq(taxRates.id, id)))
    .returning();
  return row ?? null;
}

/** How many plans and products charge each rate. */
export async function rateUse(
  db: Db | Tx,
  organizationId: string,
): Promise<{ plans: Map<string, number>; products: Map<string, number> }> {
  const [planRows, productRows] = await Promise.all([
    db
      .select({ id: plans.taxRateId, n: count() })
      .from(plans)
      .where(and(eq(plans.organizationId, organizationId), sql`${plans.taxRateId} is not null`))
      .groupBy(plans.taxRateId),
    db
      .select({ id: products.taxRateId, n: count() })
      .from(products)
      .where(
        and(eq(products.organizationId, organizationId), sql`${products.taxRateId} is not null`),
      )
      .groupBy(products.taxRateId),
  ]);
  return {
    plans: new Map(planRows.map((r) => [r.id!, Number(r.n)])),
    products: new Map(productRows.map((r) => [r.id!, Number(r.n)])),
  };
}

export interface StudioTaxRow {
  currency: string;
  rounding: TaxRounding;
  feeTaxRateId: string | null;
}

export async function studioTax(db: Db | Tx, organizationId: string): Promise<StudioTaxRow> {
  const [row] = await db
    .select({
      currency: organizations.currency,
      rounding: organizations.taxRounding,
      feeTaxRateId: organizations.feeTaxRateId,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`No organization ${organizationId}`);
  return row;
}

export async function updateStudioTax(
  tx: Tx,
  organizationId: string,
  values: Partial<{ feeTaxRateId: string | null; taxRounding: TaxRounding }>,
): Promise<void> {
  // An empty change (PATCH with {}) changes nothing: an UPDATE needs a column to set.
  if (Object.keys(values).length === 0) return;
  await tx.update(organizations).set(values).where(eq(organizations.id, organizationId));
}

/** The rates named, as a sale refers to them (archived ones too: a plan may still name one). */
export async function rateRefs(
  db: Db | Tx,
  organizationId: string,
  ids: (string | null)[],
): Promise<Map<string, TaxRateRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: taxRates.id,
      name: taxRates.name,
      rate: taxRates.rate,
      inclusive: taxRates.inclusive,
    })
    .from(taxRates)
    .where(and(eq(taxRates.organizationId, organizationId), inArray(taxRates.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}
