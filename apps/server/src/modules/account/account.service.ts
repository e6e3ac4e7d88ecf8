import type { Me, OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import type { PlatformRole } from '@fitbase/domain/constants';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { AccountScope } from '../../http/types.ts';
import { findMembership, listMembershipsOfUser } from '../../context/memberships.queries.ts';
import {
  findPlatformRole,
  findProfile,
  setCurrentOrganization,
  upsertProfile,
} from '../../context/profiles.queries.ts';
import { serializeOrganization } from '../organizations/organizations.service.ts';

/**
 * Platform role from user_roles; `user` when none is recorded
 * (docs/product/roles-and-permissions.md#platform-roles).
 */
export async function getPlatformRole(db: Db, userId: string): Promise<PlatformRole> {
  return (await findPlatformRole(db, userId)) ?? 'user';
}

export async function getMe(scope: Pick<AccountScope, 'user' | 'db'>): Promise<Me> {
  const { user, db } = scope;
  let profile = await findProfile(db, user.id);
  if (!profile) {
    // Accounts created before their profile (or by an interrupted sign-up) get one now.
    await upsertProfile(db, { id: user.id, email: user.email, fullName: user.name || null });
    profile = await findProfile(db, user.id);
  }
  const rows = await listMembershipsOfUser(db, user.id);
  const organizations: OrganizationMembership[] = rows.map((r) => ({
    ...serializeOrganization(r.organization),
    role: r.role,
    joinedAt: r.joinedAt.toISOString(),
  }));
  const remembered = organizations.find((o) => o.id === profile?.organizationId);
  return {
    user: { id: user.id, email: user.email, fullName: profile?.fullName ?? (user.name || null) },
    platformRole: await getPlatformRole(db, user.id),
    organizations,
    currentOrganizationId: (remembered ?? organizations[0])?.id ?? null,
  };
}

export async function switchOrganization(
  scope: Pick<AccountScope, 'user' | 'db'>,
  organizationId: string,
): Promise<Me> {
  const { user, db } = scope;
  // Another studio's id answers exactly like an unknown one (docs/product/tenancy.md), and so does
  // text that is no id at all.
  const membership = isUuid(organizationId)
    ? await findMembership(db, user.id, organizationId)
    : null;
  if (!membership) throw notFound('Organization');
  await setCurrentOrganization(db, user.id, organizationId);
  return getMe(scope);
}
