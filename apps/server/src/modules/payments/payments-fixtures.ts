import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { memberPaymentMethods, members } from '../../db/schema/members.ts';
import { memberships, plans } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';

/**
 * Rows for the payments and billing tests, written directly (as the database owner) so those
 * tests depend on the billing rules only, not on the sale screens.
 */

export async function setTimeZone(db: Db, organizationId: string, timezone: string) {
  await db.update(organizations).set({ timezone }).where(eq(organizations.id, organizationId));
}

export async function seedMember(
  db: Db,
  organizationId: string,
  card: { lastFour: string; expYear?: number; expMonth?: number } | null = { lastFour: '4242' },
) {
  const tag = randomBytes(4).toString('hex');
  const [member] = await db
    .insert(members)
    .values({
      organizationId,
      firstName: 'Pat',
      lastName: `Member ${tag}`,
      email: `pat-${tag}@example.com`,
    })
    .returning({ id: members.id });
  let cardId: string | null = null;
  if (card) {
    const [row] = await db
      .insert(memberPaymentMethods)
      .values({
        organizationId,
        memberId: member!.id,
        cardLastFour: card.lastFour,
        cardBrand: 'visa',
        cardExpMonth: card.expMonth ?? 12,
        cardExpYear: card.expYear ?? 2030,
        billingName: 'Pat Member',
        isDefault: true,
        stripePaymentMethodId: `pm_demo_${tag}`,
      })
      .returning({ id: memberPaymentMethods.id });
    cardId = row!.id;
  }
  return { memberId: member!.id, cardId };
}

export async function seedMonthlyMembership(
  db: Db,
  organizationId: string,
  memberId: string,
  nextBillingDate: string,
  price = '49.00',
) {
  const [plan] = await db
    .insert(plans)
    .values({
      organizationId,
      name: 'Unlimited Monthly',
      kind: 'membership',
      price,
      billingInterval: 'month',
    })
    .returning({ id: plans.id });
  const [membership] = await db
    .insert(memberships)
    .values({
      organizationId,
      memberId,
      planId: plan!.id,
      price,
      startDate: addMonths(nextBillingDate, -1),
      nextBillingDate,
    })
    .returning({ id: memberships.id });
  return membership!.id;
}

export async function membershipRow(db: Db, id: string) {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
  return row!;
}

function addMonths(date: string, months: number) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
