import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { payRates } from '../../db/schema/money.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';

export type PayRateRow = typeof payRates.$inferSelect;

/** What the studio calls the person (its display name, else their own). */
const staffName = sql<string>`coalesce(${organizationUsers.displayName}, ${users.name})`;

/** Rates with the trainer's name: by name, then newest effective date first. */
export async function listPayRates(db: Db | Tx, organizationId: string) {
  return db
    .select({ rate: payRates, staffName })
    .from(payRates)
    .innerJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, payRates.staffUserId),
      ),
    )
    .innerJoin(users, eq(users.id, payRates.staffUserId))
    .where(eq(payRates.organizationId, organizationId))
    .orderBy(
      asc(sql`lower(${staffName})`),
      asc(payRates.staffUserId),
      desc(payRates.effectiveFrom),
    );
}

/** The staff member's name in this studio, or null when they are not on its staff. */
export async function findStaffName(
  db: Db | Tx,
  organizationId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ name: staffName })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    );
  return row?.name ?? null;
}

export async function insertPayRate(
  tx: Tx,
  values: Omit<typeof payRates.$inferInsert, 'id' | 'createdAt'>,
): Promise<PayRateRow> {
  const [row] = await tx.insert(payRates).values(values).returning();
  if (!row) throw new Error('insert pay_rates returned no row');
  return row;
}

export async function deletePayRate(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(payRates)
    .where(and(eq(payRates.organizationId, organizationId), eq(payRates.id, id)))
    .returning({ id: payRates.id });
  return rows.length > 0;
}
