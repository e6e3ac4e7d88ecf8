/** Query keys of the portal, all under the studio's slug (one cache can hold two studios). */
export const portalKeys = {
  all: (slug: string) => ['portal', slug] as const,
  studio: (slug: string) => ['portal', slug, 'studio'] as const,
  me: (slug: string) => ['portal', slug, 'me'] as const,
  /** Everything that shows the member's own bookings: the weeks and the bookings lists. */
  weeks: (slug: string) => ['portal', slug, 'schedule'] as const,
  week: (slug: string, from: string | null) =>
    ['portal', slug, 'schedule', from ?? 'today'] as const,
  /** The public week (signed out): no booking of anyone's, so apart from the member's weeks. */
  publicWeek: (slug: string, from: string | null) =>
    ['portal', slug, 'classes', from ?? 'today'] as const,
  bookings: (slug: string) => ['portal', slug, 'bookings'] as const,
  cancelTerms: (slug: string, bookingId: string) =>
    ['portal', slug, 'cancel-terms', bookingId] as const,
  memberships: (slug: string) => ['portal', slug, 'memberships'] as const,
  membershipCancelTerms: (slug: string, membershipId: string) =>
    ['portal', slug, 'membership-cancel-terms', membershipId] as const,
  offers: (slug: string) => ['portal', slug, 'offers'] as const,
  /** `Join online`: the offers and waiver a prospect sees (no session). */
  join: (slug: string) => ['portal', slug, 'join'] as const,
  cards: (slug: string) => ['portal', slug, 'cards'] as const,
  profile: (slug: string) => ['portal', slug, 'profile'] as const,
  checkInCode: (slug: string) => ['portal', slug, 'check-in-code'] as const,
  /** How the studio's kiosk knows the member without a QR code: PIN or member number. */
  kioskAccess: (slug: string) => ['portal', slug, 'kiosk-pin'] as const,
  /** The secret address of the member's bookings for calendar apps. */
  calendarFeed: (slug: string) => ['portal', slug, 'calendar-feed'] as const,
};
