import type { OrganizationRole } from './constants.ts';
import { can, type Permission } from './permissions.ts';

/**
 * The cards a person may put on the studio home (docs/product/dashboards.md#cards-you-choose):
 * their titles, what each counts, who may see it, and the screen or report behind it. The
 * server computes each figure by these words and the browser shows them in Customize, so they
 * are written once, here.
 */

export const HOME_CARD_IDS = [
  'class-bookings',
  'bookings-vs-capacity',
  'active-members',
  'monthly-revenue',
  'new-members',
  'check-ins-today',
  'failed-payments',
  'expiring-memberships',
  'leads-this-month',
  'upcoming-classes',
  'low-stock',
  'unread-messages',
] as const;
export type HomeCardId = (typeof HOME_CARD_IDS)[number];

/** The home's four cards of the original, in its order: what a person sees until they customize. */
export const DEFAULT_HOME_CARDS: readonly HomeCardId[] = [
  'class-bookings',
  'bookings-vs-capacity',
  'active-members',
  'monthly-revenue',
];

/**
 * Cards whose figure is not one of the home's own (GET /api/dashboard/home): each is computed
 * only when the person chose it (GET /api/dashboard/home/cards), under this key.
 */
export const EXTRA_CARD_FIGURES = {
  'new-members': 'newMembers',
  'check-ins-today': 'checkInsToday',
  'failed-payments': 'failedPayments',
  'expiring-memberships': 'expiringMemberships',
  'leads-this-month': 'leadsThisMonth',
  'upcoming-classes': 'upcomingClasses',
  'low-stock': 'lowStock',
  'unread-messages': 'unreadMessages',
} as const satisfies Partial<Record<HomeCardId, string>>;
export type ExtraCardId = keyof typeof EXTRA_CARD_FIGURES;
export type ExtraCardFigure = (typeof EXTRA_CARD_FIGURES)[ExtraCardId];

/** Where a card leads: the first link the person's role may open. */
export interface HomeCardLink {
  href: string;
  /** Absent: every role that sees the card may open it. */
  permission?: Permission;
}

export interface HomeCardEntry {
  id: HomeCardId;
  title: string;
  /** What is counted, in a sentence: shown in Customize. */
  definition: string;
  /** Who may see the figure: the permission of the screen or report that shows it. */
  permission: Permission;
  links: readonly HomeCardLink[];
}

export const HOME_CARDS: readonly HomeCardEntry[] = [
  {
    id: 'class-bookings',
    title: 'Class Bookings',
    definition:
      'Places booked or attended in scheduled classes, courses and appointments starting today, and this week (Monday to Sunday).',
    permission: 'schedule.view',
    links: [{ href: '/schedule' }],
  },
  {
    id: 'bookings-vs-capacity',
    title: 'Bookings vs Capacity',
    definition:
      "This week's booked and attended places against the capacity of this week's scheduled sessions.",
    permission: 'schedule.view',
    links: [{ href: '/schedule' }],
  },
  {
    id: 'active-members',
    title: 'Active Members',
    definition: 'Members whose membership status is active.',
    permission: 'members.view',
    links: [{ href: '/members' }],
  },
  {
    id: 'monthly-revenue',
    title: 'Monthly Revenue',
    definition: 'Payments received this calendar month minus refunds.',
    permission: 'money.view',
    // The Sales report is for owners and admins; everyone else has the plan dashboard's card.
    links: [{ href: '/reports', permission: 'reports.view' }, { href: '/dashboard/{tier}' }],
  },
  {
    id: 'new-members',
    title: 'New Members',
    definition: 'Members added in the last month (the members directory’s New This Month).',
    permission: 'members.view',
    links: [{ href: '/members' }],
  },
  {
    id: 'check-ins-today',
    title: 'Check-ins Today',
    definition: 'Check-ins (plain visits and class check-ins) since the start of today.',
    permission: 'members.view',
    links: [{ href: '/dashboard/{tier}' }],
  },
  {
    id: 'failed-payments',
    title: 'Failed Payments',
    definition: 'Charge attempts that failed this calendar month (the Failed payments report).',
    permission: 'reports.view',
    links: [{ href: '/reports?report=failed-payments' }],
  },
  {
    id: 'expiring-memberships',
    title: 'Expiring Memberships',
    definition:
      'Memberships whose last day falls this calendar month and that no other membership follows (the Expiring members report).',
    permission: 'reports.view',
    links: [{ href: '/reports?report=expiring-members' }],
  },
  {
    id: 'leads-this-month',
    title: 'Leads This Month',
    definition: 'Leads added this calendar month, whatever their status now.',
    permission: 'leads.manage',
    links: [{ href: '/connect/sources' }],
  },
  {
    id: 'upcoming-classes',
    title: 'Upcoming Classes',
    definition: 'Scheduled classes, courses and appointments still to start today.',
    permission: 'schedule.view',
    links: [{ href: '/schedule' }],
  },
  {
    id: 'low-stock',
    title: 'Low Stock',
    definition: 'Active store products at or below their low-stock threshold.',
    permission: 'money.view',
    links: [{ href: '/store/inventory' }],
  },
  {
    id: 'unread-messages',
    title: 'Unread Messages',
    definition: 'Replies from members that no one has opened yet, across all conversations.',
    permission: 'messages.send',
    links: [{ href: '/communications/two-way' }],
  },
];

export function homeCard(id: HomeCardId): HomeCardEntry {
  return HOME_CARDS.find((c) => c.id === id)!;
}

/** The catalog a role may choose from, in catalog order. */
export function homeCardsFor(role: OrganizationRole | null | undefined): HomeCardEntry[] {
  return HOME_CARDS.filter((c) => can(role, c.permission));
}

/** A stored or default layout as the role may see it now (a role can change after saving). */
export function visibleHomeCards(
  cards: readonly string[] | null,
  role: OrganizationRole | null | undefined,
): HomeCardId[] {
  const allowed = new Set(homeCardsFor(role).map((c) => c.id));
  return (cards ?? DEFAULT_HOME_CARDS).filter((id): id is HomeCardId =>
    allowed.has(id as HomeCardId),
  );
}

/** The card's link for this role and plan, or null when the role may open none. */
export function homeCardHref(
  id: HomeCardId,
  role: OrganizationRole | null | undefined,
  tier: string,
): string | null {
  const link = homeCard(id).links.find((l) => !l.permission || can(role, l.permission));
  return link ? link.href.replace('{tier}', tier) : null;
}

/**
 * The studio setup checklist (docs/product/dashboards.md#setup-checklist), in order. The
 * currency is done once someone chose it (setup form, Settings → General) or a first sale fixed it.
 */
export const STUDIO_SETUP_STEPS = ['timeZone', 'currency', 'logo', 'firstClass'] as const;
export type StudioSetupStep = (typeof STUDIO_SETUP_STEPS)[number];

export const STUDIO_SETUP_LABELS: Record<StudioSetupStep, { title: string; href: string }> = {
  timeZone: { title: "Set your studio's time zone", href: '/settings?tab=general' },
  currency: { title: 'Choose your currency', href: '/settings?tab=general' },
  logo: { title: 'Add your logo', href: '/settings?tab=general' },
  firstClass: { title: 'Schedule your first class', href: '/schedule' },
};

/**
 * UTC is the column's default, never a place: a studio is somewhere (its zone is a city's).
 * Setup offers the browser's zone, so only a studio made without one is left on UTC.
 */
export const UNSET_TIME_ZONES: readonly string[] = ['UTC', 'Etc/UTC'];
