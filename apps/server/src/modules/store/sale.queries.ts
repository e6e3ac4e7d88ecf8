import { sql } from 'drizzle-orm';
import { named, type Statement, type UnitOfWork } from '../../db/unit-of-work.ts';
import {
  orderLines,
  orderNumberCounters,
  orders,
  products,
  stockMovements,
} from '../../db/schema/money.ts';
import type { NewOrder, NewOrderLine } from './orders.queries.ts';

/**
 * A point-of-sale sale's statements (orders.service createOrder): two messages to PostgreSQL on
 * the fast path, the opening reads (openSale) and the locked write with its COMMIT
 * (completeSale). docs/product/money-and-store.md#orders.
 */

/**
 * Sales of up to this many different products run as prepared statements (one per shape and
 * connection: db/unit-of-work.ts); larger ones, rare at a counter, are planned each time.
 */
const PREPARED_LINES = 5;

/** What a sale needs of a product to price and check it. */
export interface SaleProduct {
  id: string;
  name: string;
  price: string;
  taxRateId: string | null;
  stockOnHand: number;
  isActive: boolean;
}

/**
 * A sale's opening, in one message (the unit of work's `together`): under an Idempotency-Key, wait
 * for an earlier sale with the same key (a transaction-scoped advisory lock), then look for its
 * order (its own snapshot, so it sees that sale once committed); and the products' price and
 * stock. Nothing is locked but the key: the stock is checked again when it is taken.
 */
export async function openSale(
  unit: UnitOfWork,
  organizationId: string,
  idempotencyKey: string | null,
  productIds: string[],
): Promise<{ replayOrderId: string | null; products: SaleProduct[] }> {
  const statements: Statement[] = [];
  if (idempotencyKey) {
    statements.push(
      named(
        'sale_key_lock',
        sql`select pg_advisory_xact_lock(hashtext(${`order-key:${organizationId}:${idempotencyKey}`}))`,
      ),
      named(
        'sale_replay',
        sql`select id from ${orders}
          where organization_id = ${organizationId} and idempotency_key = ${idempotencyKey}`,
      ),
    );
  }
  const ids =
    productIds.length > 0
      ? sql.join(
          productIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )
      : sql`null::uuid`;
  const read = sql`select id, name, price as price, tax_rate_id, stock_on_hand, is_active from ${products}
    where organization_id = ${organizationId} and id in (${ids})`;
  statements.push(productIds.length <= PREPARED_LINES ? named('sale_products', read) : read);
  const results = await unit.together(statements);
  const replay = idempotencyKey ? (results[1]?.[0] as { id: string } | undefined) : undefined;
  return {
    replayOrderId: replay?.id ?? null,
    products: results.at(-1)!.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      price: r.price as string,
      taxRateId: (r.tax_rate_id as string | null) ?? null,
      stockOnHand: Number(r.stock_on_hand),
      isActive: r.is_active === true,
    })),
  };
}

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
 * `earlier`: the sale's other writes with no answer it needs (its ledger row), sent in the same
 * message just before it.
 */
export async function completeSale(
  unit: UnitOfWork,
  o: NewOrder,
  lines: NewOrderLine[],
  take: Array<{ productId: string; quantity: number }>,
  recordedBy: string | null,
  earlier: Statement[] = [],
): Promise<{ number: number; createdAt: Date }> {
  const org = o.organizationId;
  // When the sale happened: the database's clock, or the order's own (the demo's history).
  const at = sql`coalesce(${o.createdAt?.toISOString() ?? null}::timestamptz, now())`;
  const lineRows = lines.map(
    (l) =>
      sql`(${l.id}::uuid, ${org}::uuid, ${o.id}::uuid, ${l.productId}::uuid, ${l.productName}, ${l.quantity}::int, ${l.unitPrice}::numeric, ${l.lineTotal}::numeric, ${l.tax ?? '0'}::numeric, ${l.gross ?? null}::numeric)`,
  );
  const takeRows =
    take.length > 0
      ? sql.join(
          take.map((t) => sql`(${t.productId}::uuid, ${t.quantity}::int)`),
          sql`, `,
        )
      : sql`(null::uuid, 0)`;
  // The sale's last statement, sent with its COMMIT where the request can (the product and
  // order-number rows stay locked for PostgreSQL's work alone: the unit of work's lastAndCommit). So it
  // refuses a lost race itself: when a product no longer has the quantity, fitbase_out_of_stock
  // raises (migration 0025) with the product and what is left, and nothing is written.
  const statement = sql`
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
        (organization_id, product_id, quantity, stock_after, reason, order_id, recorded_by, created_at)
      select ${org}::uuid, t.id, -t.quantity, t.stock_on_hand, 'sold', ${o.id}::uuid, ${recordedBy}::text, ${at}
      from taken t
    ), n as (
      insert into ${orderNumberCounters} as c (organization_id, last_number)
      values (${org},
        (select coalesce(max(number), 1000) + 1 from ${orders} where organization_id = ${org}))
      on conflict (organization_id) do update set last_number = c.last_number + 1
      returning last_number
    ), o as (
      insert into ${orders} (id, organization_id, number, member_id, customer_name, status,
        subtotal, discount_total, tax_total, total, discount_code_id, method, payment_method_id,
        idempotency_key, sold_by, created_at, updated_at)
      select ${o.id}::uuid, ${org}::uuid, n.last_number, ${o.memberId ?? null}::uuid,
        ${o.customerName ?? null}::text, ${o.status}::text, ${o.subtotal}::numeric,
        ${o.discountTotal ?? '0.00'}::numeric, ${o.taxTotal ?? '0.00'}::numeric, ${o.total}::numeric,
        ${o.discountCodeId ?? null}::uuid, ${o.method}::text, ${o.paymentMethodId ?? null}::uuid,
        ${o.idempotencyKey ?? null}::text, ${o.soldBy ?? null}::text, ${at}, ${at}
      from n
      returning number, created_at
    ), l as (
      insert into ${orderLines} (id, organization_id, order_id, product_id, product_name,
        quantity, unit_price, line_total, tax, gross)
      values ${sql.join(lineRows, sql`, `)}
    )
    select (select count(*) from taken)::int as taken, number, created_at,
      case when (select count(*) from taken) < ${take.length}
        then (select fitbase_out_of_stock(coalesce((select name from short), 'A product'),
          coalesce((select stock_on_hand from short), 0)))
      end as refused
    from o`;
  const rows = await unit.lastAndCommit<{ number: number; created_at: string | Date }>(
    lines.length <= PREPARED_LINES ? named('sale_complete', statement) : statement,
    earlier,
  );
  const row = rows[0]!;
  return {
    number: Number(row.number),
    createdAt: new Date(row.created_at),
  };
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
