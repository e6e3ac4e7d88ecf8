import { and, asc, count, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, products } from '../../db/schema/money.ts';

/** LIKE treats % and _ (and the escape character) specially; a search is a plain substring. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export type ProductRow = typeof products.$inferSelect;
type ProductValues = Pick<
  typeof products.$inferInsert,
  'name' | 'sku' | 'category' | 'price' | 'cost' | 'lowStockThreshold' | 'isActive'
>;

/** Low stock = at or below the product's threshold (out of stock included). */
export const isLowStock = sql<boolean>`${products.stockOnHand} <= ${products.lowStockThreshold}`;

export interface ProductFilter {
  search?: string;
  category?: string;
  lowStock?: boolean;
  active?: boolean;
  page: number;
  pageSize: number;
}

function productConditions(
  organizationId: string,
  filter: Omit<ProductFilter, 'page' | 'pageSize'>,
) {
  const conditions: SQL[] = [eq(products.organizationId, organizationId)];
  if (filter.search) {
    const term = escapeLike(filter.search.toLowerCase());
    conditions.push(
      sql`(lower(${products.name}) like '%' || ${term} || '%' or lower(${products.sku}) like '%' || ${term} || '%')`,
    );
  }
  if (filter.category)
    conditions.push(sql`lower(${products.category}) = lower(${filter.category})`);
  if (filter.lowStock !== undefined)
    conditions.push(filter.lowStock ? isLowStock : sql`not (${isLowStock})`);
  if (filter.active !== undefined) conditions.push(eq(products.isActive, filter.active));
  return and(...conditions);
}

/** One page by name, and the total matching (a window count: one query). */
export async function listProducts(db: Db | Tx, organizationId: string, filter: ProductFilter) {
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(productConditions(organizationId, filter))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.page > 1) {
    const [row] = await db
      .select({ n: count() })
      .from(products)
      .where(productConditions(organizationId, filter));
    total = row?.n ?? 0;
  }
  return { rows: rows.map((r) => r.product), total };
}

export async function listCategories(db: Db | Tx, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), isNotNull(products.category)))
    .orderBy(asc(products.category));
  return rows.map((r) => r.category!).filter(Boolean);
}

export async function findProduct(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)));
  return row ?? null;
}

/**
 * Locks the products of a sale or stock change, always in id order so two sales of the same
 * products never deadlock; the caller reads stock from these locked rows.
 */
export async function lockProducts(
  tx: Tx,
  organizationId: string,
  ids: string[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(products)
    .where(and(eq(products.organizationId, organizationId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * Takes `quantity` off the stock only if that much is left, in one statement: the row lock lasts
 * from here to the commit, not the whole sale. Null = not enough stock (a concurrent sale won).
 */
export async function takeStock(
  tx: Tx,
  organizationId: string,
  id: string,
  quantity: number,
): Promise<number | null> {
  const [row] = await tx
    .update(products)
    .set({ stockOnHand: sql`${products.stockOnHand} - ${quantity}` })
    .where(
      and(
        eq(products.organizationId, organizationId),
        eq(products.id, id),
        gte(products.stockOnHand, quantity),
      ),
    )
    .returning({ stockOnHand: products.stockOnHand });
  return row ? row.stockOnHand : null;
}

export async function findProductBySku(
  db: Db | Tx,
  organizationId: string,
  sku: string,
): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(eq(products.organizationId, organizationId), sql`lower(${products.sku}) = lower(${sku})`),
    );
  return row ?? null;
}

export async function insertProduct(
  tx: Tx,
  organizationId: string,
  values: ProductValues & { stockOnHand: number },
): Promise<ProductRow> {
  const [row] = await tx
    .insert(products)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('insert products returned no row');
  return row;
}

export async function updateProduct(
  tx: Tx,
  organizationId: string,
  id: string,
  values: Partial<ProductValues>,
): Promise<ProductRow | null> {
  const [row] = await tx
    .update(products)
    .set(values)
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .returning();
  return row ?? null;
}

/** Stock on hand changed by `delta`; the products_stock_check refuses a negative result. */
export async function changeStock(
  tx: Tx,
  organizationId: string,
  id: string,
  delta: number,
): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ stockOnHand: sql`${products.stockOnHand} + ${delta}` })
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .returning({ stockOnHand: products.stockOnHand });
  if (!row) throw new Error('stock change found no product');
  return row.stockOnHand;
}

export async function wasSold(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.organizationId, organizationId), eq(orderLines.productId, id)))
    .limit(1);
  return row !== undefined;
}

export async function deleteProduct(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** The store's counts: active products, low stock among them, orders (not failed) since `from`. */
export async function storeCounts(db: Db | Tx, organizationId: string, from: Date) {
  const [productCounts] = await db
    .select({
      products: count(),
      lowStock: sql<number>`count(*) filter (where ${isLowStock})`.mapWith(Number),
    })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.isActive, true)));
  const [orderCount] = await db
    .select({ orders: count() })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        sql`${orders.createdAt} >= ${from.toISOString()}`,
        sql`${orders.status} <> 'failed'`,
      ),
    );
  return {
    products: productCounts?.products ?? 0,
    lowStock: productCounts?.lowStock ?? 0,
    orders: orderCount?.orders ?? 0,
  };
}
