import type { MembershipStatus } from '@fitbase/domain/constants';
import type { RealtimeEntity } from '@fitbase/domain/realtime';

/**
 * Every query key of the web app, from one factory. Organization-scoped keys are
 * ['organizations', orgId, entity, ...]: the organization id keeps studios apart in the cache
 * (switching studios never shows another's data), and `entity` is one of the realtime entity
 * names, so a live event for that entity invalidates exactly its family (lib/realtime.ts).
 * Features share keys through this file, never code.
 */
export const organizationKey = (organizationId: string) =>
  ['organizations', organizationId] as const;

function entityKeys<E extends RealtimeEntity>(entity: E) {
  const all = (organizationId: string) => [...organizationKey(organizationId), entity] as const;
  return {
    all,
    list: <P extends object>(organizationId: string, params: P) =>
      [...all(organizationId), 'list', params] as const,
    detail: (organizationId: string, id: string) => [...all(organizationId), 'detail', id] as const,
  };
}

export interface MemberFilters {
  search: string;
  status: MembershipStatus | null;
  membershipType: string | null;
  tagId: string | null;
}

const members = entityKeys('members');
export const memberKeys = {
  ...members,
  list: (organizationId: string, filters: MemberFilters) => members.list(organizationId, filters),
  summary: (organizationId: string) => [...members.all(organizationId), 'summary'] as const,
  visits: (organizationId: string, memberId: string) =>
    [...members.detail(organizationId, memberId), 'visits'] as const,
  paymentMethods: (organizationId: string, memberId: string) =>
    [...members.detail(organizationId, memberId), 'payment-methods'] as const,
  waiverSignatures: (organizationId: string, memberId: string) =>
    [...members.detail(organizationId, memberId), 'waiver-signatures'] as const,
  /** A short name search (the schedule's member pickers), apart from the directory's pages. */
  search: (organizationId: string, search: string) =>
    [...members.all(organizationId), 'search', search] as const,
};

const services = entityKeys('services');
export const serviceKeys = {
  ...services,
  list: (organizationId: string) => services.list(organizationId, {}),
  /** Active services' names: the members feature's membership types and class interests. */
  activeNames: (organizationId: string) =>
    [...services.all(organizationId), 'active-names'] as const,
};

const staff = entityKeys('staff');
export const staffKeys = {
  ...staff,
  list: (organizationId: string) => staff.list(organizationId, {}),
};

const schedule = entityKeys('schedule');
export const scheduleKeys = {
  ...schedule,
  roster: (organizationId: string, sessionId: string) =>
    [...schedule.detail(organizationId, sessionId), 'roster'] as const,
  settings: (organizationId: string) => [...schedule.all(organizationId), 'settings'] as const,
  /** A member's bookings (member dashboard): under 'schedule', so booking events refresh them. */
  memberBookings: (organizationId: string, memberId: string) =>
    [...schedule.all(organizationId), 'member-bookings', memberId] as const,
  /** The /schedule calendar: sessions of a range with its filters, and the header counts. */
  sessions: (organizationId: string, filters: ScheduleSessionFilters) =>
    schedule.list(organizationId, filters),
  session: (organizationId: string, sessionId: string) =>
    schedule.detail(organizationId, sessionId),
  classes: (organizationId: string) => [...schedule.all(organizationId), 'classes'] as const,
  facilities: (organizationId: string) => [...schedule.all(organizationId), 'facilities'] as const,
  trainers: (organizationId: string) => [...schedule.all(organizationId), 'trainers'] as const,
  /** A trainer's weekly availability (Availability tab). */
  availability: (organizationId: string, userId: string) =>
    [...schedule.all(organizationId), 'availability', userId] as const,
  /** Free appointment times of a trainer for a service on a local date. */
  appointmentSlots: (
    organizationId: string,
    params: { trainerUserId: string; serviceId: string; date: string },
  ) => [...schedule.all(organizationId), 'appointment-slots', params] as const,
};

export interface ScheduleSessionFilters {
  from: string;
  to: string;
  trainerId: string | null;
  facilityId: string | null;
  classId: string | null;
}

