import type { Me } from '@fitbase/domain/contracts/organizations';
import type { OrganizationRole } from '@fitbase/domain/constants';

/**
 * The signed-in person of component tests: one studio ('org-1', UTC unless `timeZone`, USD and
 * en-US unless `currency` and `locale`) with the given role.
 */
export function studioMe(
  role: OrganizationRole = 'owner',
  email = 'owner@example.com',
  {
    timeZone = 'UTC',
    fullName = null,
    currency = 'USD',
    locale = 'en-US',
  }: { timeZone?: string; fullName?: string | null; currency?: string; locale?: string } = {},
): Me {
  return {
    user: { id: 'u1', email, fullName },
    platformRole: 'user',
    currentOrganizationId: 'org-1',
    organizations: [
      {
        id: 'org-1',
        name: 'Studio',
        slug: 'studio',
        description: null,
        logoUrl: null,
        primaryColor: null,
        secondaryColor: null,
        domain: null,
        subscriptionStatus: 'active',
        subscriptionTier: 'pro',
        subscriptionEndsAt: null,
        trialEndsAt: null,
        maxMembers: null,
        timezone: timeZone,
        currency,
        locale,
        createdAt: '2025-01-01T00:00:00.000Z',
        role,
        joinedAt: '2025-01-01T00:00:00.000Z',
      },
    ],
  };
}
