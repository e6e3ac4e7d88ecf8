import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@fitbase/domain/money-constants';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { memberPaymentMethods, members } from '../../db/schema/members.ts';
import { discountCodes, ledgerEntries, orderLines, orders } from '../../db/schema/money.ts';
import { escapeLike } from './products.queries.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'number' | 'refundedTotal' | 'createdAt' | 'updatedAt'
> & {
  id: string;
  /** When the sale happened; default the database's clock (the demo's history). */
  createdAt?: Date;
};
export type NewOrderLine = Omit<
  typeof orderLines.$inferInsert,
  'orderId' | 'organizationId' | 'returnedQuantity'
> & { id: string };

/** A person's name (a sale's seller when the request did not carry it). */
export async function userName(tx: Db | Tx, id: string): Promise<string | null> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

export async function lockOrder(
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateOrderRefund(
  tx: Tx,
  organizationId: string,
  id: string,
  values: { refundedTotal: string; status: OrderStatus },
): Promise<void> {
  await tx
    .update(orders)
    .set(values)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, id)));
}

export async function returnLine(
  tx: Tx,
  organizationId: string,
  lineId: string,
  returnedQuantity: number,
): Promise<void> {
  await tx
    .update(orderLines)
    .set({ returnedQuantity })
    .where(and(eq(orderLines.organizationId, organizationId), eq(orderLines.id, lineId)));
}

export interface OrderFilter {
  status?: OrderStatus;
  search?: string;
  page: number;
  pageSize: number;
}

const memberName = sql<string | null>`${members.firstName} || ' ' || ${members.lastName}`;

/** An order with what its screen shows: the member, the code, the card, the seller, a failure. */
function orderSelect(db: Db | Tx, organizationId: string) {
  return db
    .select({
      order: orders,
      memberName,
      discountCode: discountCodes.code,
      cardBrand: memberPaymentMethods.cardBrand,
      cardLastFour: memberPaymentMethods.cardLastFour,
      soldByName: users.name,
      failureCode: sql<string | null>`(
        select ${ledgerEntries.failureCode} from ${ledgerEntries}
        where ${ledgerEntries.organizationId} = ${organizationId}
          and ${ledgerEntries.orderId} = ${orders.id} and ${ledgerEntries.status} = 'failed'
        order by ${ledgerEntries.occurredAt} desc limit 1)`,
      failureMessage: sql<string | null>`(
        select ${ledgerEntries.failureMessage} from ${ledgerEntries}
        where ${ledgerEntries.organizationId} = ${organizationId}
          and ${ledgerEntries.orderId} = ${orders.id} and ${ledgerEntries.status} = 'failed'
        order by ${ledgerEntries.occurredAt} desc limit 1)`,
    })
    .from(orders)
    .leftJoin(
      members,
      and(eq(members.organizationId, organizationId), eq(members.id, orders.memberId)),
    )
    .leftJoin(
      discountCodes,
      and(
        eq(discountCodes.organizationId, organizationId),
        eq(discountCodes.id, orders.discountCodeId),
      ),
    )
    .leftJoin(memberPaymentMethods, eq(memberPaymentMethods.id, orders.paymentMethodId))
    .leftJoin(users, eq(users.id, orders.soldBy));
}

export type OrderDetailRow = Awaited<ReturnType<typeof findOrder>>;

export async function findOrder(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await orderSelect(db, organizationId).where(
    and(eq(orders.organizationId, organizationId), eq(orders.id, id)),
  );
  return row ?? null;
}

function orderConditions(organizationId: string, filter: OrderFilter) {
  const conditions: SQL[] = [eq(orders.organizationId, organizationId)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  const search = filter.search?.replace(/^#/, '');
  if (search) {
    const term = escapeLike(search.toLowerCase());
    conditions.push(
      sql`(${orders.number}::text = ${search} or lower(coalesce(${orders.customerName}, '')) like '%' || ${term} || '%' or exists (
        select 1 from ${members} m where m.organization_id = ${organizationId} and m.id = ${orders.memberId}
          and lower(m.first_name || ' ' || m.last_name) like '%' || ${term} || '%'))`,
    );
  }
  return and(...conditions);
}

/** Newest first, one page, and the total matching. */
export async function listOrders(db: Db | Tx, organizationId: string, filter: OrderFilter) {
  const where = orderConditions(organizationId, filter);
  const rows = await orderSelect(db, organizationId)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows: rows.filter((r) => r !== null), total: total?.n ?? 0 };
}

export async function linesOf(
  db: Db | Tx,
  organizationId: string,
  orderIds: string[],
): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(
      and(eq(orderLines.organizationId, organizationId), inArray(orderLines.orderId, orderIds)),
    )
    .orderBy(asc(orderLines.productName), asc(orderLines.id));
}
