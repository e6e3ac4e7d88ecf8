import type { HomeCards, HomeCardsInput } from '@fitbase/domain/contracts/home-cards';
import {
  DEFAULT_HOME_CARDS,
  EXTRA_CARD_FIGURES,
  type ExtraCardId,
  homeCard,
  homeCardsFor,
  STUDIO_SETUP_STEPS,
  visibleHomeCards,
} from '@fitbase/domain/home-cards';
import { can } from '@fitbase/domain/permissions';
import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { resolvePeriod } from '@fitbase/domain/report-rules';
import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';
import { checkedTimeZone, getOrganizationTimeZone } from '../../context/studio-time.ts';
import type { StudioScope } from '../../http/types.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { cardFigures, type CardsAsk, type CardsRow } from './dashboard-cards.sql.ts';
import { deleteLayout, upsertLayout } from './dashboard-cards.queries.ts';

type Scope = Pick<StudioScope, 'organizationId' | 'role' | 'userId' | 'db' | 'work'>;

/**
 * The time zone each studio's cards were last computed in, by this process: a hint that saves
 * a round trip (the statement reads the zone too, and a changed zone is computed again), as the
 * home's own figures do (dashboard-home.service.ts).
 */
const zoneSeen = new Map<string, string>();
const ZONES_KEPT = 10_000;

/** This calendar month as the reports resolve it (reports.service.ts), and the end of today. */
function spansIn(timeZone: string, now: Date) {
  const today = localDateOf(now, timeZone);
  // Only the month's days are read here, never its name.
  const month = resolvePeriod({ period: 'month', anchor: today, locale: DEFAULT_LOCALE });
  if ('error' in month) throw new Error(month.error);
  return {
    month: {
      from: month.from,
      to: month.to,
      start: zonedInstant(month.from, '00:00', timeZone),
      end: zonedInstant(addDays(month.to, 1), '00:00', timeZone),
    },
    todayEnd: zonedInstant(addDays(today, 1), '00:00', timeZone),
  };
}

async function readCards(scope: Scope, now: Date): Promise<CardsRow> {
  const ask = (timeZone: string): CardsAsk => ({
    userId: scope.userId,
    defaults: DEFAULT_HOME_CARDS,
    now,
    ...spansIn(timeZone, now),
  });
  const seen = zoneSeen.get(scope.organizationId);
  let timeZone = seen ?? (await getOrganizationTimeZone(scope.db, scope.organizationId));
  let row = await cardFigures(scope.work, scope.organizationId, ask(timeZone));
  if (row.time_zone !== timeZone) {
    if (row.time_zone === null) throw notFound('Organization');
    timeZone = checkedTimeZone(row.time_zone);
    row = await cardFigures(scope.work, scope.organizationId, ask(timeZone));
  }
  if (zoneSeen.size >= ZONES_KEPT) zoneSeen.clear();
  zoneSeen.set(scope.organizationId, timeZone);
  return row;
}

function shape(scope: Scope, row: CardsRow): HomeCards {
  const cards = visibleHomeCards(row.cards, scope.role);
  const shown = new Set<string>(cards);
  // A card stored before a role change that the role may no longer see: computed, never sent.
  const figure = (id: ExtraCardId) => (shown.has(id) ? row[EXTRA_CARD_FIGURES[id]] : null);
  // The checklist is for those who can do its steps (owners, admins), until every step is done.
  const setup =
    row.setup &&
    can(scope.role, 'organization.settings') &&
    !STUDIO_SETUP_STEPS.every((step) => row.setup![step])
      ? row.setup
      : null;
  return {
    cards,
    customized: row.cards !== null,
    figures: {
      newMembers: figure('new-members'),
      checkInsToday: figure('check-ins-today'),
      failedPayments: figure('failed-payments'),
      expiringMemberships: figure('expiring-memberships'),
      leadsThisMonth: figure('leads-this-month'),
      upcomingClasses: figure('upcoming-classes'),
      lowStock: figure('low-stock'),
      unreadMessages: figure('unread-messages'),
    },
    setup,
  };
}

/**
 * GET /api/dashboard/home/cards (docs/product/dashboards.md#cards-you-choose): the person's
 * cards, the figures of the chosen ones the home does not carry, and the setup checklist.
 */
export async function getHomeCards(scope: Scope, now: Date = new Date()): Promise<HomeCards> {
  return shape(scope, await readCards(scope, now));
}

/** PUT: the person's cards in order; a card their role may not see is refused. */
export async function saveHomeCards(scope: Scope, input: HomeCardsInput): Promise<HomeCards> {
  const allowed = new Set(homeCardsFor(scope.role).map((c) => c.id));
  const refused = input.cards.find((id) => !allowed.has(id));
  if (refused)
    throw forbidden(`Your role cannot show ${homeCard(refused).title} on its dashboard.`);
  await upsertLayout(scope.db, scope.organizationId, scope.userId, input.cards);
  return getHomeCards(scope);
}

/** DELETE: back to the default cards. */
export async function resetHomeCards(scope: Scope): Promise<HomeCards> {
  await deleteLayout(scope.db, scope.organizationId, scope.userId);
  return getHomeCards(scope);
}
