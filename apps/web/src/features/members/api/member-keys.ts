import type { MembershipStatus } from '@fitbase/domain/constants';

export interface MemberFilters {
  search: string;
  status: MembershipStatus | null;
  membershipType: string | null;
}

/** Every key starts with the organization id, so switching organizations never shows stale data. */
export const memberKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'members'] as const,
  list: (organizationId: string, filters: MemberFilters) =>
    [...memberKeys.all(organizationId), 'list', filters] as const,
  summary: (organizationId: string) => [...memberKeys.all(organizationId), 'summary'] as const,
  detail: (organizationId: string, memberId: string) =>
    [...memberKeys.all(organizationId), 'detail', memberId] as const,
  visits: (organizationId: string, memberId: string) =>
    [...memberKeys.detail(organizationId, memberId), 'visits'] as const,
  paymentMethods: (organizationId: string, memberId: string) =>
    [...memberKeys.detail(organizationId, memberId), 'payment-methods'] as const,
  /** The dashboards feature's queries (recent activity, Active Today) live under this prefix. */
  dashboard: (organizationId: string) => ['organizations', organizationId, 'dashboard'] as const,
  activeServices: (organizationId: string) =>
    ['organizations', organizationId, 'services', 'active-names'] as const,
};
