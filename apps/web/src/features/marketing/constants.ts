/** Marketing copy and figures for the public landing page (docs/product/marketing.md). */

export interface PricingTier {
  name: string;
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  popular: boolean;
}

export const PRICING_TIERS: readonly PricingTier[] = [
  {
    name: 'Basic',
    price: '$49',
    period: '/month',
    description: 'For small studios getting started',
    features: [
      'Up to 100 members',
      'Basic member management',
      'Class scheduling',
      'Email support',
      'Basic analytics',
    ],
    popular: false,
  },
  {
    name: 'Premium',
    price: '$149',
    period: '/month',
    description: 'For growing gyms that need more',
    features: [
      'Up to 500 members',
      'Advanced analytics',
      'Payment processing',
      'Custom branding',
      'Priority support',
      'Staff management',
      'API access',
    ],
    popular: true,
  },
  {
    name: 'Enterprise',
    price: '$299',
    period: '/month',
    description: 'For multi-location fitness businesses',
    features: [
      'Unlimited members',
      'Multi-location support',
      'Advanced reporting',
      'Custom integrations',
      '24/7 phone support',
      'Dedicated account manager',
      'White-label options',
    ],
    popular: false,
  },
];

export interface Statistic {
  value: string;
  label: string;
}

export const STATISTICS: readonly Statistic[] = [
  { value: '10,000+', label: 'Members Managed' },
  { value: '500+', label: 'Gyms' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
  { value: 'Under 5 min', label: 'Setup Time' },
];

/** Text wordmarks of fictional studios for the client-logo strip. */
export const CLIENT_WORDMARKS: readonly string[] = [
  'IronPeak CrossFit',
  'Lotus Flow Yoga',
  'Summit Martial Arts',
  'Pulse Boutique Fitness',
  'Forge Strength Co.',
  'Harbor Athletic Club',
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  studio: string;
}

/** Illustrative quotes from fictional studios; they carry no figures. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'The check-in kiosk took the queue away from our front desk. Members scan in and head straight to class.',
    name: 'Maya Torres',
    role: 'Owner',
    studio: 'IronPeak CrossFit',
  },
  {
    quote:
      'Waitlists and recurring sessions used to live in three different spreadsheets. Now the schedule simply runs itself.',
    name: 'Daniel Okafor',
    role: 'Studio Manager',
    studio: 'Lotus Flow Yoga',
  },
  {
    quote:
      'Switching software felt risky, but the team moved our members over and trained our staff. We kept teaching the whole time.',
    name: 'Sofia Lindqvist',
    role: 'Head Instructor',
    studio: 'Summit Martial Arts',
  },
];

/**
 * "Popular Integrations": each category says how FitBase connects to it today
 * (docs/product/integrations.md), so the landing page claims only what exists.
 */
export const INTEGRATIONS: ReadonlyArray<{ name: string; how: string }> = [
  {
    name: 'Payment Gateways',
    how: 'Payments go through one payment-provider interface: today a demo processor to try FitBase with test cards, and cash or other payments recorded by hand.',
  },
  {
    name: 'Calendar Apps',
    how: "Google, Apple and Outlook calendars subscribe to each member's bookings and each trainer's classes.",
  },
  {
    name: 'Analytics Tools',
    how: 'Signed webhooks send bookings, check-ins, payments and orders as they happen, and an API key reads your reports.',
  },
  {
    name: 'CRM Systems',
    how: 'Webhooks for new members and leads, and the same API as the app, with a key, to read and update them.',
  },
];

/** The migration card's line under the integrations. */
export const CSV_IMPORT_LINE =
  'Coming from Mindbody, Glofox, PushPress, Wodify or Zen Planner? Import their CSV exports of members, memberships, visits and leads, matching their columns as you go.';
