import { randomBytes } from 'node:crypto';
import type {
  PortalCheckInCode,
  PortalProfile,
  PortalProfileUpdate,
} from '@fitbase/domain/contracts/portal';
import type { MemberScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { editMember, getMember } from '../members/members.service.ts';
import {
  readCheckInCode,
  readNotificationConsents,
  writeCheckInCode,
  writeNotificationConsents,
  type NotificationConsents,
} from './portal-profile.queries.ts';

/**
 * The member's `Profile` (docs/product/member-portal.md#profile): their contact details,
 * emergency contact and marketing consent, through the same member service as the front desk;
 * their reminder and push switches (docs/product/member-portal.md#notifications); and their
 * check-in code for the kiosk.
 */

function toProfile(
  m: Awaited<ReturnType<typeof getMember>>,
  consents: NotificationConsents,
): PortalProfile {
  return {
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    phone: m.phone,
    addressLine1: m.addressLine1,
    addressLine2: m.addressLine2,
    city: m.city,
    state: m.state,
    postalCode: m.postalCode,
    emergencyContactName: m.emergencyContactName,
    emergencyContactPhone: m.emergencyContactPhone,
    emergencyContactRelationship: m.emergencyContactRelationship,
    marketingConsent: m.marketingConsent,
    ...consents,
  };
}

async function consentsOf(scope: MemberScope): Promise<NotificationConsents> {
  const consents = await readNotificationConsents(scope.db, scope.organizationId, scope.memberId);
  if (!consents) throw notFound('Member');
  return consents;
}

export async function portalProfile(scope: MemberScope): Promise<PortalProfile> {
  return toProfile(await getMember(scope, scope.memberId), await consentsOf(scope));
}

export async function updatePortalProfile(
  scope: MemberScope,
  input: PortalProfileUpdate,
): Promise<PortalProfile> {
  const { emailReminders, pushReminders, pushMarketing, ...details } = input;
  const switches = Object.fromEntries(
    Object.entries({ emailReminders, pushReminders, pushMarketing }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  const member = await editMember(scope, scope.memberId, details);
  if (Object.keys(switches).length > 0)
    await writeNotificationConsents(scope.db, scope.organizationId, scope.memberId, switches);
  return toProfile(member, await consentsOf(scope));
}

// 120 random bits, URL-safe: unguessable, and short enough for a dense QR code.
const newCode = () => randomBytes(15).toString('base64url');

/** The member's check-in code, made on first use. */
export async function portalCheckInCode(scope: MemberScope): Promise<PortalCheckInCode> {
  const found = await readCheckInCode(scope.db, scope.organizationId, scope.memberId);
  if (found === undefined) throw notFound('Member');
  if (found) return { code: found };
  return rotateCheckInCode(scope);
}

/** A new check-in code: the old QR code no longer checks in. */
export async function rotateCheckInCode(scope: MemberScope): Promise<PortalCheckInCode> {
  const code = newCode();
  await writeCheckInCode(scope.db, scope.organizationId, scope.memberId, code);
  return { code };
}
