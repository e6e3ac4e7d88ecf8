import type {
  Order,
  orderCreateSchema,
  orderListQuery,
  orderRefundSchema,
} from '@fitbase/domain/contracts/store';
import { formatMills, millsPerMinorUnit, toMills } from '@fitbase/domain/amounts';
import { currencyMinorUnits, formatMoney } from '@fitbase/domain/studio-format';
import { splitTax, spreadDiscount, taxBasket, taxTotals } from '@fitbase/domain/tax';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { inUnit } from '../../context/in-unit.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { redeemDiscount, releaseDiscountUse } from '../discounts/discounts.service.ts';
import { getMember } from '../members/members.service.ts';
import {
  cardLabel,
  paymentFailedError,
  prepareCharge,
  refundCharge,
} from '../payments/payments.service.ts';
import * as inventory from './inventory.queries.ts';
import { isStockCheckViolation, outOfStock } from './inventory.service.ts';
import * as queries from './orders.queries.ts';
import { orderChargesToRefund } from './order-refunds.sql.ts';
import * as products from './products.queries.ts';
import * as sale from './sale.queries.ts';
import { notifyStore } from './products.service.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { saleTax } from '../tax/tax.service.ts';
import { payWithGiftCard, type GiftCardRow } from '../gift-cards/gift-cards.service.ts';

/** Point-of-sale orders: docs/product/money-and-store.md#orders. */

type OrderCreate = z.output<typeof orderCreateSchema>;
type OrderQuery = z.output<typeof orderListQuery>;
type OrderRefund = z.output<typeof orderRefundSchema>;

export function serializeOrder(
  row: NonNullable<queries.OrderDetailRow>,
  lines: queries.OrderLineRow[],
): Order {
  const o = row.order;
  return {
    id: o.id,
    number: o.number,
    member: o.memberId && row.memberName ? { id: o.memberId, name: row.memberName } : null,
    customerName: o.customerName,
    status: o.status,
    subtotal: o.subtotal,
    discountTotal: o.discountTotal,
    taxTotal: o.taxTotal,
    discountCode: row.discountCode,
    total: o.total,
    refundedTotal: o.refundedTotal,
    method: o.method,
    paymentMethodLabel:
      row.cardBrand && row.cardLastFour
        ? cardLabel({ cardBrand: row.cardBrand, cardLastFour: row.cardLastFour })
        : null,
    failureMessage: row.failureMessage,
    soldByName: row.soldByName,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        id: l.id,
        productId: l.productId,
        productName: l.productName,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineTotal: l.lineTotal,
        returnedQuantity: l.returnedQuantity,
      })),
    createdAt: o.createdAt.toISOString(),
  };
}

async function loadOrder(db: Db | Tx, organizationId: string, id: string): Promise<Order> {
  const row = await queries.findOrder(db, organizationId, id);
  if (!row) throw notFound('Order');
  return serializeOrder(row, await queries.linesOf(db, organizationId, [id]));
}

export async function getOrder(
  scope: Pick<StudioScope, 'organizationId' | 'db'>,
  id: string,
): Promise<Order> {
  return loadOrder(scope.db, scope.organizationId, id);
}

export async function listOrders(scope: StudioScope, query: OrderQuery) {
  const { rows, total } = await queries.listOrders(scope.db, scope.organizationId, query);
  const lines = await queries.linesOf(
    scope.db,
    scope.organizationId,
    rows.map((r) => r.order.id),
  );
  return {
    orders: rows.map((r) => serializeOrder(r, lines)),
    pageInfo: { page: query.page, pageSize: query.pageSize, total },
  };
}

/** What a checkout answers: the order, and (after a committed decline) the error to send. */
export interface SaleOutcome {
  order: Order;
  /** The order already existed under this Idempotency-Key: nothing was sold again. */
  replayed: boolean;
  failure: AppError | null;
}

/** Several lines of one product are one line (its stock is checked once). */
function mergeLines(lines: OrderCreate['lines']) {
  const quantities = new Map<string, number>();
  for (const l of lines)
    quantities.set(l.productId, (quantities.get(l.productId) ?? 0) + l.quantity);
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
}

