import { foreignKey, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { organizationUsers } from './organizations.ts';
import { organizationId } from './tenant-columns.ts';

/**
 * The cards a person chose for the studio home, in order (docs/product/dashboards.md#cards-you-choose).
 * One row per person and studio; no row = the default cards. Ids the catalog no longer has, or
 * the person's role may no longer see, are skipped when read (packages/domain/src/home-cards.ts),
 * so the column holds plain text. Leaving the studio removes the row with the membership.
 */
export const homeDashboardLayouts = pgTable(
  'home_dashboard_layouts',
  {
    organizationId: organizationId(),
    userId: text('user_id').notNull(),
    cards: text('cards').array().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'home_dashboard_layouts_pkey', columns: [t.organizationId, t.userId] }),
    foreignKey({
      name: 'home_dashboard_layouts_person_fk',
      columns: [t.organizationId, t.userId],
      foreignColumns: [organizationUsers.organizationId, organizationUsers.userId],
    }).onDelete('cascade'),
  ],
);