const dashboard = entityKeys('dashboard');
export const dashboardKeys = {
  ...dashboard,
  summary: (organizationId: string) => [...dashboard.all(organizationId), 'summary'] as const,
  /** The studio home at / (signed in). */
  home: (organizationId: string) => [...dashboard.all(organizationId), 'home'] as const,
};

export interface ProductListParams {
  search: string;
  category: string | null;
  page: number;
}
export interface OrderListParams {
  status: string | null;
  page: number;
}
export interface StockMovementParams {
  reason: string | null;
  page: number;
}

/** The store (products, orders, stock): under 'store', so sales and stock events refresh it. */
const store = entityKeys('store');
export const storeKeys = {
  ...store,
  summary: (organizationId: string) => [...store.all(organizationId), 'summary'] as const,
  products: (organizationId: string, params: ProductListParams) =>
    [...store.all(organizationId), 'products', params] as const,
  /** Every active product in stock order for the point of sale's product picker. */
  sellable: (organizationId: string, search: string) =>
    [...store.all(organizationId), 'sellable', search] as const,
  lowStock: (organizationId: string) => [...store.all(organizationId), 'low-stock'] as const,
  orders: (organizationId: string, params: OrderListParams) =>
    [...store.all(organizationId), 'orders', params] as const,
  order: (organizationId: string, orderId: string) =>
    [...store.all(organizationId), 'order', orderId] as const,
  movements: (organizationId: string, params: StockMovementParams) =>
    [...store.all(organizationId), 'movements', params] as const,
};

/** Discount codes and pay rates: under 'money', so money events refresh them. */
export const discountKeys = {
  all: (organizationId: string) =>
    [...organizationKey(organizationId), 'money', 'discounts'] as const,
};
export const payRateKeys = {
  all: (organizationId: string) =>
    [...organizationKey(organizationId), 'money', 'pay-rates'] as const,
};

const money = entityKeys('money');
/** Plans, memberships, payments and revenue (realtime entity 'money'). */
export const moneyKeys = {
  ...money,
  /** Plans as an array (every feature's queryFn returns `Plan[]` under this key). */
  plans: (organizationId: string, params: { active?: boolean }) =>
    [...money.all(organizationId), 'plans', params] as const,
  /** A member's memberships and balance owed. */
  memberships: (organizationId: string, memberId: string) =>
    [...money.all(organizationId), 'memberships', memberId] as const,
  /** A page of a member's payments (ledger rows). */
  memberPayments: (organizationId: string, memberId: string, page: number) =>
    [...money.all(organizationId), 'member-payments', memberId, page] as const,
  /** Monthly Revenue and the same span of last month. */
  revenue: (organizationId: string) => [...money.all(organizationId), 'revenue'] as const,
  /** The studio's tax rates, its booking fees' rate and its rounding. */
  tax: (organizationId: string) => [...money.all(organizationId), 'tax'] as const,
  /** What changing a membership's plan would credit and charge. */
  planChange: (organizationId: string, membershipId: string, planId: string, when: string) =>
    [...money.all(organizationId), 'plan-change', membershipId, planId, when] as const,
};

export interface ConversationFilters {
  status: 'open' | 'resolved' | 'all';
  assignee: 'me' | 'anyone';
}

const messages = entityKeys('messages');
/** 1:1 and two-way messaging (realtime entity 'messages': a reply or a send refreshes them). */
export const messageKeys = {
  ...messages,
  conversations: (organizationId: string, filters: ConversationFilters) =>
    messages.list(organizationId, filters),
  conversation: (organizationId: string, conversationId: string) =>
    messages.detail(organizationId, conversationId),
  memberConversation: (organizationId: string, memberId: string) =>
    [...messages.all(organizationId), 'member', memberId] as const,
  stats: (organizationId: string) => [...messages.all(organizationId), 'stats'] as const,
  /** The last messages of two-way messaging (the staff dashboard's Messages card). */
  recent: (organizationId: string, limit: number) =>
    [...messages.all(organizationId), 'recent', limit] as const,
  /** The compose dialog's template picker and the thread's assignee picker. */
  templates: (organizationId: string) => [...messages.all(organizationId), 'templates'] as const,
  assignees: (organizationId: string) => [...messages.all(organizationId), 'assignees'] as const,
};

export interface AudienceMemberParams {
  page: number;
  search: string;
}

