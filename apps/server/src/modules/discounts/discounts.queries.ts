import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { discountCodes, memberships, orders } from '../../db/schema/money.ts';

export type DiscountRow = typeof discountCodes.$inferSelect;
type DiscountValues = Pick<
  typeof discountCodes.$inferInsert,
  | 'code'
  | 'description'
  | 'kind'
  | 'value'
  | 'startsOn'
  | 'endsOn'
  | 'usageLimit'
  | 'appliesToPlans'
  | 'appliesToProducts'
  | 'isActive'
>;

/** Active codes first, then by code. */
export async function listDiscounts(db: Db | Tx, organizationId: string): Promise<DiscountRow[]> {
  return db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.organizationId, organizationId))
    .orderBy(desc(discountCodes.isActive), asc(discountCodes.code), asc(discountCodes.id));
}

export async function findDiscount(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<DiscountRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.organizationId, organizationId), eq(discountCodes.id, id)));
  return row ?? null;
}

/** Codes compare case-insensitively (the unique index is on upper(code)). */
export async function findDiscountByCode(
  db: Db | Tx,
  organizationId: string,
  code: string,
  options: { forUpdate?: boolean } = {},
): Promise<DiscountRow | null> {
  const query = db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.organizationId, organizationId),
        sql`upper(${discountCodes.code}) = upper(${code})`,
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** One more use, refused by the WHERE when the limit is reached (safe under concurrency). */
export async function countUse(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(discountCodes)
    .set({ timesUsed: sql`${discountCodes.timesUsed} + 1` })
    .where(
      and(
        eq(discountCodes.organizationId, organizationId),
        eq(discountCodes.id, id),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.timesUsed} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}

export async function insertDiscount(
  tx: Tx,
  organizationId: string,
  values: DiscountValues,
): Promise<DiscountRow> {
  const [row] = await tx
    .insert(discountCodes)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('insert discount_codes returned no row');
  return row;
}

export async function updateDiscount(
  tx: Tx,
  organizationId: string,
  id: string,
  values: Partial<DiscountValues>,
): Promise<DiscountRow | null> {
  const [row] = await tx
    .update(discountCodes)
    .set(values)
    .where(and(eq(discountCodes.organizationId, organizationId), eq(discountCodes.id, id)))
    .returning();
  return row ?? null;
}

/** Whether any order or membership used the code (then it is kept, only deactivated). */
export async function isDiscountUsed(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({
      used: sql<boolean>`exists (
        select 1 from ${orders}
        where ${orders.organizationId} = ${organizationId} and ${orders.discountCodeId} = ${id}
      ) or exists (
        select 1 from ${memberships}
        where ${memberships.organizationId} = ${organizationId} and ${memberships.discountCodeId} = ${id}
      )`,
    })
    .from(discountCodes)
    .where(and(eq(discountCodes.organizationId, organizationId), eq(discountCodes.id, id)));
  return row?.used ?? false;
}

export async function deleteDiscount(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(discountCodes)
    .where(and(eq(discountCodes.organizationId, organizationId), eq(discountCodes.id, id)))
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}

/** /manage: how many codes are active, and the first few by code. */
export async function activeDiscounts(db: Db | Tx, organizationId: string, limit: number) {
  const rows = await db
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(discountCodes)
    .where(and(eq(discountCodes.organizationId, organizationId), eq(discountCodes.isActive, true)))
    .orderBy(asc(discountCodes.code))
    .limit(limit);
  return { count: rows[0]?.total ?? 0, first: rows.map(({ total: _, ...r }) => r) };
}

export async function uncountUse(tx: Tx, organizationId: string, id: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ timesUsed: sql`greatest(${discountCodes.timesUsed} - 1, 0)` })
    .where(and(eq(discountCodes.organizationId, organizationId), eq(discountCodes.id, id)));
}
