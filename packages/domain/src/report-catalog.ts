/**
 * The reports of /reports and /members/reports (docs/product/reports-and-analytics.md): their
 * groups, titles, tabs, page sizes and the one definition of what each counts. The server
 * computes each figure by these words and the browser shows them under the report's title, so
 * they are written once, here.
 */

export const REPORT_GROUPS = ['revenue', 'membership', 'performance', 'activity'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  revenue: 'Revenue',
  membership: 'Membership',
  performance: 'Performance',
  activity: 'Activity',
};

export const REPORT_IDS = [
  'sales',
  'payouts',
  'failed-payments',
  'transactions',
  'tax',
  'gift-cards',
  'scheduled',
  'members',
  'credit-packs',
  'new-memberships',
  'expiring-members',
  'lost-members',
  'trainer-insights',
  'class-performance',
  'first-bookings',
  'no-shows',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export interface ReportTab {
  id: string;
  label: string;
}

export interface ReportEntry {
  id: ReportId;
  group: ReportGroup;
  title: string;
  /** Exactly what is counted: shown under the title. */
  definition: string;
  tabs: ReadonlyArray<ReportTab>;
  /** Rows per table page (doc: 10; transactions 25). */
  pageSize: number;
  /** False: the report ignores the period selector (it shows a fixed window or the present). */
  usesPeriod: boolean;
}

const PAGE = 10;
const TRANSACTIONS_PAGE = 25;
/** The scheduled report's window: today and the next 30 days. */
export const SCHEDULED_WINDOW_DAYS = 31;
/** An at-risk member: active, and no visit in this many days. */
export const AT_RISK_DAYS = 14;
/** Retention: members active this many days ago who are still active today. */
export const RETENTION_DAYS = 90;

export const REPORTS: ReadonlyArray<ReportEntry> = [
  {
    id: 'sales',
    group: 'revenue',
    title: 'Sales',
    definition:
      'Payments received in the period (charges with status Paid, by the day they were paid) minus refunds made in the period, in {currency}. Pending, failed and written-off charges are not sales. Categories: memberships (recurring memberships, trials and add-ons), class packs, drop-ins, retail (store orders) and fees (sign-up fees and late-cancel or no-show fees).',
    tabs: [
      { id: 'overview', label: 'Overview' },
      { id: 'breakdown', label: 'Breakdown' },
    ],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'payouts',
    group: 'revenue',
    title: 'Payouts',
    definition:
      "Settlements of card payments by the payment provider: one per day with card payments, the day's paid card charges minus card refunds, arriving two days later. The built-in provider is a demo: its payouts are simulated and no money moves. Cash and other payments recorded by staff have no payouts.",
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'failed-payments',
    group: 'revenue',
    title: 'Failed payments',
    definition:
      'Charges that failed in the period, one row per charge attempt, with where it stands now: retry scheduled, past due (retries used up), paid on a later attempt, or written off.',
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'transactions',
    group: 'revenue',
    title: 'Transactions',
    definition:
      'Every charge and refund recorded in the period, by the moment it was recorded. Refunds are negative, so the Paid amounts sum to the Sales total. A refunded charge stays Paid; its refund is its own row. Write-offs are listed in Failed payments.',
    tabs: [],
    pageSize: TRANSACTIONS_PAGE,
    usesPeriod: true,
  },
  {
    id: 'tax',
    group: 'revenue',
    title: 'Tax',
    definition:
      "Sales tax and VAT collected in the period, per rate as it was charged: the tax inside or on top of the Sales report's payments (charges paid in the period, by the day they were paid) minus the tax given back by refunds made in the period, with the net and gross it was charged on, in {currency}. A rate changed since is its own row, as each sale keeps the rate it was charged. Untaxed sales are one row, so the gross adds up to the Sales total.",
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'gift-cards',
    group: 'revenue',
    title: 'Gift cards',
    definition:
      "What the studio owes its gift card holders at the end of the period (the sum of every card's balance then), and what was sold, redeemed and put back on cards during it, in {currency}, one row per card that held money at the end or moved during the period. A card sold is not a sale: its money counts in Sales when the card pays for something.",
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'scheduled',
    group: 'revenue',
    title: 'Scheduled',
    definition: `Charges due from today through the next ${SCHEDULED_WINDOW_DAYS - 1} days (${SCHEDULED_WINDOW_DAYS} days): recurring memberships on their next billing date at their current price, and failed charges on their next retry date. Memberships cancelled at period end and paused memberships bill only on their shifted dates.`,
    tabs: [],
    pageSize: PAGE,
    usesPeriod: false,
  },
  {
    id: 'members',
    group: 'membership',
    title: 'Members',
    definition:
      'From the membership history (add-ons excluded), as of each day: Active = a membership covers the day and is not paused; Paused = every membership covering the day is paused; Expired = had a membership before, none covers the day. Added = not active at the start of the period and active at its end; Lost = the reverse; Attrition = lost ÷ active at the start.',
    tabs: [
      { id: 'overview', label: 'Overview' },
      { id: 'movement', label: 'Net member movement' },
    ],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'credit-packs',
    group: 'membership',
    title: 'Active credit packs',
    definition:
      'Class packs and drop-ins that are active today with credits left: the credits remaining and the day they expire. Shows the present, whatever the period.',
    tabs: [],
    pageSize: PAGE,
    usesPeriod: false,
  },
  {
    id: 'new-memberships',
    group: 'membership',
    title: 'New memberships',
    definition:
      "Memberships that started in the period. First-Time = the member's first membership ever; Returning = a new membership after a gap (no membership covered the day before it started); Continuing = a renewal without a gap.",
    tabs: [
      { id: 'memberships', label: 'New Memberships' },
      { id: 'credits', label: 'New Credits' },
      { id: 'add-ons', label: 'New Add-ons' },
      { id: 'trials', label: 'New Trials' },
    ],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'expiring-members',
    group: 'membership',
    title: 'Expiring members',
    definition:
      'Memberships (add-ons excluded) whose last day falls in the period, when the member has no other membership covering the day after: they end and are not renewing.',
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'lost-members',
    group: 'membership',
    title: 'Lost members',
    definition:
      'Members whose last covered day (add-ons excluded) fell in the period and before today, and who have had no membership since; with their last visit.',
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'trainer-insights',
    group: 'performance',
    title: 'Trainer insights',
    definition:
      "Per trainer, sessions they taught in the period (cancelled sessions excluded): classes taught and appointments, attendance (checked in), no-shows, fill rate (places taken ÷ capacity), and pay from their pay rate in effect on each session's day (per class, per hour of session rounded to the cent, or per attendee checked in). Sessions with no rate in effect have no pay.",
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'class-performance',
    group: 'performance',
    title: 'Class performance',
    definition:
      'Per class, its sessions in the period (cancelled sessions excluded): sessions, average attendance (checked in per session), fill rate (places taken ÷ capacity), bookings that were on the waitlist, late cancellations and no-shows. Appointments are not classes.',
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'first-bookings',
    group: 'activity',
    title: 'First bookings',
    definition:
      'Members whose first-ever booking (the first one made, whatever became of it) was made in the period, with the session it was for.',
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
  {
    id: 'no-shows',
    group: 'activity',
    title: 'No shows',
    definition:
      'Bookings marked no-show for sessions that started in the period, with the class, trainer and the member’s no-shows in the period.',
    tabs: [],
    pageSize: PAGE,
    usesPeriod: true,
  },
];

export const DEFAULT_REPORT: ReportId = 'sales';
/** /members/reports shows the Membership group only. */
export const MEMBER_REPORTS_GROUP: ReportGroup = 'membership';

/**
 * A definition as the studio reads it: "{currency}" becomes the studio's ISO code ("in EUR"),
 * since every amount of a studio is in its one currency (ADR 0038).
 */
export function reportDefinition(entry: Pick<ReportEntry, 'definition'>, currency: string): string {
  return entry.definition.replaceAll('{currency}', currency);
}

/** A CSV header of a money column names the currency: "Amount (in EUR)". */
export function moneyHeader(label: string, currency: string): string {
  return `${label} (in ${currency})`;
}

export function reportEntry(id: ReportId): ReportEntry {
  return REPORTS.find((r) => r.id === id)!;
}

export function reportsOfGroup(group: ReportGroup): ReportEntry[] {
  return REPORTS.filter((r) => r.group === group);
}

/** New memberships: which plan kinds each tab counts. */
export const NEW_MEMBERSHIP_TAB_KINDS = {
  memberships: ['membership'],
  credits: ['class_pack', 'drop_in'],
  'add-ons': ['add_on'],
  trials: ['trial'],
} as const;

/** Sales categories, from the plan kind or the charge purpose. */
export const SALES_CATEGORIES = ['memberships', 'packs', 'drop_ins', 'retail', 'fees'] as const;
export type SalesCategory = (typeof SALES_CATEGORIES)[number];
export const SALES_CATEGORY_LABELS: Record<SalesCategory, string> = {
  memberships: 'Memberships',
  packs: 'Class packs',
  drop_ins: 'Drop-ins',
  retail: 'Retail',
  fees: 'Fees',
};

export const MEMBERSHIP_ORIGINS = ['first_time', 'returning', 'continuing'] as const;
export type MembershipOrigin = (typeof MEMBERSHIP_ORIGINS)[number];
export const MEMBERSHIP_ORIGIN_LABELS: Record<MembershipOrigin, string> = {
  first_time: 'First-Time',
  returning: 'Returning',
  continuing: 'Continuing',
};

/** Member report statuses (doc: Active, Paused, Expired). */
export const MEMBER_REPORT_STATUSES = ['active', 'paused', 'expired'] as const;
export type MemberReportStatus = (typeof MEMBER_REPORT_STATUSES)[number];
export const MEMBER_REPORT_STATUS_LABELS: Record<MemberReportStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  expired: 'Expired',
};

/** Transaction statuses as reports show them (doc: Pending, Paid, Failed). */
export const TRANSACTION_STATUS_LABELS = { pending: 'Pending', paid: 'Paid', failed: 'Failed' };