/**
 * Member groups (Connect's Audiences): under 'members', since a group's live count moves with
 * its members and the server publishes group changes as member changes.
 */
export const audienceKeys = {
  all: (organizationId: string) => [...members.all(organizationId), 'audiences'] as const,
  list: (organizationId: string) => [...audienceKeys.all(organizationId), 'list'] as const,
  detail: (organizationId: string, id: string) =>
    [...audienceKeys.all(organizationId), 'detail', id] as const,
  members: (organizationId: string, id: string, params: AudienceMemberParams) =>
    [...audienceKeys.detail(organizationId, id), 'members', params] as const,
  /** The editor's live count of a set of rules. */
  preview: (organizationId: string, rules: unknown) =>
    [...audienceKeys.all(organizationId), 'preview', rules] as const,
  /** What the rule builder offers: the studio's tags and lead sources. */
  tagChoices: (organizationId: string) =>
    [...audienceKeys.all(organizationId), 'tag-choices'] as const,
  sourceChoices: (organizationId: string) =>
    [...audienceKeys.all(organizationId), 'source-choices'] as const,
};

/**
 * Tags: under 'members', since an assignee count moves with its members and the server
 * publishes tag changes as member changes.
 */
export const tagKeys = {
  all: (organizationId: string) => [...members.all(organizationId), 'tags'] as const,
  list: (organizationId: string) => [...tagKeys.all(organizationId), 'list'] as const,
  member: (organizationId: string, memberId: string) =>
    [...tagKeys.all(organizationId), 'member', memberId] as const,
};

/** Staff tasks: under 'dashboard' (the staff dashboard shows them; task events use it). */
export const taskKeys = {
  all: (organizationId: string) => [...dashboard.all(organizationId), 'tasks'] as const,
  list: (organizationId: string, filters: { due: 'today' | 'all'; assignee: 'me' | 'anyone' }) =>
    [...taskKeys.all(organizationId), filters] as const,
};

const automations = entityKeys('automations');
export const automationKeys = {
  ...automations,
  list: (organizationId: string) => automations.list(organizationId, {}),
  runs: (organizationId: string, id: string, page: number) =>
    [...automations.detail(organizationId, id), 'runs', page] as const,
  /** The editor's pickers: the studio's templates, tags and staff. */
  choices: (organizationId: string, kind: 'templates' | 'tags' | 'staff') =>
    [...automations.all(organizationId), 'choices', kind] as const,
};

export interface LeadFilters {
  status: string | null;
  sourceId: string | null;
  search: string;
}

const leads = entityKeys('leads');
/** Leads and lead sources (realtime entity 'leads': the public form adds leads live). */
export const leadKeys = {
  ...leads,
  list: (organizationId: string, filters: LeadFilters) => leads.list(organizationId, filters),
  sources: (organizationId: string) => [...leads.all(organizationId), 'sources'] as const,
};

const notifications = entityKeys('notifications');
/** Sent push notifications (realtime entity 'notifications'). */
export const pushNotificationKeys = {
  ...notifications,
  list: (organizationId: string) => notifications.list(organizationId, {}),
};

/** The public lead form of a studio (no session: keyed by its slug). */
export const publicJoinKeys = {
  detail: (slug: string) => ['public-join', slug] as const,
};

/** /manage: counts and short lists of the schedule, under 'schedule' so its events refresh it. */
export const manageKeys = {
  overview: (organizationId: string) =>
    [...organizationKey(organizationId), 'schedule', 'manage-overview'] as const,
};

/** Campaigns (Connect) and email templates (Communications): one realtime family. */
const campaigns = entityKeys('campaigns');
export const campaignKeys = {
  ...campaigns,
  list: (organizationId: string, search: string) => campaigns.list(organizationId, { search }),
  summary: (organizationId: string) => [...campaigns.all(organizationId), 'summary'] as const,
  recipients: (organizationId: string, id: string, page: number) =>
    [...campaigns.detail(organizationId, id), 'recipients', page] as const,
  postalAddress: (organizationId: string) =>
    [...campaigns.all(organizationId), 'postal-address'] as const,
  templates: (organizationId: string) => [...campaigns.all(organizationId), 'templates'] as const,
  preview: (organizationId: string, subject: string, content: string) =>
    [...campaigns.all(organizationId), 'preview', { subject, content }] as const,
};

