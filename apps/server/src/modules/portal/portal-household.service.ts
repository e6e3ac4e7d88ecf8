import type { PortalHousehold } from '@fitbase/domain/contracts/households';
import type { PortalBooking, PortalBookings } from '@fitbase/domain/contracts/portal';
import type { MemberScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { householdOf, paysFor } from '../households/households.service.ts';
import { bookForMember, portalBookings } from './portal.service.ts';

/**
 * The household in the member portal (docs/product/member-portal.md#household): every member of
 * a household sees who is in it; the payer signs in for the others (children may have no login
 * of their own), books their classes and sees their bookings. A member the caller does not pay
 * for answers like one that does not exist.
 */

export async function portalHousehold(scope: MemberScope): Promise<PortalHousehold> {
  const household = await householdOf(scope, scope.memberId);
  if (!household) return { household: null };
  return {
    household: {
      name: household.name,
      isPayer: household.payerMemberId === scope.memberId,
      members: household.members.map((m) => ({
        id: m.id,
        firstName: m.firstName,
        lastName: m.lastName,
        isPayer: m.isPayer,
        isMe: m.id === scope.memberId,
      })),
    },
  };
}

/** The scope of the member the payer acts for; 404 unless the caller pays for them. */
async function actingFor(scope: MemberScope, memberId: string): Promise<MemberScope> {
  if (!(await paysFor(scope, scope.memberId, memberId))) throw notFound('Member');
  return { ...scope, memberId };
}

/** `Book` a class for a household member, as they would book it themselves. */
export async function bookForDependent(
  scope: MemberScope,
  memberId: string,
  sessionId: string,
): Promise<PortalBooking> {
  return bookForMember(await actingFor(scope, memberId), sessionId);
}

/** A household member's upcoming bookings and past visits, for their payer. */
export async function dependentBookings(
  scope: MemberScope,
  memberId: string,
): Promise<PortalBookings> {
  return portalBookings(await actingFor(scope, memberId));
}
