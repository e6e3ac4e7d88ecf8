import type { DemoClock } from './demo-clock.ts';
import type { Chance } from './demo-random.ts';

/**
 * Who joins the demo studio, when, on which plan, and what happens to them: the cast of the
 * history, drawn once from the demo's chance so two runs on one day tell the same story.
 */

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Elena',
  'Farah',
  'Gabriel',
  'Hannah',
  'Isaac',
  'Jasmine',
  'Kevin',
  'Leah',
  'Mateo',
  'Nina',
  'Owen',
  'Paige',
  'Quinn',
  'Rosa',
  'Samuel',
  'Tara',
  'Umar',
  'Vera',
  'Wesley',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Aiden',
  'Bianca',
  'Caleb',
  'Dalia',
  'Ethan',
  'Freya',
  'Grace',
  'Hugo',
  'Iris',
  'Jonah',
  'Keira',
  'Leo',
  'Maya',
  'Noah',
  'Olive',
  'Priya',
  'Rafael',
  'Sienna',
  'Theo',
  'Uma',
  'Victor',
  'Willa',
  'Yara',
  'Zane',
];
const LAST = [
  'Anderson',
  'Brooks',
  'Castillo',
  'Dawson',
  'Ellis',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Mensah',
  'Nguyen',
  "O'Brien",
  'Park',
  'Quintero',
  'Rossi',
  'Schmidt',
  'Thompson',
  'Ueda',
  'Vargas',
  'Walsh',
  'Xu',
  'Young',
  'Zimmerman',
  'Baptiste',
  'Chowdhury',
  'Delgado',
  'Evans',
  'Fontaine',
  'Greenberg',
  'Haddad',
  'Ivanova',
  'Kaur',
  'Larsen',
  'Morales',
  'Novak',
  'Osei',
  'Petrov',
];

export type PlanChoice = 'unlimited' | 'offPeak' | 'annual' | 'pack' | 'dropIn' | 'trial';
export type LeadSourceKey = 'website' | 'instagram' | 'referral' | 'walkIn' | 'google';

export type Story =
  | { kind: 'stays' }
  /** Cancels on a day, at once or at the end of the billing period. */
  | { kind: 'cancels'; day: string; when: 'now' | 'period_end' }
  /** Pauses on a day until another (a pause still running today leaves them suspended). */
  | { kind: 'pauses'; day: string; resumesOn: string }
  /**
   * Their card starts failing on a day: the billing run retries and the membership goes past
   * due; staff then write it off (and end it), or the member gives a new card and staff retry.
   */
  | { kind: 'card_trouble'; day: string; outcome: 'write_off' | 'new_card' | 'open' }
  /** A trial or a pack that buys a membership near its end. */
  | { kind: 'upgrades'; day: string }
  /** A pack or drop-in bought again. */
  | { kind: 'renews'; day: string };

export interface DemoMemberSpec {
  index: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  gender: 'male' | 'female' | 'other' | 'prefer_not_to_say' | null;
  dateOfBirth: string;
  joinAt: Date;
  joinDay: string;
  plan: PlanChoice;
  /** Recurring plans: the first period at the desk in cash (then card on file), or by card. */
  firstPayment: 'cash' | 'card';
  discountCode: string | null;
  marketingConsent: boolean;
  /** Came in as a lead this many days before joining. */
  lead: { source: LeadSourceKey; daysBefore: number } | null;
  story: Story;
  /** Classes they like (indexes into the timetable) and how often they come a week. */
  favorites: number[];
  perWeek: number;
  signsWaiver: boolean;
  /** Joins online on the last days (a portal member with a session). */
  joinsOnline: boolean;
}

const pickPlan = (chance: Chance): PlanChoice => {
  const r = chance.next();
  if (r < 0.4) return 'unlimited';
  if (r < 0.58) return 'offPeak';
  if (r < 0.65) return 'annual';
  if (r < 0.8) return 'pack';
  if (r < 0.88) return 'dropIn';
  return 'trial';
};

const SOURCES: LeadSourceKey[] = ['website', 'instagram', 'referral', 'walkIn', 'google'];

/** A day between `day` plus `min` days and today (null when there is no such day). */
function dayAfter(clock: DemoClock, chance: Chance, day: string, min: number) {
  const first = clock.plus(day, min);
  if (first > clock.today) return null;
  const span = Math.round((Date.parse(clock.today) - Date.parse(first)) / 86_400_000);
  return clock.plus(first, chance.int(0, span));
}

function storyOf(clock: DemoClock, chance: Chance, plan: PlanChoice, joinDay: string): Story {
  const r = chance.next();
  if (plan === 'unlimited' || plan === 'offPeak' || plan === 'annual') {
    if (plan !== 'annual' && r < 0.05) {
      const day = dayAfter(clock, chance, joinDay, 3);
      if (day)
        return {
          kind: 'card_trouble',
          day,
          outcome: chance.chance(0.5) ? 'write_off' : 'new_card',
        };
    }
    if (plan !== 'annual' && r < 0.17) {
      const day = dayAfter(clock, chance, joinDay, 14);
      if (day) return { kind: 'cancels', day, when: chance.chance(0.5) ? 'now' : 'period_end' };
    }
    if (r >= 0.2 && r < 0.27) {
      const day = dayAfter(clock, chance, joinDay, 10);
      if (day) return { kind: 'pauses', day, resumesOn: clock.plus(day, chance.int(14, 35)) };
    }
    return { kind: 'stays' };
  }
  if (plan === 'trial') {
    if (r < 0.35) return { kind: 'upgrades', day: clock.plus(joinDay, chance.int(9, 13)) };
    return { kind: 'stays' };
  }
  if (plan === 'pack') {
    if (r < 0.15) return { kind: 'upgrades', day: clock.plus(joinDay, chance.int(30, 70)) };
    if (r < 0.45) return { kind: 'renews', day: clock.plus(joinDay, chance.int(45, 100)) };
    return { kind: 'stays' };
  }
  if (r < 0.3) return { kind: 'renews', day: clock.plus(joinDay, chance.int(10, 25)) };
  return { kind: 'stays' };
}

