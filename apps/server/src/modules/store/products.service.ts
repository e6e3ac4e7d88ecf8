import { activeRate } from '../tax/tax.service.ts';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type {
  Product,
  productInputSchema,
  productListQuery,
  productUpdateSchema,
  StoreSummary,
} from '@fitbase/domain/contracts/store';
import { localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { StudioScope } from '../../http/types.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import * as inventory from './inventory.queries.ts';
import * as queries from './products.queries.ts';

/** Store products: docs/product/money-and-store.md#store. */

type ProductInput = z.output<typeof productInputSchema>;
type ProductUpdate = z.output<typeof productUpdateSchema>;
type ProductQuery = z.output<typeof productListQuery>;
type Scope = Pick<StudioScope, 'organizationId' | 'userId' | 'db'>;
/** A write's scope: its announcements go out with the request's unit of work. */
type WriteScope = Scope & Pick<StudioScope, 'work'>;

export function serializeProduct(row: queries.ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category,
    price: row.price,
    cost: row.cost,
    stockOnHand: row.stockOnHand,
    lowStockThreshold: row.lowStockThreshold,
    isLowStock: row.stockOnHand <= row.lowStockThreshold,
    isActive: row.isActive,
    taxRateId: row.taxRateId,
    createdAt: row.createdAt.toISOString(),
  };
}

export const notifyStore = (
  unit: UnitOfWork,
  organizationId: string,
  action: RealtimeAction,
  ids: string[],
) => publishChange(unit, { organizationId, entity: 'store', action, ids: ids.slice(0, 100) });

const bool = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

export async function listProducts(scope: Scope, query: ProductQuery) {
  const { rows, total } = await queries.listProducts(scope.db, scope.organizationId, {
    search: query.search || undefined,
    category: query.category || undefined,
    lowStock: bool(query.lowStock),
    active: bool(query.active),
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    products: rows.map(serializeProduct),
    pageInfo: { page: query.page, pageSize: query.pageSize, total },
    categories: await queries.listCategories(scope.db, scope.organizationId),
  };
}

export async function getProduct(scope: Scope, id: string): Promise<Product> {
  const row = await queries.findProduct(scope.db, scope.organizationId, id);
  if (!row) throw notFound('Product');
  return serializeProduct(row);
}

async function assertSkuFree(tx: Tx, organizationId: string, sku: string, exceptId?: string) {
  const other = await queries.findProductBySku(tx, organizationId, sku);
  if (other && other.id !== exceptId)
    throw conflict(`SKU ${sku} is already used by ${other.name}.`);
}

const skuTaken = (sku: string) => conflict(`SKU ${sku} is already used by another product.`);

/** A new product; its opening stock is recorded as a 'received' movement. */
export async function createProduct(scope: WriteScope, input: ProductInput): Promise<Product> {
  const { initialStock, ...values } = input;
  try {
    return await scope.db.transaction(async (tx) => {
      await assertSkuFree(tx, scope.organizationId, values.sku);
      if (values.taxRateId) await activeRate(tx, scope.organizationId, values.taxRateId);
      const row = await queries.insertProduct(tx, scope.organizationId, {
        ...values,
        stockOnHand: initialStock,
      });
      if (initialStock > 0)
        await inventory.insertMovements(tx, scope.organizationId, [
          {
            productId: row.id,
            quantity: initialStock,
            stockAfter: initialStock,
            reason: 'received',
            note: 'Opening stock',
            recordedBy: scope.userId,
          },
        ]);
      notifyStore(scope.work, scope.organizationId, 'created', [row.id]);
      return serializeProduct(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'products_org_sku_idx')) throw skuTaken(values.sku);
    throw error;
  }
}

export async function updateProduct(
  scope: WriteScope,
  id: string,
  input: ProductUpdate,
): Promise<Product> {
  try {
    return await scope.db.transaction(async (tx) => {
      if (input.sku !== undefined) await assertSkuFree(tx, scope.organizationId, input.sku, id);
      if (input.taxRateId) await activeRate(tx, scope.organizationId, input.taxRateId);
      const row = await queries.updateProduct(tx, scope.organizationId, id, input);
      if (!row) throw notFound('Product');
      notifyStore(scope.work, scope.organizationId, 'updated', [row.id]);
      return serializeProduct(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'products_org_sku_idx')) throw skuTaken(input.sku ?? '');
    throw error;
  }
}

/** A product never sold is deleted; a sold one stays on its orders (deactivate it instead). */
export async function deleteProduct(scope: WriteScope, id: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const row = await queries.findProduct(tx, scope.organizationId, id);
    if (!row) throw notFound('Product');
    if (await queries.wasSold(tx, scope.organizationId, id))
      throw conflict(`${row.name} has been sold and stays on those orders: deactivate it instead.`);
    await queries.deleteProduct(tx, scope.organizationId, id);
    notifyStore(scope.work, scope.organizationId, 'deleted', [id]);
  });
}

/** The store's counts, computed: orders count from the 1st of this month in the studio's zone. */
export async function storeSummary(
  scope: Pick<Scope, 'organizationId' | 'db'>,
  now = new Date(),
): Promise<StoreSummary> {
  const timeZone = await getOrganizationTimeZone(scope.db, scope.organizationId);
  const monthStart = `${localDateOf(now, timeZone).slice(0, 8)}01`;
  return queries.storeCounts(
    scope.db,
    scope.organizationId,
    zonedInstant(monthStart, '00:00', timeZone),
  );
}

/** Low stock as the store counts it, for the home's Low Stock card. */
export { isLowStock } from './products.queries.ts';
