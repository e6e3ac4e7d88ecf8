import { EXTRA_CARD_FIGURES, type ExtraCardId, UNSET_TIME_ZONES } from '@fitbase/domain/home-cards';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { products } from '../../db/schema/money.ts';
import { expiringMembershipsSql, failedPaymentsWhereSql } from '../reports/reports.service.ts';
import { isLowStock } from '../store/products.service.ts';
import { scheduledSql } from './dashboard-home.sql.ts';
import type { Span } from './dashboard.queries.ts';

/**
 * The home's chosen cards (docs/product/dashboards.md#cards-you-choose) in ONE statement beside
 * the home's own (dashboard-home.sql.ts): the person's stored cards, each extra figure only
 * when its card is among them (a scalar subquery under CASE is an init plan PostgreSQL runs
 * only when the branch is taken), and the studio's setup steps. Each
 * figure is the screen's or report's own definition, imported where it is shared:
 * - New Members: the members directory's New This Month (members.queries.ts memberSummary);
 * - Check-ins Today: the plan dashboards' Active Today (dashboard-summary.sql.ts);
 * - Failed Payments: the Failed payments report's rows for this month (revenue-reports.sql.ts);
 * - Expiring Memberships: the Expiring members report's rows for this month (membership-lists.sql.ts);
 * - Low Stock: the store summary's (products.queries.ts isLowStock, active products);
 * - Upcoming Classes: scheduled sessions as the home counts them (dashboard-home.sql.ts).
 */

export interface CardsAsk {
  userId: string;
  /** The default cards, when the person has none stored. */
  defaults: readonly string[];
  /** This calendar month in the studio's time zone: local days and their instants. */
  month: Span & { from: string; to: string };
  now: Date;
  /** The end of today (the next local midnight). */
  todayEnd: Date;
}

const cardsRow = z.object({
  time_zone: z.string().nullable(),
  cards: z.array(z.string()).nullable(),
  newMembers: z.number().nullable(),
  checkInsToday: z.number().nullable(),
  failedPayments: z.number().nullable(),
  expiringMemberships: z.number().nullable(),
  leadsThisMonth: z.number().nullable(),
  upcomingClasses: z.number().nullable(),
  lowStock: z.number().nullable(),
  unreadMessages: z.number().nullable(),
  setup: z
    .object({
      timeZone: z.boolean(),
      currency: z.boolean(),
      logo: z.boolean(),
      firstClass: z.boolean(),
    })
    .nullable(),
});
export type CardsRow = z.infer<typeof cardsRow>;

/** The ids as one text parameter: a JS array in sql`` would become a list of parameters. */
const idList = (ids: Iterable<string>) => sql`string_to_array(${[...ids].join(',')}, ',')`;

/** Prepared once per connection, as the home's statement is: planning it costs more than running it. */
export async function cardFigures(work: UnitOfWork, organizationId: string, ask: CardsAsk) {
  const org = organizationId;
  // No parameter decides which branch runs, only the stored cards: a custom plan could fold a
  // known branch away and look cheaper than the generic one, and PostgreSQL would then plan
  // the statement again on every request. Who may see a figure is applied to the answer
  // (dashboard-cards.service.ts); the setup steps are read for everyone and shown to some.
  const chosen = (id: ExtraCardId, figure: SQL) => sql`case
      when ${id}::text = any(coalesce((select cards from layout), ${idList(ask.defaults)}))
      then ${figure} end as ${sql.identifier(EXTRA_CARD_FIGURES[id])}`;
  const [row] = await work.prepared(
    'dashboard_home_cards',
    sql`with layout as materialized (
        select l.cards from home_dashboard_layouts l
        where l.organization_id = ${org} and l.user_id = ${ask.userId})
      select
      (select o.timezone from organizations o where o.id = ${org}) as time_zone,
      (select cards from layout) as cards,
      ${chosen(
        'new-members',
        sql`(select count(*)::int from members m where m.organization_id = ${org}
          and m.created_at > now() - interval '1 month')`,
      )},
      ${chosen(
        'check-ins-today',
        // Since the start of today in organizations.timezone, by PostgreSQL's clock.
        sql`(select count(*)::int from member_visits v where v.organization_id = ${org}
          and v.visit_date >= (select date_trunc('day', now() at time zone o.timezone) at time zone o.timezone
            from organizations o where o.id = ${org}))`,
      )},
      ${chosen(
        'failed-payments',
        sql`(select count(*)::int from ledger_entries le
          where ${failedPaymentsWhereSql({ organizationId: org, ...ask.month })})`,
      )},
      ${chosen(
        'expiring-memberships',
        sql`(select count(*)::int from (${expiringMembershipsSql({ organizationId: org, from: ask.month.from, to: ask.month.to })}) e)`,
      )},
      ${chosen(
        'leads-this-month',
        sql`(select count(*)::int from leads l where l.organization_id = ${org}
          and l.created_at >= ${ask.month.start.toISOString()}::timestamptz
          and l.created_at < ${ask.month.end.toISOString()}::timestamptz)`,
      )},
      ${chosen(
        'upcoming-classes',
        sql`(select count(*)::int from class_sessions s
          where ${scheduledSql(org, { start: ask.now, end: ask.todayEnd })})`,
      )},
      ${chosen(
        'low-stock',
        sql`(select count(*)::int from ${products} where ${products.organizationId} = ${org}
          and ${products.isActive} and ${isLowStock})`,
      )},
      ${chosen(
        'unread-messages',
        sql`(select coalesce(sum(c.unread_count), 0)::int from conversations c
          where c.organization_id = ${org} and c.unread_count > 0)`,
      )},
      (select json_build_object(
          'timeZone', o.timezone <> all(${idList(UNSET_TIME_ZONES)}),
          -- Chosen, or fixed by a first sale (ADR 0038): either way no longer a question.
          'currency', o.currency_chosen_at is not null
            or exists (select 1 from ledger_entries le where le.organization_id = o.id),
          'logo', o.logo_hash is not null,
          'firstClass', exists (select 1 from schedule_classes c where c.organization_id = o.id))
        from organizations o where o.id = ${org}) as setup`,
  );
  return cardsRow.parse(row);
}
