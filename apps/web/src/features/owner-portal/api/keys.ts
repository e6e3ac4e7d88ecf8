/** Query keys of the owner portal: platform-level data, so no organization id in them. */
export const ownerPortalKeys = {
  all: ['owner-portal'] as const,
  users: (q: string, cursor: string | null) => ['owner-portal', 'users', { q, cursor }] as const,
  usersAll: ['owner-portal', 'users'] as const,
  plans: ['owner-portal', 'plans'] as const,
  invitations: (cursor: string | null) => ['owner-portal', 'invitations', { cursor }] as const,
  invitationsAll: ['owner-portal', 'invitations'] as const,
  analytics: ['owner-portal', 'analytics'] as const,
  trialRequests: (cursor: string | null) => ['owner-portal', 'trial-requests', { cursor }] as const,
  publicInvitation: (token: string) => ['invitation', token] as const,
};

/** `?a=1&b=2` from the defined entries only. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