/**
 * The first founding members' stories are written, not drawn, so every history (the test's
 * short one too) has each kind: a renewal that fails and is written off, one that stays past
 * due, one paid after a new card, a pause running today and cancellations both ways.
 */
function scriptedStory(clock: DemoClock, order: number, joinDay: string): Story | null {
  const soon = (n: number) => {
    const day = clock.plus(joinDay, n);
    return day < clock.today ? day : clock.plus(clock.today, -1);
  };
  switch (order) {
    case 0:
      return { kind: 'card_trouble', day: soon(2), outcome: 'write_off' };
    case 1:
      return { kind: 'card_trouble', day: soon(2), outcome: 'open' };
    case 2:
      return { kind: 'card_trouble', day: soon(2), outcome: 'new_card' };
    case 3:
      return {
        kind: 'pauses',
        day: clock.plus(clock.today, -6),
        resumesOn: clock.plus(clock.today, 14),
      };
    case 4:
      return { kind: 'cancels', day: soon(12), when: 'now' };
    case 5:
      return { kind: 'cancels', day: soon(16), when: 'period_end' };
    default:
      return null;
  }
}

/**
 * The members, in the order they join. A third are the founding members of the first ten
 * days; the rest join over the months after, a few each week; the last ones join online.
 */
export function castMembers(
  clock: DemoClock,
  chance: Chance,
  total: number,
  classCount: number,
  days: number,
): DemoMemberSpec[] {
  const online = Math.max(2, Math.round(total / 100));
  const founding = Math.round(total * 0.32);
  const joins: Array<{ day: string; online: boolean }> = [];
  for (let i = 0; i < total - online; i++) {
    const offset =
      i < 10
        ? chance.int(0, 1)
        : i < founding
          ? chance.int(0, Math.min(9, days - 1))
          : chance.int(3, Math.max(3, days - 2));
    joins.push({ day: clock.plus(clock.firstDay, offset), online: false });
  }
  joins.sort((a, b) => a.day.localeCompare(b.day));
  for (let i = 0; i < online; i++) joins.push({ day: clock.today, online: true });
  const used = new Set<string>();
  let monthly = 0;
  return joins.map(({ day, online: joinsOnline }, index) => {
    let firstName = chance.pick(FIRST);
    let lastName = chance.pick(LAST);
    while (used.has(`${firstName} ${lastName}`)) {
      firstName = chance.pick(FIRST);
      lastName = chance.pick(LAST);
    }
    used.add(`${firstName} ${lastName}`);
    const scripted = !joinsOnline && index < 10 && monthly < 6;
    // The other founders of the first two days take the other plans, so that every history
    // has a trial and a drop-in that end (the member becomes inactive) and a pack.
    const founder: PlanChoice | undefined = (['trial', 'dropIn', 'pack', 'offPeak'] as const)[
      index - 6
    ];
    const plan = joinsOnline
      ? index % 2
        ? 'trial'
        : 'pack'
      : scripted
        ? 'unlimited'
        : index < 10 && founder
          ? founder
          : pickPlan(chance);
    const order = plan === 'unlimited' && scripted ? monthly++ : -1;
    const hour = chance.int(9, 19);
    const minute = chance.pick(['05', '12', '20', '35', '41', '50']);
    const joinAt = clock.at(day, `${String(hour).padStart(2, '0')}:${minute}`);
    const year = 1962 + chance.int(0, 45);
    const recurring = plan === 'unlimited' || plan === 'offPeak' || plan === 'annual';
    const favorites = chance.sample(
      Array.from({ length: classCount }, (_, i) => i),
      chance.int(2, 4),
    );
    const lead =
      !joinsOnline && chance.chance(0.22)
        ? { source: chance.pick(SOURCES), daysBefore: chance.int(1, 12) }
        : null;
    return {
      index,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${index + 1}@example.com`.toLowerCase().replace(/'/g, ''),
      phone: chance.chance(0.85) ? `(917) 555-${String(1000 + index).slice(-4)}` : null,
      gender: chance.pick([
        'male',
        'female',
        'female',
        'male',
        'other',
        'prefer_not_to_say',
        null,
      ] as const),
      dateOfBirth: `${year}-${String(chance.int(1, 12)).padStart(2, '0')}-${String(chance.int(1, 28)).padStart(2, '0')}`,
      joinAt,
      joinDay: day,
      plan,
      firstPayment: recurring && chance.chance(0.2) ? 'card' : 'cash',
      discountCode:
        recurring && chance.chance(0.15) ? chance.pick(['WELCOME10', 'FRIEND25']) : null,
      marketingConsent: chance.chance(0.72),
      lead,
      story: joinsOnline
        ? { kind: 'stays' }
        : (scriptedStory(clock, order, day) ?? storyOf(clock, chance, plan, day)),
      favorites,
      perWeek: plan === 'dropIn' ? 0.5 : plan === 'pack' ? 1 : plan === 'offPeak' ? 1.6 : 2,
      signsWaiver: joinsOnline || chance.chance(0.3),
      joinsOnline,
    };
  });
}
