import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@fitbase/domain/money-constants';
import type { Db, Tx } from '../../db/client.ts';
import { executeLastAndCommit } from '../../db/commit-with-last.ts';
import { users } from '../../db/schema/auth.ts';
import { memberPaymentMethods, members } from '../../db/schema/members.ts';
import {
  discountCodes,
  ledgerEntries,
  orderLines,
  orderNumberCounters,
  orders,
  products,
  stockMovements,
} from '../../db/schema/money.ts';
import { escapeLike } from './products.queries.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'number' | 'refundedTotal' | 'createdAt' | 'updatedAt'
> & { id: string };
export type NewOrderLine = Omit<
  typeof orderLines.$inferInsert,
  'orderId' | 'organizationId' | 'returnedQuantity'
> & { id: string };

/**
 * The locked part of a sale in ONE statement: take each product's quantity (rows locked in id
 * order, so two sales never deadlock) only where that much is left, record the 'sold'
 * movements, bump the studio's order counter and insert the order, numbered by it, with its
 * lines. The product rows and the counter stay locked until the commit, which travels with it
 * on PostgreSQL: concurrent sales wait for each other over this statement's own work
 * (bench:billing). It is the sale's last statement: nothing may write or fail after it.
 * `take` is empty for a declined sale (no stock moves). A product without the quantity any more
 * (a concurrent sale won) fails the statement with SQLSTATE FB001 (`outOfStockOf`). Returns the
 * order's number (one sequence per studio, first #1001, in commit order, no gap) and its time.
 */
export async function completeSale(
  tx: Tx,
  o: NewOrder,
  lines: NewOrderLine[],
  take: Array<{ productId: string; quantity: number }>,
  recordedBy: string | null,
): Promise<{ number: number; createdAt: Date }> {
  const org = o.organizationId;
  const lineRows = lines.map(
    (l) =>
      sql`(${l.id}::uuid, ${org}::uuid, ${o.id}::uuid, ${l.productId}::uuid, ${l.productName}, ${l.quantity}::int, ${l.unitPrice}::numeric, ${l.lineTotal}::numeric)`,
  );
  const takeRows =
    take.length > 0
      ? sql.join(
          take.map((t) => sql`(${t.productId}::uuid, ${t.quantity}::int)`),
          sql`, `,
        )
      : sql`(null::uuid, 0)`;
  // The sale's last statement, sent with its COMMIT where the request can (the product and
  // order-number rows stay locked for PostgreSQL's work alone: db/commit-with-last.ts). So it
  // refuses a lost race itself: when a product no longer has the quantity, fitbase_out_of_stock
  // raises (migration 0025) with the product and what is left, and nothing is written.
  const rows = await executeLastAndCommit<{
    number: number;
    created_at: string | Date;
  }>(
    tx,
    sql`
    with wanted (product_id, quantity) as (values ${takeRows}),
    locked as (
      select p.id, p.name, p.stock_on_hand from ${products} p join wanted w on w.product_id = p.id
      where p.organization_id = ${org} order by p.id for update of p
    ), short as (
      -- The locked rows are their latest versions (a concurrent sale's take included).
      select l.name, l.stock_on_hand from locked l join wanted w on w.product_id = l.id
      where l.stock_on_hand < w.quantity order by l.name limit 1
    ), taken as (
      update ${products} p set stock_on_hand = p.stock_on_hand - w.quantity, updated_at = now()
      from locked l join wanted w on w.product_id = l.id
      where p.organization_id = ${org} and p.id = l.id and p.stock_on_hand >= w.quantity
      returning p.id, p.stock_on_hand, w.quantity
    ), moved as (
      insert into ${stockMovements}
        (organization_id, product_id, quantity, stock_after, reason, order_id, recorded_by)
      select ${org}, t.id, -t.quantity, t.stock_on_hand, 'sold', ${o.id}, ${recordedBy}
      from taken t
    ), n as (
      insert into ${orderNumberCounters} as c (organization_id, last_number)
      values (${org},
        (select coalesce(max(number), 1000) + 1 from ${orders} where organization_id = ${org}))
      on conflict (organization_id) do update set last_number = c.last_number + 1
      returning last_number
    ), o as (
      insert into ${orders} (id, organization_id, number, member_id, customer_name, status,
        subtotal, discount_total, total, discount_code_id, method, payment_method_id,
        idempotency_key, sold_by)
      select ${o.id}::uuid, ${org}::uuid, n.last_number, ${o.memberId ?? null}::uuid,
        ${o.customerName ?? null}::text, ${o.status}::text, ${o.subtotal}::numeric,
        ${o.discountTotal ?? '0.00'}::numeric, ${o.total}::numeric,
        ${o.discountCodeId ?? null}::uuid, ${o.method}::text, ${o.paymentMethodId ?? null}::uuid,
        ${o.idempotencyKey ?? null}::text, ${o.soldBy ?? null}::text
      from n
      returning number, created_at
    ), l as (
      insert into ${orderLines} (id, organization_id, order_id, product_id, product_name,
        quantity, unit_price, line_total)
      values ${sql.join(lineRows, sql`, `)}
    )
    select (select count(*) from taken)::int as taken, number, created_at,
      case when (select count(*) from taken) < ${take.length}
        then (select fitbase_out_of_stock(coalesce((select name from short), 'A product'),
          coalesce((select stock_on_hand from short), 0)))
      end as refused
    from o`,
  );
  const row = rows[0]!;
  return {
    number: Number(row.number),
    createdAt: new Date(row.created_at),
  };
}

/** A person's name (a sale's seller when the request did not carry it). */
export async function userName(tx: Db | Tx, id: string): Promise<string | null> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/** Sales under one Idempotency-Key one after the other (transaction-scoped). */
export async function lockIdempotencyKey(tx: Tx, organizationId: string, key: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`order-key:${organizationId}:${key}`}))`,
  );
}

export async function findOrderIdByKey(
  db: Db | Tx,
  organizationId: string,
  idempotencyKey: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.organizationId, organizationId), eq(orders.idempotencyKey, idempotencyKey)),
    );
  return row?.id ?? null;
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

/** The paid charge of an order (refunds go against it). */
export async function findOrderCharge(
  tx: Db | Tx,
  organizationId: string,
  orderId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.orderId, orderId),
        eq(ledgerEntries.kind, 'charge'),
        inArray(ledgerEntries.status, ['paid', 'refunded']),
      ),
    )
    .orderBy(desc(ledgerEntries.occurredAt))
    .limit(1);
  return row?.id ?? null;
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

/** The product and quantity left of a sale refused by completeSale (FB001), else null. */
export function outOfStockOf(error: unknown): { name: string; onHand: number } | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: string; detail?: string; cause?: unknown };
    if (candidate.code === 'FB001' && candidate.detail) {
      const detail = JSON.parse(candidate.detail) as { name: string; onHand: number };
      return { name: detail.name, onHand: Number(detail.onHand) };
    }
    e = candidate.cause;
  }
  return null;
}
