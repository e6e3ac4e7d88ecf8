import type { ImportKind } from './settings-constants.ts';

/**
 * The help center's catalog (docs/product/settings-and-help.md#help-center): every article, FAQ,
 * tutorial and resource with the fields search needs. Pure data: the bodies live in the web app
 * (Markdown files) and the downloads in apps/web/public/help/resources/. Slugs are stable: the view
 * counts and `/help?article=<slug>` links key on them.
 */

export const HELP_KINDS = ['article', 'faq', 'tutorial', 'resource'] as const;
export type HelpKind = (typeof HELP_KINDS)[number];

export const HELP_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type HelpDifficulty = (typeof HELP_DIFFICULTIES)[number];

export const HELP_ARTICLE_GROUPS = [
  'Getting Started',
  'Member Management',
  'Communication Tools',
  'Analytics & Reporting',
] as const;
export type HelpArticleGroup = (typeof HELP_ARTICLE_GROUPS)[number];

export type HelpEntry = {
  slug: string;
  kind: HelpKind;
  title: string;
  /** Articles: one of HELP_ARTICLE_GROUPS. */
  group?: string;
  summary: string;
  difficulty?: HelpDifficulty;
  /** Tutorials: reading time from the word count (help-catalog.test checks it). */
  minutes?: number;
  /** Resources: path under the web app's public folder, its real size and its type label. */
  file?: string;
  bytes?: number;
  type?: string;
};

/** Words a person reads per minute, for a tutorial's "N min read". */
export const HELP_WORDS_PER_MINUTE = 200;