async function replayOf(tx: Db | Tx, organizationId: string, id: string) {
  const row = await queries.findOrder(tx, organizationId, id);
  if (!row) return null;
  const order = serializeOrder(row, await queries.linesOf(tx, organizationId, [id]));
  // A replayed declined checkout answers the same decline again (nothing is charged twice).
  const failure =
    order.status === 'failed'
      ? new AppError(
          row.failureCode === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined',
          order.failureMessage ?? 'The payment was declined.',
        )
      : null;
  return { order, replayed: true, failure };
}

/**
 * One sale, one transaction: check stock → price in thousandths → redeem the code → charge → take
 * the stock (id order, only if still there) → number the order. A declined card commits the failed
 * order and its failed ledger row (the caller answers 409 without rolling back) and moves no
 * stock. The Idempotency-Key makes a replayed checkout return the first order. `now`: when the
 * sale happened; default the database's clock (the demo's history sells on past days).
 */
export async function createOrder(
  scope: StudioScope,
  input: OrderCreate,
  idempotencyKey: string | null,
  now?: Date,
  /** A gift card that pays first (found by its code and locked: gift-cards.service.ts). */
  giftCard: GiftCardRow | null = null,
): Promise<SaleOutcome> {
  const organizationId = scope.organizationId;
  try {
    return await inUnit(scope, async (tx) => {
      // The same key sent twice at once: the second waits in openSale for the first to commit,
      // then answers with its order. The products come in the same round trip.
      const lines = mergeLines(input.lines);
      const opened = await sale.openSale(
        scope.work,
        organizationId,
        idempotencyKey,
        lines.map((l) => l.productId),
      );
      const early = opened.replayOrderId
        ? await replayOf(tx, organizationId, opened.replayOrderId)
        : null;
      if (early) return early;
      const member = input.memberId
        ? await getMember({ ...scope, db: tx as Db }, input.memberId)
        : null;

      // Everything that does not need the stock is done before any product row is locked, so
      // concurrent sales of one product wait for each other only over the last statement
      // (bench:billing's point-of-sale figure).
      const current = opened.products;
      const byId = new Map(current.map((p) => [p.id, p]));
      const priced = lines.map((l, i) => {
        const product = byId.get(l.productId);
        if (!product)
          throw new AppError('validation_error', 'That product does not exist (any more).', {
            [`lines.${i}.productId`]: 'Unknown product',
          });
        if (!product.isActive) throw conflict(`${product.name} is no longer sold.`);
        if (product.stockOnHand < l.quantity) throw outOfStock(product.name, product.stockOnHand);
        const lineMills = toMills(product.price) * l.quantity;
        return { product, quantity: l.quantity, lineMills };
      });
      const subtotal = formatMills(priced.reduce((sum, l) => sum + l.lineMills, 0));
      const discount = input.discountCode
        ? await redeemDiscount(tx, scope, input.discountCode, 'product', subtotal)
        : null;
      // Each line is taxed at its product's rate on its share of the discounted total, rounded
      // per line (docs/product/money-and-store.md#tax); an untaxed shop reads no rates.
      const rateIds = priced.map((l) => l.product.taxRateId);
      const tax = rateIds.some((rateId) => rateId !== null)
        ? await saleTax(tx, organizationId, rateIds)
        : null;
      const off = tax
        ? spreadDiscount(
            toMills(discount?.discount ?? '0.00'),
            priced.map((l) => l.lineMills),
            tax.currency,
          )
        : [];
      const basket = tax
        ? taxBasket(
            priced.map((l, i) => ({
              amount: formatMills(l.lineMills - off[i]!),
              rate: l.product.taxRateId ? (tax.rates.get(l.product.taxRateId) ?? null) : null,
            })),
            tax.currency,
            tax.rounding,
          )
        : null;
      const total = basket?.gross ?? discount?.total ?? subtotal;
      const taxTotal = basket ? taxTotals(basket.lines).tax : '0.00';
      // A gift card pays what it can (its balance at most); the chosen method pays the rest.
      const giftMills = giftCard ? Math.min(toMills(giftCard.balance), toMills(total)) : 0;
      const restMills = toMills(total) - giftMills;
      const method = giftMills > 0 && restMills === 0 ? 'gift_card' : input.method;

      const id = randomUUID();
      // The ledger row is written with the sale's last statement (prepareCharge).
      const prepared =
        restMills > 0
          ? await prepareCharge(tx, scope, {
              memberId: input.memberId,
              amount: formatMills(restMills),
              // With a gift card paying part, this charge carries its share of the tax.
              taxLines: basket
                ? giftMills > 0
                  ? splitTax(basket.lines, formatMills(restMills), total, tax!.currency)[0]
                  : basket.lines
                : null,
              purpose: 'order',
              description: `Store sale: ${priced.map((l) => `${l.quantity} × ${l.product.name}`).join(', ')}`,
              method: input.method,
              paymentMethodId: input.paymentMethodId,
              orderId: id,
              dueKey: `order:${id}`,
              idempotencyKey: idempotencyKey ? `order:${idempotencyKey}` : undefined,
              first: true,
              occurredAt: now,
            })
          : null;
      const charge = prepared?.result ?? null;
      const paid = charge?.status !== 'failed';
      if (!paid && discount) await releaseDiscountUse(tx, scope, discount.discountCodeId);
      // Only once the rest is paid: a declined card leaves the gift card untouched.
      const giftPaid =
        paid && giftCard && giftMills > 0
          ? await payWithGiftCard(tx, scope, giftCard, {
              amount: formatMills(giftMills),
              // The card's share of the sale's tax: all of it when the card pays everything.
              taxLines: basket
                ? restMills > 0
                  ? splitTax(basket.lines, formatMills(restMills), total, tax!.currency)[1]
                  : basket.lines
                : null,
              memberId: input.memberId,
              purpose: 'order',
              description: `Store sale (gift card •••• ${giftCard.codeLastFour}): ${priced.map((l) => `${l.quantity} × ${l.product.name}`).join(', ')}`,
              orderId: id,
              idempotencyKey: idempotencyKey ? `order:${idempotencyKey}:gift-card` : undefined,
              occurredAt: now,
            })
          : null;
      // What the answer shows beside the order's own row, known by now without a query.
      const card = input.method === 'card' ? (charge?.card ?? null) : null;
      const labels = {
        memberName: member ? `${member.firstName} ${member.lastName}` : null,
        discountCode: discount?.code ?? null,
        paymentMethodId: card?.id ?? null,
        cardBrand: card?.brand ?? null,
        cardLastFour: card?.lastFour ?? null,
        soldByName: scope.userName ?? (await queries.userName(tx, scope.userId)),
      };
      // NOTIFY is delivered at commit whenever it is sent: sent now, it stays out of the part
      // of the sale that holds locks.
      notifyStore(scope.work, organizationId, 'created', [id, ...priced.map((l) => l.product.id)]);

      const newOrder: queries.NewOrder = {
        id,
        organizationId,
        memberId: input.memberId,
        customerName: input.memberId ? null : input.customerName || null,
        status: paid ? 'paid' : 'failed',
        subtotal,
        discountTotal: discount?.discount ?? '0.00',
        taxTotal,
        total,
        discountCodeId: discount?.discountCodeId ?? null,
        method,
        paymentMethodId: labels.paymentMethodId,
        idempotencyKey,
        soldBy: scope.userId,
        createdAt: now,
      };
      const newLines: queries.NewOrderLine[] = priced.map((l, i) => ({
        id: randomUUID(),
        productId: l.product.id,
        productName: l.product.name,
        quantity: l.quantity,
        unitPrice: l.product.price,
        lineTotal: formatMills(l.lineMills),
        tax: basket?.items[i]!.tax ?? '0.00',
        gross: basket?.items[i]!.gross ?? null,
      }));
      // From here to the commit, the products and the order numbers are locked: one statement.
      // The stock is taken only if it is still there (a concurrent sale may have won the last
      // item since the check above): otherwise the whole sale, charge included, rolls back.
      const take = paid
        ? priced.map((l) => ({ productId: l.product.id, quantity: l.quantity }))
        : [];
      // The sale's last statement: on PostgreSQL its COMMIT travels with it, so nothing below
      // may fail. A lost race for the stock fails it (outOfStockOf below).
      const { number, createdAt } = await sale.completeSale(
        scope.work,
        newOrder,
        newLines,
        take,
        scope.userId,
        prepared?.write ? [prepared.write] : [],
      );
      // The answer is built from what was just written, not read back while the locks are held.
      const order = serializeOrder(
        {
          order: {
            ...newOrder,
            memberId: newOrder.memberId ?? null,
            customerName: newOrder.customerName ?? null,
            discountTotal: newOrder.discountTotal ?? '0.00',
            taxTotal,
            discountCodeId: newOrder.discountCodeId ?? null,
            paymentMethodId: newOrder.paymentMethodId ?? null,
            idempotencyKey: newOrder.idempotencyKey ?? null,
            soldBy: newOrder.soldBy ?? null,
            number,
            refundedTotal: '0.00',
            createdAt,
            updatedAt: createdAt,
          },
          memberName: labels.memberName,
          discountCode: labels.discountCode,
          cardBrand: labels.cardBrand,
          cardLastFour: labels.cardLastFour,
          soldByName: labels.soldByName,
          failureCode: charge?.failureCode ?? null,
          failureMessage: charge?.failureMessage ?? null,
        },
        newLines
          .map((l) => ({
            ...l,
            tax: l.tax ?? '0.00',
            gross: l.gross ?? null,
            organizationId,
            orderId: id,
            returnedQuantity: 0,
          }))
          .sort(byNameThenId),
      );
      if (giftPaid && giftCard)
        order.giftCardPayment = {
          lastFour: giftCard.codeLastFour,
          amount: formatMills(giftMills),
          balance: giftPaid.balance,
        };
      return { order, replayed: false, failure: paid ? null : paymentFailedError(charge!) };
    });
  } catch (error) {
    const short = sale.outOfStockOf(error);
    if (short) throw outOfStock(short.name, short.onHand);
    // The database's own guard (products_stock_check) backs the conditional take above.
    if (isStockCheckViolation(error))
      throw new AppError('out_of_stock', 'Not enough stock left for this sale.');
    throw error;
  }
}

