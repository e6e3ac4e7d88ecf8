import { randomBytes } from 'node:crypto';
import { expiryInPast } from '@fitbase/domain/cards';
import type { PaymentMethod, paymentMethodInputSchema } from '@fitbase/domain/contracts/members';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { MEMBER_NOT_FOUND } from './members.service.ts';
import { findMember, lockMember } from './members.queries.ts';
import {
  clearDefaultPaymentMethod,
  hasActivePaymentMethod,
  insertPaymentMethod,
  listActivePaymentMethods,
  type PaymentMethodRow,
  updateActivePaymentMethod,
} from './payment-methods.queries.ts';

type PaymentMethodInput = z.output<typeof paymentMethodInputSchema>;

export const CARD_EXPIRED_MESSAGE =
  'This card has expired: choose an expiry month that is not in the past';

function serializePaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    memberId: row.memberId,
    cardLastFour: row.cardLastFour,
    cardBrand: row.cardBrand,
    cardExpMonth: row.cardExpMonth,
    cardExpYear: row.cardExpYear,
    billingName: row.billingName,
    billingAddressLine1: row.billingAddressLine1,
    billingAddressLine2: row.billingAddressLine2,
    billingCity: row.billingCity,
    billingState: row.billingState,
    billingPostalCode: row.billingPostalCode,
    billingCountry: row.billingCountry,
    isDefault: row.isDefault,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The server does not know the card holder's zone, so a card counts as expired only once
 * its month is over everywhere: "now" is taken in the earliest zone (UTC-12).
 */
function expiredEverywhere(month: number, year: number): boolean {
  const earliest = new Date(Date.now() - 12 * 3_600_000);
  return expiryInPast(month, year, new Date(earliest.getUTCFullYear(), earliest.getUTCMonth(), 1));
}

export async function listPaymentMethods(
  org: Pick<StudioScope, 'organizationId' | 'db'>,
  memberId: string,
): Promise<PaymentMethod[]> {
  if (!(await findMember(org.db, org.organizationId, memberId))) throw notFound(MEMBER_NOT_FOUND);
  const rows = await listActivePaymentMethods(org.db, org.organizationId, memberId);
  return rows.map(serializePaymentMethod);
}

/**
 * Demo card on file (docs/product/members.md#payment-methods): only last four, brand and expiry
 * arrive here. A new default (or a member's first card) replaces the old default in the
 * same transaction, with the member row locked so two concurrent adds cannot both win.
 */
export async function addPaymentMethod(
  org: Pick<StudioScope, 'organizationId' | 'db'>,
  memberId: string,
  input: PaymentMethodInput,
): Promise<PaymentMethod> {
  if (expiredEverywhere(input.cardExpMonth, input.cardExpYear)) {
    throw new AppError('validation_error', CARD_EXPIRED_MESSAGE, {
      cardExpMonth: CARD_EXPIRED_MESSAGE,
    });
  }
  const row = await org.db.transaction(async (tx) => {
    if (!(await lockMember(tx, org.organizationId, memberId))) throw notFound(MEMBER_NOT_FOUND);
    const makeDefault =
      input.isDefault || !(await hasActivePaymentMethod(tx, org.organizationId, memberId));
    if (makeDefault) await clearDefaultPaymentMethod(tx, org.organizationId, memberId);
    return insertPaymentMethod(tx, {
      ...input,
      organizationId: org.organizationId,
      memberId,
      isDefault: makeDefault,
      isActive: true,
      // No payment processor in the demo: a random placeholder shaped like a Stripe id.
      stripePaymentMethodId: `pm_${randomBytes(12).toString('hex')}`,
    });
  });
  return serializePaymentMethod(row);
}

const CARD_NOT_FOUND = 'Card';

/** Makes one of the member's cards the default: billing and sales use it from now on. */
export async function makeDefaultPaymentMethod(
  org: Pick<StudioScope, 'organizationId' | 'db'>,
  memberId: string,
  id: string,
): Promise<PaymentMethod[]> {
  await org.db.transaction(async (tx) => {
    if (!(await lockMember(tx, org.organizationId, memberId))) throw notFound(MEMBER_NOT_FOUND);
    await clearDefaultPaymentMethod(tx, org.organizationId, memberId);
    const found = await updateActivePaymentMethod(tx, org.organizationId, memberId, id, {
      isDefault: true,
    });
    if (!found) throw notFound(CARD_NOT_FOUND);
  });
  return listPaymentMethods(org, memberId);
}

/**
 * Removes a card (kept inactive for the payments made with it). When it was the default, the
 * newest remaining card becomes the default.
 */
export async function removePaymentMethod(
  org: Pick<StudioScope, 'organizationId' | 'db'>,
  memberId: string,
  id: string,
): Promise<PaymentMethod[]> {
  await org.db.transaction(async (tx) => {
    if (!(await lockMember(tx, org.organizationId, memberId))) throw notFound(MEMBER_NOT_FOUND);
    const found = await updateActivePaymentMethod(tx, org.organizationId, memberId, id, {
      isActive: false,
      isDefault: false,
    });
    if (!found) throw notFound(CARD_NOT_FOUND);
    const [next] = await listActivePaymentMethods(tx, org.organizationId, memberId);
    if (next && !next.isDefault)
      await updateActivePaymentMethod(tx, org.organizationId, memberId, next.id, {
        isDefault: true,
      });
  });
  return listPaymentMethods(org, memberId);
}
