import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { homeDashboardLayouts } from '../../db/schema/dashboard.ts';

/** A person's home cards in a studio (docs/product/dashboards.md#cards-you-choose). */

export async function upsertLayout(
  db: Db | Tx,
  organizationId: string,
  userId: string,
  cards: string[],
): Promise<void> {
  await db
    .insert(homeDashboardLayouts)
    .values({ organizationId, userId, cards })
    .onConflictDoUpdate({
      target: [homeDashboardLayouts.organizationId, homeDashboardLayouts.userId],
      set: { cards, updatedAt: new Date() },
    });
}

/** Reset: without a row the person has the default cards. */
export async function deleteLayout(db: Db | Tx, organizationId: string, userId: string) {
  await db
    .delete(homeDashboardLayouts)
    .where(
      and(
        eq(homeDashboardLayouts.organizationId, organizationId),
        eq(homeDashboardLayouts.userId, userId),
      ),
    );
}