// Settings and data (docs/product/settings-and-help.md).
const settings = entityKeys('settings');
export const settingsKeys = {
  ...settings,
  general: (organizationId: string) => [...settings.all(organizationId), 'general'] as const,
  billing: (organizationId: string) => [...settings.all(organizationId), 'billing'] as const,
  security: (organizationId: string) => [...settings.all(organizationId), 'security'] as const,
  /** Members' own membership changes in the portal (cancellation notice, pause rules). */
  membershipRules: (organizationId: string) =>
    [...settings.all(organizationId), 'membership-rules'] as const,
  /** `Embed on your website`: the public schedule's address and the websites that may frame it. */
  portalEmbed: (organizationId: string) =>
    [...settings.all(organizationId), 'portal-embed'] as const,
  /** The signed-in person's teaching schedule feed in this studio. */
  calendarFeed: (organizationId: string) =>
    [...settings.all(organizationId), 'calendar-feed'] as const,
  notificationPreferences: (organizationId: string) =>
    [...settings.all(organizationId), 'notification-preferences'] as const,
  /** Settings → Waivers: the versions and whether booking needs a signature. */
  waivers: (organizationId: string) => [...settings.all(organizationId), 'waivers'] as const,
};

const bell = entityKeys('bell');
export const bellKeys = {
  ...bell,
  list: (organizationId: string) => bell.list(organizationId, {}),
};

const audit = entityKeys('audit');
export const auditKeys = {
  ...audit,
  list: <P extends object>(organizationId: string, filters: P) =>
    audit.list(organizationId, filters),
  people: (organizationId: string) => [...audit.all(organizationId), 'people'] as const,
};

const data = entityKeys('data');
export const dataKeys = {
  ...data,
  imports: (organizationId: string) => [...data.all(organizationId), 'imports'] as const,
  import: (organizationId: string, id: string) => data.detail(organizationId, id),
};

const search = entityKeys('search');
export const searchKeys = {
  ...search,
  query: (organizationId: string, q: string) => [...search.all(organizationId), 'q', q] as const,
};

const account = entityKeys('account');
export const accountKeys = {
  ...account,
  sessions: (organizationId: string) => [...account.all(organizationId), 'sessions'] as const,
  twoFactor: (organizationId: string) => [...account.all(organizationId), 'two-factor'] as const,
  helpViews: (organizationId: string) => [...account.all(organizationId), 'help-views'] as const,
};

/** The signed-in person (not organization-scoped: it lists the organizations). */
export const meKey = ['me'] as const;

/** Public pages: keyed by their token, not an organization. */
export const staffInvitationKeys = {
  all: ['staff-invitations'] as const,
  lookup: (token: string) => ['staff-invitations', token] as const,
};
export const publicInvitationKeys = {
  all: ['invitations'] as const,
  detail: (token: string) => ['invitations', token] as const,
};

/** The owner portal: platform-level data, so no organization id in its keys. */
export const ownerPortalKeys = {
  all: ['owner-portal'] as const,
  usersAll: ['owner-portal', 'users'] as const,
  users: (q: string, cursor: string | null) => ['owner-portal', 'users', { q, cursor }] as const,
  plans: ['owner-portal', 'plans'] as const,
  invitationsAll: ['owner-portal', 'invitations'] as const,
  invitations: (cursor: string | null) => ['owner-portal', 'invitations', { cursor }] as const,
  trialRequestsAll: ['owner-portal', 'trial-requests'] as const,
  trialRequests: (cursor: string | null) => ['owner-portal', 'trial-requests', { cursor }] as const,
  analytics: ['owner-portal', 'analytics'] as const,
};

/** Reports of /reports and /members/reports: one report, tab, period, page and sort. */
const reports = entityKeys('reports');
export const reportKeys = {
  ...reports,
  report: <P extends object>(organizationId: string, report: string, params: P) =>
    [...reports.all(organizationId), report, params] as const,
};

/** The four analytics screens. */
const analytics = entityKeys('analytics');
export const analyticsKeys = {
  ...analytics,
  screen: <P extends object>(organizationId: string, screen: string, params: P) =>
    [...analytics.all(organizationId), screen, params] as const,
};
