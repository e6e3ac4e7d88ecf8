import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberPaymentMethods } from '../../db/schema/members.ts';

export type PaymentMethodRow = typeof memberPaymentMethods.$inferSelect;
export type NewPaymentMethod = typeof memberPaymentMethods.$inferInsert;

const activeOfMember = (organizationId: string, memberId: string) =>
  and(
    eq(memberPaymentMethods.organizationId, organizationId),
    eq(memberPaymentMethods.memberId, memberId),
    eq(memberPaymentMethods.isActive, true),
  );

/**
 * Active methods of a member, default first (docs/product/members.md#member-dashboard), then
 * newest.
 */
export async function listActivePaymentMethods(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
) {
  return db
    .select()
    .from(memberPaymentMethods)
    .where(activeOfMember(organizationId, memberId))
    .orderBy(
      desc(memberPaymentMethods.isDefault),
      desc(memberPaymentMethods.createdAt),
      desc(memberPaymentMethods.id),
    );
}

export async function hasActivePaymentMethod(
  tx: Tx,
  organizationId: string,
  memberId: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: memberPaymentMethods.id })
    .from(memberPaymentMethods)
    .where(activeOfMember(organizationId, memberId))
    .limit(1);
  return rows.length > 0;
}

export async function clearDefaultPaymentMethod(
  tx: Tx,
  organizationId: string,
  memberId: string,
): Promise<void> {
  await tx
    .update(memberPaymentMethods)
    .set({ isDefault: false })
    .where(and(activeOfMember(organizationId, memberId), eq(memberPaymentMethods.isDefault, true)));
}

export async function insertPaymentMethod(
  tx: Tx,
  values: NewPaymentMethod,
): Promise<PaymentMethodRow> {
  const [row] = await tx.insert(memberPaymentMethods).values(values).returning();
  if (!row) throw new Error('insert member_payment_methods returned no row');
  return row;
}

/** Marks one active method of the member as default or removed; false when it is not theirs. */
export async function updateActivePaymentMethod(
  tx: Tx,
  organizationId: string,
  memberId: string,
  id: string,
  set: { isDefault?: boolean; isActive?: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(memberPaymentMethods)
    .set(set)
    .where(and(activeOfMember(organizationId, memberId), eq(memberPaymentMethods.id, id)))
    .returning({ id: memberPaymentMethods.id });
  return rows.length > 0;
}
