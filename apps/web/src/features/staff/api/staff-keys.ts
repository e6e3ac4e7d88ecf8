/** Every key starts with the organization id, so switching organizations never shows stale data. */
export const staffKeys = {
  /** The realtime stream invalidates this family on every 'staff' event. */
  all: (organizationId: string) => ['organizations', organizationId, 'staff'] as const,
  list: (organizationId: string) => [...staffKeys.all(organizationId), 'list'] as const,
};

/** The acceptance page is public: its key is the token, not an organization. */
export const staffInvitationKeys = {
  all: ['staff-invitations'] as const,
  lookup: (token: string) => [...staffInvitationKeys.all, token] as const,
};
