import { leadInputSchema } from '@fitbase/domain/contracts/leads';
import { memberInputSchema, paymentMethodInputSchema } from '@fitbase/domain/contracts/members';
import {
  membershipCancelSchema,
  membershipRenewSchema,
  membershipSellSchema,
} from '@fitbase/domain/contracts/plans';
import { DEMO_DECLINED_LAST_FOUR } from '@fitbase/domain/money-constants';
import type { StudioScope } from '../http/types.ts';
import { convertLead, createLead, updateLead } from '../modules/leads/leads.service.ts';
import { addPaymentMethod } from '../modules/members/payment-methods.service.ts';
import {
  cancelMembership,
  pauseMembership,
} from '../modules/memberships/membership-changes.service.ts';
import {
  listMemberMemberships,
  renewMembership,
  sellMembership,
} from '../modules/memberships/memberships.service.ts';
import { listMemberPayments } from '../modules/payments/ledger.service.ts';
import { signWaiver } from '../modules/waivers/waivers.service.ts';
import { addMember } from '../use-cases/add-member.ts';
import { retryDue, writeOffDue } from '../use-cases/payment-dues.ts';
import type { DemoCatalog } from './demo-catalog.ts';
import { later } from './demo-clock.ts';
import { act, attempt, count, type DemoContext } from './demo-context.ts';
import type { DemoMemberSpec } from './demo-people.ts';
import type { DemoPerson } from './demo-scope.ts';
import type { Timeline } from './demo-timeline.ts';

/**
 * The members' lives: each joins at the desk (add member with the wizard's plan, or a card on
 * file and a sale by card), signs the waiver, and then cancels, pauses, upgrades, renews, or
 * has their card fail, each on its day, through the same services as the member page.
 */

export interface DemoMember {
  spec: DemoMemberSpec;
  id: string | null;
  /** Their member number (the kiosk finds members by it). */
  memberNumber: number | null;
  /** The membership the stories act on (the latest one sold). */
  membershipId: string | null;
  /** The last day they may book (null: open-ended), and credits left (null: no credits). */
  until: string | null;
  credits: number | null;
  paused: { from: string; until: string } | null;
  leadId: string | null;
  /** Class places they took (the kiosk, the win-back audience and the at-risk list read visits). */
  visits: number;
}

const RECURRING = new Set(['unlimited', 'offPeak', 'annual']);
const BRANDS = ['visa', 'visa', 'mastercard', 'amex', 'discover'] as const;

export function startState(spec: DemoMemberSpec): DemoMember {
  return {
    spec,
    id: null,
    memberNumber: null,
    membershipId: null,
    until: null,
    credits: null,
    paused: null,
    leadId: null,
    visits: 0,
  };
}

/** Whether the member should be able to take a class on `day` (the services have the last word). */
export function canBook(m: DemoMember, day: string): boolean {
  if (!m.id || day < m.spec.joinDay) return false;
  if (m.until !== null && day > m.until) return false;
  if (m.paused && day >= m.paused.from && day < m.paused.until) return false;
  return m.credits === null || m.credits > 0;
}

const userOf = (p: DemoPerson) => ({ id: p.userId, email: p.email, name: p.name });

function card(ctx: DemoContext, m: DemoMember, lastFour?: string) {
  const year = Number(ctx.clock.today.slice(0, 4));
  return paymentMethodInputSchema.parse({
    cardLastFour: lastFour ?? String(1000 + ((m.spec.index * 7919) % 9000)).padStart(4, '0'),
    cardBrand: BRANDS[m.spec.index % BRANDS.length],
    cardExpMonth: 1 + (m.spec.index % 12),
    cardExpYear: year + 2 + (m.spec.index % 3),
    billingName: `${m.spec.firstName} ${m.spec.lastName}`,
    isDefault: true,
  });
}

/** What a plan gives from a day: its last bookable day and its credits. */
function entitlement(ctx: DemoContext, plan: DemoMemberSpec['plan'], from: string) {
  switch (plan) {
    case 'pack':
      return { until: ctx.clock.plus(from, 119), credits: 10 };
    case 'dropIn':
      return { until: ctx.clock.plus(from, 29), credits: 1 };
    case 'trial':
      return { until: ctx.clock.plus(from, 13), credits: null };
    default:
      return { until: null, credits: null };
  }
}

async function currentMembership(scope: StudioScope, memberId: string) {
  const { memberships } = await listMemberMemberships(scope, memberId);
  return memberships.find((x) => x.plan.kind !== 'add_on')?.id ?? null;
}

