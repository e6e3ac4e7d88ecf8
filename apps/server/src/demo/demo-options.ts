import type { OrganizationRole } from '@fitbase/domain/constants';

/** The demo studio (docs/product/demo-studio.md): who it is and how much history it gets. */
export const DEMO_STUDIO = {
  name: 'Demo Fitness',
  slug: 'demo-fitness',
  timeZone: 'America/New_York',
  description: 'A sample studio with six months of history, made by npm run demo.',
  postalAddress: '120 Harbor Street, Brooklyn, NY 11201',
  contactEmail: 'hello@demo.fitbase.local',
  contactPhone: '+1 (718) 555-0142',
} as const;

/** Every demo account signs in with this password (development data only). */
// Not derived from the studio's name or the emails: the password policy refuses those.
export const DEMO_PASSWORD = 'Rowing-Maple-Lantern-31';

export interface DemoTeamMember {
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
  department: string | null;
}

/** The team: an owner, an admin, five trainers and a front-desk staff member. */
export const DEMO_TEAM: readonly DemoTeamMember[] = [
  {
    email: 'owner@demo.fitbase.local',
    firstName: 'Olivia',
    lastName: 'Reyes',
    role: 'owner',
    department: null,
  },
  {
    email: 'admin@demo.fitbase.local',
    firstName: 'Marcus',
    lastName: 'Chen',
    role: 'admin',
    department: 'Management',
  },
  {
    email: 'trainer@demo.fitbase.local',
    firstName: 'Jordan',
    lastName: 'Blake',
    role: 'trainer',
    department: 'Coaching',
  },
  {
    email: 'trainer.sofia@demo.fitbase.local',
    firstName: 'Sofia',
    lastName: 'Alvarez',
    role: 'trainer',
    department: 'Yoga',
  },
  {
    email: 'trainer.kai@demo.fitbase.local',
    firstName: 'Kai',
    lastName: 'Nakamura',
    role: 'trainer',
    department: 'Cycling',
  },
  {
    email: 'trainer.amara@demo.fitbase.local',
    firstName: 'Amara',
    lastName: 'Okafor',
    role: 'trainer',
    department: 'Strength',
  },
  {
    email: 'trainer.liam@demo.fitbase.local',
    firstName: 'Liam',
    lastName: 'Murphy',
    role: 'trainer',
    department: 'Pilates',
  },
  {
    email: 'staff@demo.fitbase.local',
    firstName: 'Priya',
    lastName: 'Patel',
    role: 'staff',
    department: 'Front desk',
  },
];

export const DEMO_EMAILS = DEMO_TEAM.map((p) => p.email);

/**
 * How much the demo makes. `full` is `npm run demo`'s; `small` keeps the same kinds of records
 * (every status, every report) in a few weeks, for the test.
 */
export interface DemoSize {
  /** Days of history before today. */
  days: number;
  /** Members in all (including those who join online on the last days). */
  members: number;
  /**
   * How busy classes are at the end of the history: each member's own weekly habit times this.
   * A new studio fills up as it grows (demo-attendance.ts); the full studio keeps it low enough
   * for the embedded database to write six months in under a minute.
   */
  attendance: number;
}

export const DEMO_SIZES = {
  full: { days: 182, members: 300, attendance: 0.085 },
  small: { days: 42, members: 20, attendance: 0.35 },
} as const satisfies Record<string, DemoSize>;

export type DemoSizeName = keyof typeof DEMO_SIZES;
