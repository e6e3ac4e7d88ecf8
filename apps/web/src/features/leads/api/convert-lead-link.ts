/** The add-member wizard, prefilled from this lead; it converts the lead once the member exists. */
export const convertLeadPath = (leadId: string) =>
  `/add-member?leadId=${encodeURIComponent(leadId)}`;

/** The studio's public lead form, on this site. */
export const joinFormUrl = (slug: string) => `${location.origin}/join/${slug}`;
