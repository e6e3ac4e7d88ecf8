import { TRIAL_DAYS, maxMembersForTier } from '@fitbase/domain/constants';
import type { createOrganizationSchema } from '@fitbase/domain/contracts/organizations';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@fitbase/domain/studio-format';
import type { z } from 'zod';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import type { AccountScope } from '../../http/types.ts';
import { setCurrentOrganization, upsertProfile } from '../../context/profiles.queries.ts';
import {
  insertOrganization,
  insertOrganizationUser,
  slugTaken,
  type OrganizationRow,
} from './organizations.queries.ts';

type Created = z.output<typeof createOrganizationSchema>;
/** Currency and locale default to USD/en-US for callers that choose none (seeds, benches). */
type CreateOrganization = Omit<Created, 'currency' | 'locale'> &
  Partial<Pick<Created, 'currency' | 'locale'>>;

export function serializeOrganization(org: OrganizationRow) {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    description: org.description,
    logoUrl: org.logoUrl,
    primaryColor: org.primaryColor,
    secondaryColor: org.secondaryColor,
    domain: org.domain,
    subscriptionStatus: org.subscriptionStatus,
    subscriptionTier: org.subscriptionTier,
    subscriptionEndsAt: org.subscriptionEndsAt?.toISOString() ?? null,
    trialEndsAt: org.trialEndsAt?.toISOString() ?? null,
    maxMembers: org.maxMembers,
    timezone: org.timezone,
    currency: org.currency,
    locale: org.locale,
    createdAt: org.createdAt.toISOString(),
  };
}

const slugTakenError = (slug: string) =>
  new AppError('conflict', `The URL slug "${slug}" is already taken. Choose another one.`, {
    slug: 'This URL slug is already taken',
  });

/**
 * Creates the studio and makes the caller its owner, in one transaction
 * (docs/product/organizations.md#setup). The new organization becomes the current one.
 * `now` is when it opened (the demo studio opens months ago: src/demo).
 */
export async function createOrganization(
  scope: Pick<AccountScope, 'user' | 'db'>,
  input: CreateOrganization,
  now: Date = new Date(),
) {
  const { user, db } = scope;
  if (await slugTaken(db, input.slug)) throw slugTakenError(input.slug);
  const isTrial = input.subscriptionTier === 'trial';
  try {
    return await db.transaction(async (tx) => {
      const org = await insertOrganization(tx, {
        name: input.name,
        slug: input.slug,
        description: input.description,
        subscriptionTier: input.subscriptionTier,
        subscriptionStatus: isTrial ? 'trialing' : 'active',
        trialEndsAt: isTrial ? new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000) : null,
        maxMembers: maxMembersForTier(input.subscriptionTier),
        timezone: input.timezone,
        currency: input.currency ?? DEFAULT_CURRENCY,
        currencyChosenAt: input.currency ? now : null,
        locale: input.locale ?? DEFAULT_LOCALE,
        createdAt: now,
      });
      await insertOrganizationUser(tx, { organizationId: org.id, userId: user.id, role: 'owner' });
      await upsertProfile(tx, { id: user.id, email: user.email, fullName: user.name || null });
      await setCurrentOrganization(tx, user.id, org.id);
      return { ...serializeOrganization(org), role: 'owner' as const };
    });
  } catch (error) {
    // Two people racing for one slug: the unique index decides.
    if (isUniqueViolation(error, 'organizations_slug_idx')) throw slugTakenError(input.slug);
    throw error;
  }
}