/** A lead that came in before the join (from its source), contacted the next day. */
async function comeInAsLead(ctx: DemoContext, catalog: DemoCatalog, m: DemoMember, at: Date) {
  const lead = m.spec.lead!;
  const created = await attempt(ctx, 'leads', () =>
    act(ctx, ctx.team.frontDesk, (scope) =>
      createLead(
        scope,
        leadInputSchema.parse({
          firstName: m.spec.firstName,
          lastName: m.spec.lastName,
          email: m.spec.email,
          phone: m.spec.phone,
          sourceId: catalog.leadSources[lead.source],
          notes: 'Asked about memberships and the intro trial.',
          ownerUserId: ctx.team.frontDesk.userId,
        }),
        at,
      ),
    ),
  );
  m.leadId = created?.id ?? null;
  if (m.leadId && lead.daysBefore > 6)
    await act(ctx, ctx.team.frontDesk, (scope) =>
      updateLead(scope, m.leadId!, { status: 'contacted' }),
    );
}

async function join(ctx: DemoContext, catalog: DemoCatalog, m: DemoMember): Promise<void> {
  const { spec } = m;
  const at = spec.joinAt;
  const plan = catalog.plans[spec.plan];
  const recurring = RECURRING.has(spec.plan);
  const byCard = recurring && spec.firstPayment === 'card';
  // Cards go on file through an admin (Payment methods is theirs); the desk takes cash.
  const person = recurring ? ctx.team.admin : ctx.team.frontDesk;
  const joined = await attempt(ctx, 'members', () =>
    act(ctx, person, async (scope) => {
      const member = await addMember(
        { ...scope, user: userOf(person) },
        memberInputSchema.parse({
          firstName: spec.firstName,
          lastName: spec.lastName,
          email: spec.email,
          phone: spec.phone,
          gender: spec.gender,
          dateOfBirth: spec.dateOfBirth,
          marketingConsent: spec.marketingConsent,
          referralSource: spec.lead ? spec.lead.source : null,
          plan: byCard ? undefined : { planId: plan.id, method: 'cash' },
        }),
        at,
      );
      if (recurring) {
        // A few first cards are declined at the desk: the member hands over another one.
        const declined = byCard && spec.index % 9 === 4;
        await addPaymentMethod(
          scope,
          member.id,
          card(ctx, m, declined ? DEMO_DECLINED_LAST_FOUR : undefined),
        );
        if (byCard) {
          const sell = (discountCode?: string) =>
            sellMembership(
              scope,
              member.id,
              membershipSellSchema.parse({ planId: plan.id, method: 'card', discountCode }),
              at,
            );
          const sale = await sell(spec.discountCode ?? undefined);
          if (!sale.ok) {
            count(ctx, 'declined sales');
            await addPaymentMethod(scope, member.id, card(ctx, m, String(4242 + (spec.index % 9))));
            await sell(spec.discountCode ?? undefined);
          }
        }
        // Some take towel service with their membership (an add-on, paid at the desk).
        if (spec.index % 9 === 2)
          await sellMembership(
            scope,
            member.id,
            membershipSellSchema.parse({ planId: catalog.plans.towels.id, method: 'cash' }),
            at,
          );
      }
      if (spec.signsWaiver)
        await signWaiver(
          scope,
          {
            memberId: member.id,
            waiverId: catalog.waiverId,
            signedName: `${spec.firstName} ${spec.lastName}`,
            guardianName: null,
            ipAddress: null,
            userAgent: 'Front desk tablet',
          },
          at,
        );
      if (m.leadId) await convertLead(scope, m.leadId, member.id);
      return {
        id: member.id,
        memberNumber: member.memberNumber,
        // The stories act on the membership; the others need not look it up.
        membershipId:
          spec.story.kind === 'stays' ? null : await currentMembership(scope, member.id),
      };
    }),
  );
  if (!joined) return;
  m.id = joined.id;
  m.memberNumber = joined.memberNumber;
  m.membershipId = joined.membershipId;
  Object.assign(m, entitlement(ctx, spec.plan, spec.joinDay));
  if (spec.signsWaiver) count(ctx, 'waiver signatures');
  if (m.leadId) count(ctx, 'leads converted');
}

/** The first billing date of a monthly membership after `day` (its start's day of month). */
function nextMonthly(ctx: DemoContext, start: string, day: string): string {
  const [y, mo, d] = start.split('-').map(Number) as [number, number, number];
  for (let k = 1; k < 40; k++) {
    const month = new Date(Date.UTC(y, mo - 1 + k, 1));
    const last = new Date(
      Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0),
    ).getUTCDate();
    const date = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
    if (date > day) return date;
  }
  return ctx.clock.plus(day, 30);
}

async function openDueOf(scope: StudioScope, memberId: string) {
  const page = await listMemberPayments(scope, memberId, { page: 1, pageSize: 25 });
  return page.entries.find((e) => e.isOpenDue) ?? null;
}

