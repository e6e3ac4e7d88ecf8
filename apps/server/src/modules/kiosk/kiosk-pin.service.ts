import { type PortalKioskAccess } from '@fitbase/domain/contracts/kiosk';
import { KIOSK_PIN_PHONE_REQUIRED, KIOSK_PIN_TAKEN } from '@fitbase/domain/kiosk-constants';
import { kioskPinHash, phoneLastDigits } from '@fitbase/domain/kiosk-hashes';
import type { MemberScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { DEFAULT_KIOSK_SETTINGS, deviceSettings } from './kiosk-pairing.service.ts';
import * as queries from './kiosk.queries.ts';

/**
 * The member's `Kiosk PIN` in the portal (docs/product/kiosk.md#identification): 4 digits they
 * choose, typed at the kiosk after the last 4 digits of their phone. Only a slow salted hash of
 * both is kept (kiosk-hashes.ts); changing those phone digits clears it (a trigger).
 */

async function fieldsOf(scope: MemberScope) {
  const fields = await queries.findPinFields(scope.db, scope.organizationId, scope.memberId);
  if (!fields) throw notFound('Member');
  return fields;
}

async function access(scope: MemberScope): Promise<PortalKioskAccess> {
  const fields = await fieldsOf(scope);
  const settings = await queries.findSettings(scope.db, scope.organizationId);
  return {
    identifyBy: settings?.identifyBy ?? DEFAULT_KIOSK_SETTINGS.identifyBy,
    memberNumber: fields.memberNumber,
    hasPin: fields.kioskPinHash !== null,
    phoneOnFile: phoneLastDigits(fields.phone) !== null,
  };
}

export const portalKioskAccess = access;

export async function setKioskPin(scope: MemberScope, pin: string): Promise<PortalKioskAccess> {
  const digits = phoneLastDigits((await fieldsOf(scope)).phone);
  if (!digits)
    throw new AppError('validation_error', KIOSK_PIN_PHONE_REQUIRED, {
      pin: KIOSK_PIN_PHONE_REQUIRED,
    });
  const { pinSalt } = await deviceSettings(scope.db, scope.organizationId);
  const hash = await kioskPinHash(digits, pin, pinSalt);
  // Two members sharing a phone (a family) with the same PIN could not be told apart.
  if (await queries.pinTakenByOther(scope.db, scope.organizationId, scope.memberId, hash))
    throw new AppError('validation_error', KIOSK_PIN_TAKEN, { pin: KIOSK_PIN_TAKEN });
  await queries.writePinHash(scope.db, scope.organizationId, scope.memberId, hash);
  return access(scope);
}

export async function clearKioskPin(scope: MemberScope): Promise<PortalKioskAccess> {
  await queries.writePinHash(scope.db, scope.organizationId, scope.memberId, null);
  return access(scope);
}
