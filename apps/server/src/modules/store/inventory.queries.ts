import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { StockMovementReason } from '@fitbase/domain/money-constants';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { orders, products, stockMovements } from '../../db/schema/money.ts';

export interface MovementValues {
  productId: string;
  quantity: number;
  stockAfter: number;
  reason: StockMovementReason;
  orderId?: string | null;
  note?: string | null;
  recordedBy: string | null;
  /** Default: the database's clock. */
  createdAt?: Date;
}

export async function insertMovements(
  tx: Tx,
  organizationId: string,
  values: MovementValues[],
): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(stockMovements).values(values.map((v) => ({ ...v, organizationId })));
}

export interface MovementFilter {
  productId?: string;
  reason?: StockMovementReason;
  page: number;
  pageSize: number;
}

/** Newest first, with the product's name, the order's number and who recorded it. */
export async function listMovements(db: Db | Tx, organizationId: string, filter: MovementFilter) {
  const conditions: SQL[] = [eq(stockMovements.organizationId, organizationId)];
  if (filter.productId) conditions.push(eq(stockMovements.productId, filter.productId));
  if (filter.reason) conditions.push(eq(stockMovements.reason, filter.reason));
  const where = and(...conditions);
  const rows = await db
    .select({
      movement: stockMovements,
      productName: products.name,
      orderNumber: orders.number,
      recordedByName: users.name,
    })
    .from(stockMovements)
    .innerJoin(
      products,
      and(eq(products.organizationId, organizationId), eq(products.id, stockMovements.productId)),
    )
    .leftJoin(
      orders,
      and(eq(orders.organizationId, organizationId), eq(orders.id, stockMovements.orderId)),
    )
    .leftJoin(users, eq(users.id, stockMovements.recordedBy))
    .where(where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(stockMovements).where(where);
  return { rows, total: total?.n ?? 0 };
}