/** Schedules everything that happens to one member, from their lead to their last story. */
export function scheduleMember(
  ctx: DemoContext,
  catalog: DemoCatalog,
  timeline: Timeline,
  m: DemoMember,
): void {
  const { spec } = m;
  const { clock } = ctx;
  if (spec.joinsOnline) return;
  // A member's events touch only them: they may run beside another member's.
  const on = (when: Date, run: () => Promise<void>) =>
    timeline.at(when, run, [`member:${spec.index}`]);
  if (spec.lead) {
    const leadAt = later(spec.joinAt, -spec.lead.daysBefore * 24 * 60 - 95);
    on(leadAt, () => comeInAsLead(ctx, catalog, m, leadAt));
  }
  on(spec.joinAt, () => join(ctx, catalog, m));
  const story = spec.story;
  const admin = ctx.team.admin;
  if (story.kind === 'cancels') {
    const at = clock.at(story.day, '11:20');
    on(at, async () => {
      if (!m.membershipId) return;
      const done = await attempt(ctx, 'cancellations', () =>
        act(ctx, admin, (scope) =>
          cancelMembership(
            scope,
            m.membershipId!,
            membershipCancelSchema.parse({
              when: story.when,
              reason: story.when === 'now' ? 'Moving away' : 'Training at home for a while',
            }),
            at,
          ),
        ),
      );
      if (done) m.until = done.endDate ?? story.day;
    });
  } else if (story.kind === 'pauses') {
    const at = clock.at(story.day, '10:40');
    on(at, async () => {
      if (!m.membershipId) return;
      const done = await attempt(ctx, 'pauses', () =>
        act(ctx, admin, (scope) =>
          pauseMembership(scope, m.membershipId!, { resumesOn: story.resumesOn }, at),
        ),
      );
      if (done) m.paused = { from: story.day, until: story.resumesOn };
    });
  } else if (story.kind === 'card_trouble') {
    const at = clock.at(story.day, '09:10');
    // Their new default card is declined from here on: the next billing date fails and retries.
    on(at, async () => {
      if (!m.id) return;
      await attempt(ctx, 'cards replaced', () =>
        act(ctx, admin, (scope) =>
          addPaymentMethod(scope, m.id!, card(ctx, m, DEMO_DECLINED_LAST_FOUR)),
        ),
      );
    });
    // The next billing date fails and is retried 1, 3 and 7 days later (then past due): staff
    // write it off two days after the failure, or the member brings a new card after four.
    const failsOn = nextMonthly(ctx, spec.joinDay, story.day);
    const resolveOn = clock.plus(failsOn, story.outcome === 'new_card' ? 4 : 2);
    if (story.outcome === 'open' || resolveOn > clock.today) return;
    const resolveAt = clock.at(resolveOn, '15:30');
    on(resolveAt, async () => {
      if (!m.id) return;
      await act(ctx, admin, async (scope) => {
        const due = await openDueOf(scope, m.id!);
        if (!due) return;
        if (story.outcome === 'write_off') {
          await writeOffDue(
            scope,
            due.id,
            'Member left; the studio forgave the last month',
            resolveAt,
          );
          count(ctx, 'write-offs');
          if (m.membershipId) {
            await cancelMembership(
              scope,
              m.membershipId,
              membershipCancelSchema.parse({ when: 'now', reason: 'Unpaid; written off' }),
              resolveAt,
            );
            m.until = resolveOn;
          }
        } else {
          await addPaymentMethod(scope, m.id!, card(ctx, m, String(4300 + (spec.index % 90))));
          const result = await retryDue(scope, due.id, { method: 'card' }, resolveAt);
          count(ctx, result.error ? 'retries declined' : 'retries paid');
        }
      });
    });
  } else if (story.kind === 'upgrades') {
    const at = clock.at(story.day, '17:45');
    on(at, async () => {
      if (!m.id) return;
      const sold = await attempt(ctx, 'upgrades', () =>
        act(ctx, admin, async (scope) => {
          await addPaymentMethod(scope, m.id!, card(ctx, m));
          const sale = await sellMembership(
            scope,
            m.id!,
            membershipSellSchema.parse({ planId: catalog.plans.unlimited.id, method: 'card' }),
            at,
          );
          return sale.ok ? sale.membership.id : null;
        }),
      );
      if (sold) Object.assign(m, { membershipId: sold, until: null, credits: null });
    });
  } else if (story.kind === 'renews') {
    const at = clock.at(story.day, '18:05');
    on(at, async () => {
      if (!m.membershipId) return;
      const sale = await attempt(ctx, 'renewals', () =>
        act(ctx, ctx.team.frontDesk, (scope) =>
          renewMembership(
            scope,
            m.membershipId!,
            membershipRenewSchema.parse({ method: 'cash' }),
            at,
          ),
        ),
      );
      if (sale?.ok) {
        m.membershipId = sale.membership.id;
        Object.assign(m, entitlement(ctx, spec.plan, story.day));
      }
    });
  }
}
