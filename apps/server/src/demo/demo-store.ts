import { giftCardSellSchema } from '@fitbase/domain/contracts/gift-cards';
import { orderCreateSchema, stockChangeSchema } from '@fitbase/domain/contracts/store';
import { sellGiftCard } from '../modules/gift-cards/gift-cards.service.ts';
import { changeStock } from '../modules/store/inventory.service.ts';
import { createOrder } from '../modules/store/orders.service.ts';
import type { DemoCatalog, DemoProduct } from './demo-catalog.ts';
import { weekdayOf } from './demo-clock.ts';
import { act, attempt, count, type DemoContext } from './demo-context.ts';
import type { DemoMember } from './demo-members.ts';
import type { Timeline } from './demo-timeline.ts';

/**
 * The store: a few sales a day at the point of sale (cash, a member's card on file, now and
 * then a discount code), and a delivery every Monday for what ran low. The yoga mats stop
 * being reordered three weeks before today, so one item is low on stock.
 */

/** Stock the demo believes each product has (the sales keep the real count; a refused sale just moves on). */
const onHand = new Map<string, number>();

export function scheduleStoreDay(
  ctx: DemoContext,
  catalog: DemoCatalog,
  members: DemoMember[],
  timeline: Timeline,
  day: string,
): void {
  const { clock, chance } = ctx;
  if (day === clock.firstDay)
    for (const p of catalog.products) onHand.set(p.id, p.reorderAt + p.reorderQuantity);
  // Weekends sell a little more.
  const sales = weekdayOf(day) >= 5 ? chance.int(1, 2) : chance.chance(0.4) ? 1 : 0;
  const buyers = members.filter((m) => m.spec.joinDay <= day);
  for (let i = 0; i < sales; i++) {
    const at = clock.at(
      day,
      `${String(chance.int(7, 20)).padStart(2, '0')}:${String(chance.int(0, 59)).padStart(2, '0')}`,
    );
    const lines = chance
      .sample(catalog.products, chance.chance(0.25) ? 2 : 1)
      .map((p) => ({ productId: p.id, quantity: p.price < '5' ? chance.int(1, 3) : 1 }));
    const member = buyers.length > 0 && chance.chance(0.6) ? chance.pick(buyers) : null;
    // A card on file is charged for members who have one (the recurring plans).
    const onFile = member !== null && ['unlimited', 'offPeak', 'annual'].includes(member.spec.plan);
    const byCard = onFile && chance.chance(0.5);
    const discountCode = chance.chance(0.06) ? 'GEAR15' : undefined;
    timeline.at(
      at,
      async () => {
        const input = orderCreateSchema.parse({
          memberId: member?.id ?? null,
          customerName: member?.id ? null : 'Walk-in customer',
          lines,
          method: byCard && member?.id ? 'card' : 'cash',
          discountCode,
        });
        // A sale commits its own transaction (its last statement carries the COMMIT).
        const sale = await attempt(ctx, 'store sales', () =>
          act(ctx, ctx.team.frontDesk, (scope) => createOrder(scope, input, null, at)),
        );
        if (sale && !sale.failure)
          for (const l of lines)
            onHand.set(l.productId, (onHand.get(l.productId) ?? 0) - l.quantity);
        if (sale?.failure) count(ctx, 'declined store sales');
      },
      member ? ['store', `member:${member.spec.index}`] : ['store'],
    );
  }
  // Gift cards sold at the desk this morning (a card's sale is recorded at the moment it is
  // made, so only today's are sold): the Gift cards screen and its liability have figures.
  if (day === clock.today)
    for (const [i, amount] of ['25.00', '50.00', '100.00'].entries())
      timeline.at(
        new Date(clock.now.getTime() - (3 - i) * 60_000),
        async () => {
          const input = giftCardSellSchema.parse({
            amount,
            method: 'cash',
            recipientEmail: `gift.${i + 1}@example.com`,
            message: 'Happy birthday! See you in class.',
          });
          await attempt(ctx, 'gift cards', () =>
            act(ctx, ctx.team.frontDesk, (scope) => sellGiftCard(scope, input)),
          );
          count(ctx, 'gift cards');
        },
        ['store'],
      );
  // Monday's delivery.
  if (weekdayOf(day) === 0 && day !== clock.firstDay) {
    const at = clock.at(day, '08:40');
    const stopMats = clock.plus(clock.today, -21);
    timeline.at(at, () => restock(ctx, catalog.products, at, day < stopMats), ['store']);
  }
}

async function restock(ctx: DemoContext, products: DemoProduct[], at: Date, matsToo: boolean) {
  for (const p of products) {
    const left = onHand.get(p.id) ?? 0;
    if (left > p.reorderAt * 2 || (p.lowStockItem && !matsToo)) continue;
    const done = await attempt(ctx, 'stock deliveries', () =>
      act(ctx, ctx.team.admin, (scope) =>
        changeStock(
          scope,
          p.id,
          stockChangeSchema.parse({
            reason: 'received',
            quantity: p.reorderQuantity,
            note: 'Weekly delivery',
          }),
          at,
        ),
      ),
    );
    if (done) onHand.set(p.id, done.stockOnHand);
  }
}