/** Words of a Markdown body as a person reads them (markup and link targets left out). */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/^\s*\d+[.)]\s/gm, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*`>[\]_-]/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** "N min read" of a tutorial: its word count at HELP_WORDS_PER_MINUTE, at least 1. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / HELP_WORDS_PER_MINUTE));
}

/** Where the CSV import templates download from (the import screen links to them too). */
export const IMPORT_TEMPLATE_PATHS = {
  members: '/help/resources/fitbase-import-members.csv',
  memberships: '/help/resources/fitbase-import-memberships.csv',
  visits: '/help/resources/fitbase-import-visits.csv',
  leads: '/help/resources/fitbase-import-leads.csv',
} as const satisfies Record<ImportKind, string>;

const ARTICLES: HelpEntry[] = [
  {
    slug: 'set-up-your-studio',
    kind: 'article',
    group: 'Getting Started',
    difficulty: 'Beginner',
    title: 'Set up your studio',
    summary: 'Create your organization, pick its web address and time zone, and add your branding.',
  },
  {
    slug: 'invite-your-team',
    kind: 'article',
    group: 'Getting Started',
    difficulty: 'Beginner',
    title: 'Invite your team',
    summary: 'Send staff invitations, choose each person’s role and see what each role may do.',
  },
  {
    slug: 'find-your-way-around',
    kind: 'article',
    group: 'Getting Started',
    difficulty: 'Beginner',
    title: 'Find your way around FitBase',
    summary: 'The side navigation, the top bar, global search, the bell and switching studios.',
  },
  {
    slug: 'add-and-manage-members',
    kind: 'article',
    group: 'Member Management',
    difficulty: 'Beginner',
    title: 'Add and manage members',
    summary: 'Add a member with the wizard, find them in the directory and edit their profile.',
  },
  {
    slug: 'memberships-and-plans',
    kind: 'article',
    group: 'Member Management',
    difficulty: 'Intermediate',
    title: 'Memberships, class packs and plans',
    summary: 'How plans become memberships and credits, and how renewals and failed payments work.',
  },
  {
    slug: 'check-in-and-attendance',
    kind: 'article',
    group: 'Member Management',
    difficulty: 'Intermediate',
    title: 'Check-in and attendance',
    summary: 'Check members in, work from a class roster and record no-shows.',
  },
  {
    slug: 'import-your-members',
    kind: 'article',
    group: 'Member Management',
    difficulty: 'Advanced',
    title: 'Import members from another system',
    summary:
      'Bring members, memberships, visits and leads over from CSV files, and undo an import.',
  },
  {
    slug: 'email-campaigns',
    kind: 'article',
    group: 'Communication Tools',
    difficulty: 'Intermediate',
    title: 'Email campaigns',
    summary: 'Write a campaign, choose its audience, send it now or schedule it.',
  },
  {
    slug: 'automations',
    kind: 'article',
    group: 'Communication Tools',
    difficulty: 'Intermediate',
    title: 'Automations',
    summary: 'Messages that send themselves: presets such as Birthday, triggers and delays.',
  },
  {
    slug: 'email-templates-and-merge-fields',
    kind: 'article',
    group: 'Communication Tools',
    difficulty: 'Beginner',
    title: 'Email templates and merge fields',
    summary: 'Reuse a design across campaigns and personalise it with merge fields.',
  },
  {
    slug: 'two-way-messaging',
    kind: 'article',
    group: 'Communication Tools',
    difficulty: 'Beginner',
    title: 'Two-way messaging',
    summary: 'Message a member one to one and read their email replies in FitBase.',
  },
  {
    slug: 'dashboard-figures',
    kind: 'article',
    group: 'Analytics & Reporting',
    difficulty: 'Beginner',
    title: 'What the dashboard figures mean',
    summary: 'Where each dashboard figure comes from and how it is computed from your records.',
  },
  {
    slug: 'campaign-figures',
    kind: 'article',
    group: 'Analytics & Reporting',
    difficulty: 'Intermediate',
    title: 'Campaign figures',
    summary: 'Recipients, deliveries, opens and clicks of a campaign, and what each one counts.',
  },
  {
    slug: 'audit-log',
    kind: 'article',
    group: 'Analytics & Reporting',
    difficulty: 'Advanced',
    title: 'The audit log',
    summary: 'See who changed what and when, filter the log and export it as CSV.',
  },
  {
    slug: 'export-your-data',
    kind: 'article',
    group: 'Analytics & Reporting',
    difficulty: 'Intermediate',
    title: 'Export all your data',
    summary:
      'Download every record of your studio as CSV files in one ZIP, with a data dictionary.',
  },
];

const FAQS: HelpEntry[] = [
  {
    slug: 'faq-adding-members',
    kind: 'faq',
    title: 'How do I add new members?',
    summary: 'Use Add Member on the Members screen, or import many at once from a CSV file.',
  },
  {
    slug: 'faq-birthday-messages',
    kind: 'faq',
    title: 'Can I send automated birthday messages?',
    summary: 'Yes: the Birthday automation preset in Connect › Automations.',
  },
  {
    slug: 'faq-attendance-tracking',
    kind: 'faq',
    title: 'How does attendance tracking work?',
    summary: 'Check-ins, class rosters and no-shows are recorded on each member and session.',
  },
  {
    slug: 'faq-payment-methods',
    kind: 'faq',
    title: 'Which payment methods can members use?',
    summary: 'Cards, processed in demo mode; FitBase keeps only the last four digits.',
  },
  {
    slug: 'faq-membership-packages',
    kind: 'faq',
    title: 'Can I create different membership packages?',
    summary: 'Yes: plans for memberships, class packs, drop-ins, trials and add-ons.',
  },
  {
    slug: 'faq-email-templates',
    kind: 'faq',
    title: 'How do I customize email templates?',
    summary: 'Create and edit templates in Connect and personalise them with merge fields.',
  },
  {
    slug: 'faq-staff-permissions',
    kind: 'faq',
    title: 'How do staff permissions work?',
    summary: 'Each staff member has one fixed role: owner, admin, trainer or staff.',
  },
  {
    slug: 'faq-integrations',
    kind: 'faq',
    title: 'Which integrations are available?',
    summary: 'Email through SMTP, inbound email replies, and CSV import and export.',
  },
  {
    slug: 'faq-data-backup',
    kind: 'faq',
    title: 'How do I back up my data?',
    summary: 'Download a full export ZIP in Settings › General; import from CSV files.',
  },
  {
    slug: 'faq-portal-branding',
    kind: 'faq',
    title: 'Can I customize the member portal branding?',
    summary:
      'Your logo and colours apply to the staff app and emails; there is no member portal yet.',
  },
];

const TUTORIALS: HelpEntry[] = [
  {
    slug: 'tutorial-first-day',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Beginner',
    title: 'Your first day with FitBase',
    summary: 'Set your time zone and branding, invite a colleague and add your first member.',
  },
  {
    slug: 'tutorial-add-a-member',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Beginner',
    title: 'Add a member and sell a membership',
    summary: 'Walk through the add-member wizard and start their first membership.',
  },
  {
    slug: 'tutorial-recurring-class',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Intermediate',
    title: 'Schedule a recurring class',
    summary: 'Create a class, make it repeat every week and open it for bookings.',
  },
  {
    slug: 'tutorial-front-desk-check-in',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Beginner',
    title: 'Check members in at the front desk',
    summary: 'Check in from the member dashboard and from a class roster, and mark no-shows.',
  },
  {
    slug: 'tutorial-first-campaign',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Intermediate',
    title: 'Send your first email campaign',
    summary: 'Pick a template, choose an audience, preview and send or schedule.',
  },
  {
    slug: 'tutorial-birthday-automation',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Beginner',
    title: 'Turn on birthday messages',
    summary: 'Start the Birthday automation preset and check who it will reach.',
  },
  {
    slug: 'tutorial-leads',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Intermediate',
    title: 'Track leads and convert them to members',
    summary: 'Record a lead, follow up and convert them into a member.',
  },
  {
    slug: 'tutorial-move-from-another-system',
    kind: 'tutorial',
    minutes: 2,
    difficulty: 'Advanced',
    title: 'Move your studio from another system',
    summary: 'Fill the CSV templates, import them in order and check the result.',
  },
];

const RESOURCES: HelpEntry[] = [
  {
    slug: 'members-import-template',
    kind: 'resource',
    title: 'Members import template',
    summary: 'The CSV columns FitBase reads when you import members.',
    file: IMPORT_TEMPLATE_PATHS.members,
    bytes: 369,
    type: 'CSV',
  },
  {
    slug: 'memberships-import-template',
    kind: 'resource',
    title: 'Memberships import template',
    summary: 'The CSV columns FitBase reads when you import memberships.',
    file: IMPORT_TEMPLATE_PATHS.memberships,
    bytes: 51,
    type: 'CSV',
  },
  {
    slug: 'visits-import-template',
    kind: 'resource',
    title: 'Visits import template',
    summary: 'The CSV columns FitBase reads when you import past visits.',
    file: IMPORT_TEMPLATE_PATHS.visits,
    bytes: 44,
    type: 'CSV',
  },
  {
    slug: 'leads-import-template',
    kind: 'resource',
    title: 'Leads import template',
    summary: 'The CSV columns FitBase reads when you import leads.',
    file: IMPORT_TEMPLATE_PATHS.leads,
    bytes: 67,
    type: 'CSV',
  },
  {
    slug: 'data-dictionary',
    kind: 'resource',
    title: 'Data export dictionary',
    summary: 'Every file and column of the full data export, and what it holds.',
    file: '/help/resources/fitbase-data-dictionary.csv',
    bytes: 10447,
    type: 'CSV',
  },
  {
    slug: 'staff-onboarding-checklist',
    kind: 'resource',
    title: 'Staff onboarding checklist',
    summary: 'What to do when a colleague joins (account, role, first day and week) and leaves.',
    file: '/help/resources/fitbase-staff-onboarding-checklist.md',
    bytes: 2251,
    type: 'Markdown',
  },
  {
    slug: 'front-desk-check-in-guide',
    kind: 'resource',
    title: 'Front-desk check-in guide',
    summary: 'A one-page guide for checking members in and handling the usual questions.',
    file: '/help/resources/fitbase-front-desk-check-in-guide.md',
    bytes: 1997,
    type: 'Markdown',
  },
  {
    slug: 'email-compliance-checklist',
    kind: 'resource',
    title: 'Marketing email compliance checklist',
    summary: 'Consent, unsubscribe links and your postal address: what every campaign needs.',
    file: '/help/resources/fitbase-marketing-email-compliance-checklist.md',
    bytes: 1922,
    type: 'Markdown',
  },
];

export const HELP_ENTRIES: ReadonlyArray<HelpEntry> = [
  ...ARTICLES,
  ...FAQS,
  ...TUTORIALS,
  ...RESOURCES,
];

export const HELP_ARTICLE_SLUGS: ReadonlySet<string> = new Set(ARTICLES.map((a) => a.slug));
