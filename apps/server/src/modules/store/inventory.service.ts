import type {
  stockChangeSchema,
  stockMovementQuery,
  StockMovement,
} from '@fitbase/domain/contracts/store';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as queries from './inventory.queries.ts';
import * as products from './products.queries.ts';
import { notifyStore, serializeProduct } from './products.service.ts';

/** Inventory: every change of stock on hand is a movement with a reason (docs/product/money-and-store.md#inventory). */

type StockChange = z.output<typeof stockChangeSchema>;
type MovementQuery = z.output<typeof stockMovementQuery>;
type Scope = Pick<StudioScope, 'organizationId' | 'userId' | 'work' | 'db'>;

/** The 409 of a sale or change that would take stock below zero. */
export function outOfStock(name: string, onHand: number): AppError {
  const message =
    onHand === 0 ? `${name} is out of stock.` : `Only ${onHand} ${name} left in stock.`;
  return new AppError('out_of_stock', message);
}

/** PostgreSQL check_violation of products_stock_check, across both drivers. */
export function isStockCheckViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23514')
      return (
        candidate.constraint === 'products_stock_check' ||
        candidate.constraint === 'stock_movements_after_check'
      );
    e = candidate.cause;
  }
  return false;
}

/**
 * Received +N, adjusted ±N (with a note), or counted (the absolute count; the difference moves).
 * `now`: when; default the database's clock (the demo's history receives stock on past days).
 */
export async function changeStock(scope: Scope, productId: string, input: StockChange, now?: Date) {
  try {
    return await scope.db.transaction(async (tx) => {
      const [row] = await products.lockProducts(tx, scope.organizationId, [productId]);
      if (!row) throw notFound('Product');
      const delta = input.reason === 'counted' ? input.count - row.stockOnHand : input.quantity;
      const after = row.stockOnHand + delta;
      if (after < 0)
        throw new AppError(
          'out_of_stock',
          `Only ${row.stockOnHand} ${row.name} in stock: an adjustment of ${delta} would go below zero.`,
        );
      const stockAfter =
        delta === 0
          ? row.stockOnHand
          : await products.changeStock(tx, scope.organizationId, productId, delta);
      // A count that confirms the stock is still recorded: it says when stock was last checked.
      await queries.insertMovements(tx, scope.organizationId, [
        {
          productId,
          quantity: delta,
          stockAfter,
          reason: input.reason,
          note: input.note || null,
          recordedBy: scope.userId,
          createdAt: now,
        },
      ]);
      notifyStore(scope.work, scope.organizationId, 'updated', [productId]);
      return serializeProduct({ ...row, stockOnHand: stockAfter });
    });
  } catch (error) {
    if (isStockCheckViolation(error))
      throw new AppError('out_of_stock', 'Stock cannot go below zero.');
    throw error;
  }
}

export async function listMovements(
  scope: Pick<Scope, 'organizationId' | 'db'>,
  query: MovementQuery,
): Promise<{
  movements: StockMovement[];
  pageInfo: { page: number; pageSize: number; total: number };
}> {
  const { rows, total } = await queries.listMovements(scope.db, scope.organizationId, query);
  return {
    movements: rows.map((r) => ({
      id: r.movement.id,
      productId: r.movement.productId,
      productName: r.productName,
      quantity: r.movement.quantity,
      stockAfter: r.movement.stockAfter,
      reason: r.movement.reason,
      orderNumber: r.orderNumber,
      note: r.movement.note,
      recordedByName: r.recordedByName,
      createdAt: r.movement.createdAt.toISOString(),
    })),
    pageInfo: { page: query.page, pageSize: query.pageSize, total },
  };
}