/** The order linesOf reads lines in (product name, then id). */
function byNameThenId(
  a: { productName: string; id: string },
  b: { productName: string; id: string },
) {
  if (a.productName !== b.productName) return a.productName < b.productName ? -1 : 1;
  return a.id < b.id ? -1 : 1;
}

/** The card a charge used (the member's default when none was chosen). */
/**
 * round(a × b / c) half up to a whole number of `step`s (the currency's minor unit in
 * thousandths), exactly (BigInt: the product can pass 2^53).
 */
function mulDivRound(a: number, b: number, c: number, step: number): number {
  if (c === 0) return 0;
  const d = BigInt(c) * BigInt(step);
  return Number((BigInt(a) * BigInt(b) * 2n + d) / (2n * d)) * step;
}

/**
 * Refund an order in one transaction: returned lines bring their stock back ('returned'
 * movements), the money goes back through the ledger against the order's charge, and the order
 * becomes partially_refunded or refunded. Omitted amount = the returned lines' share of what was
 * paid (discount prorated), or everything left when no lines are given.
 */
export async function refundOrder(
  scope: StudioScope,
  id: string,
  input: OrderRefund,
): Promise<Order> {
  const organizationId = scope.organizationId;
  return scope.db.transaction(async (tx) => {
    const order = await queries.lockOrder(tx, organizationId, id);
    if (!order) throw notFound('Order');
    if (order.status === 'failed')
      throw conflict(`Order #${order.number} was never paid: there is nothing to refund.`);
    if (order.status === 'refunded')
      throw conflict(`Order #${order.number} is already fully refunded.`);
    const lines = await queries.linesOf(tx, organizationId, [id]);
    const totalMills = toMills(order.total);
    const subtotalMills = toMills(order.subtotal);
    const leftMills = totalMills - toMills(order.refundedTotal);

    const returns = input.lines.map((r, i) => {
      const line = lines.find((l) => l.id === r.lineId);
      if (!line)
        throw new AppError('validation_error', 'That line is not on this order.', {
          [`lines.${i}.lineId`]: 'Not on this order',
        });
      const returnable = line.quantity - line.returnedQuantity;
      if (r.quantity > returnable)
        throw new AppError(
          'validation_error',
          returnable === 0
            ? `Every ${line.productName} on this order was already returned.`
            : `Only ${returnable} ${line.productName} can still be returned.`,
          { [`lines.${i}.quantity`]: `At most ${returnable}` },
        );
      return { line, quantity: r.quantity };
    });
    if (new Set(returns.map((r) => r.line.id)).size !== returns.length)
      throw new AppError('validation_error', 'Each line can be returned once per refund.');

    const { currency } = await studioFormat(tx, organizationId);
    const step = millsPerMinorUnit(currencyMinorUnits(currency));
    const returnedValue = returns.reduce(
      (sum, r) =>
        sum + mulDivRound(toMills(r.line.unitPrice) * r.quantity, totalMills, subtotalMills, step),
      0,
    );
    const amountMills =
      input.amount !== undefined
        ? toMills(input.amount)
        : returns.length > 0
          ? Math.min(returnedValue, leftMills)
          : leftMills;
    if (amountMills > leftMills) {
      // Quoted in the studio's currency and locale (ADR 0038).
      const most = formatMoney(formatMills(leftMills), await studioFormat(tx, organizationId));
      throw new AppError(
        'refund_exceeds_paid',
        `You can refund at most ${most} of order #${order.number}.`,
      );
    }
    if (amountMills === 0 && returns.length === 0)
      throw new AppError('validation_error', 'Choose the items returned or an amount to refund.');

    if (amountMills > 0) {
      // One charge, or two when a gift card paid part (its part is given back first).
      const charges = await orderChargesToRefund(tx, organizationId, id);
      if (charges.length === 0) throw conflict(`Order #${order.number} has no payment to refund.`);
      let owed = amountMills;
      for (const charge of charges) {
        const part = Math.min(owed, toMills(charge.left));
        if (part <= 0) continue;
        await refundCharge(tx, scope, {
          chargeId: charge.id,
          amount: formatMills(part),
          reason: input.reason,
        });
        owed -= part;
        if (owed === 0) break;
      }
      if (owed > 0) throw conflict(`Order #${order.number} has no payment left to refund.`);
    }

    if (returns.length > 0) {
      // Same lock order as a sale: product ids ascending.
      await products.lockProducts(
        tx,
        organizationId,
        returns.map((r) => r.line.productId),
      );
      const movements: inventory.MovementValues[] = [];
      for (const r of [...returns].sort((a, b) =>
        a.line.productId.localeCompare(b.line.productId),
      )) {
        const stockAfter = await products.changeStock(
          tx,
          organizationId,
          r.line.productId,
          r.quantity,
        );
        await queries.returnLine(
          tx,
          organizationId,
          r.line.id,
          r.line.returnedQuantity + r.quantity,
        );
        movements.push({
          productId: r.line.productId,
          quantity: r.quantity,
          stockAfter,
          reason: 'returned',
          orderId: id,
          note: input.reason,
          recordedBy: scope.userId,
        });
      }
      await inventory.insertMovements(tx, organizationId, movements);
    }

    const refundedMills = toMills(order.refundedTotal) + amountMills;
    const allReturned = lines.every(
      (l) =>
        l.returnedQuantity + (returns.find((r) => r.line.id === l.id)?.quantity ?? 0) ===
        l.quantity,
    );
    const fully = totalMills > 0 ? refundedMills === totalMills : allReturned;
    await queries.updateOrderRefund(tx, organizationId, id, {
      refundedTotal: formatMills(refundedMills),
      status: fully ? 'refunded' : 'partially_refunded',
    });
    notifyStore(scope.work, organizationId, 'updated', [
      id,
      ...returns.map((r) => r.line.productId),
    ]);
    return loadOrder(tx, organizationId, id);
  });
}
