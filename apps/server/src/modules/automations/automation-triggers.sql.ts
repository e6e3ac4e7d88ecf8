import type { AutomationTrigger } from '@fitbase/domain/connect-constants';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { NewRun } from './automations.queries.ts';
import { z } from 'zod';
import { firstRow, rows } from '../../db/rows.ts';

/**
 * The trigger finders of the automation engine (docs/product/connect-and-messaging.md#automations).
 * They read other areas' tables (members, member_visits, memberships and plans, bookings, leads)
 * directly and only read: the engine observes what happened there after an automation was
 * switched on; it changes nothing in those areas, and they need not know automations exist.
 * Each finder returns the occurrences that have no run yet; the insert's unique key still makes
 * a second process finding the same occurrence harmless.
 */

export interface TriggerWindow {
  automationId: string;
  /** N of the triggers that take days. */
  days: number;
  /** Occurrences at instants after this one start runs (the activation). */
  activatedAt: Date;
  now: Date;
  /** Calendar days in the studio's time zone, for the date triggers. */
  activationDate: string;
  today: string;
  /** Midnight starting each of those days in the studio's zone (see `noVisit`). */
  dayStart: (date: string) => Date;
}

const occurrenceRow = z.object({
  member_id: z.string().nullable(),
  lead_id: z.string().nullable(),
  occurrence_key: z.string(),
});

const iso = (d: Date) => d.toISOString();

/** No run of this automation yet for the occurrence key `key` (an SQL expression). */
const noRunYet = (organizationId: string, automationId: string, key: SQL) => sql`not exists (
  select 1 from automation_runs r
  where r.organization_id = ${organizationId} and r.automation_id = ${automationId}
    and r.occurrence_key = ${key})`;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function finder(
  organizationId: string,
  w: TriggerWindow,
): Record<AutomationTrigger, () => SQL | SQL[]> {
  const after = iso(w.activatedAt);
  const now = iso(w.now);
  const runs = (key: SQL) => noRunYet(organizationId, w.automationId, key);
  // Date triggers: the occurrence day (e.g. the end date minus N) from the activation day to today.
  const dueFrom = addDays(w.activationDate, w.days);
  const dueTo = addDays(w.today, w.days);
  return {
    member_joined: () => sql`
      select m.id as member_id, null as lead_id, 'member_joined:' || m.id as occurrence_key
      from members m
      where m.organization_id = ${organizationId}
        and m.created_at > ${after}::timestamptz and m.created_at <= ${now}::timestamptz
        and ${runs(sql`'member_joined:' || m.id`)}`,
    first_visit: () => sql`
      select distinct v.member_id, null as lead_id, 'first_visit:' || v.member_id as occurrence_key
      from member_visits v
      where v.organization_id = ${organizationId}
        and v.visit_date > ${after}::timestamptz and v.visit_date <= ${now}::timestamptz
        and not exists (select 1 from member_visits e
          where e.organization_id = v.organization_id and e.member_id = v.member_id
            and e.visit_date < v.visit_date)
        and ${runs(sql`'first_visit:' || v.member_id`)}`,
    // The last visit fell on a day D with D + N from the activation day to today, and no visit
    // came after it. Visits are filtered by instants (the zone's midnights) so the index serves.
    no_visit_days: () => {
      const from = iso(w.dayStart(addDays(w.activationDate, -w.days)));
      const until = iso(w.dayStart(addDays(w.today, -w.days + 1)));
      const last = sql`to_char(max(v.visit_date) at time zone o.timezone, 'YYYY-MM-DD')`;
      return sql`
        select v.member_id, null as lead_id,
          'no_visit:' || v.member_id || ':' || ${last} as occurrence_key
        from member_visits v
        join organizations o on o.id = v.organization_id
        where v.organization_id = ${organizationId}
          and v.visit_date >= ${from}::timestamptz and v.visit_date < ${until}::timestamptz
          and not exists (select 1 from member_visits l
            where l.organization_id = v.organization_id and l.member_id = v.member_id
              and l.visit_date >= ${until}::timestamptz)
        group by v.member_id, o.timezone
        having ${runs(sql`'no_visit:' || v.member_id || ':' || ${last}`)}`;
    },
    membership_expiring_days: () => sql`
      select ms.member_id, null as lead_id,
        'expiring:' || ms.id || ':' || ms.end_date as occurrence_key
      from memberships ms
      join plans p on p.organization_id = ms.organization_id and p.id = ms.plan_id
      where ms.organization_id = ${organizationId} and ms.status = 'active' and p.kind <> 'trial'
        and ms.end_date between ${dueFrom}::date and ${dueTo}::date
        and ms.end_date >= ${w.today}::date
        and ${runs(sql`'expiring:' || ms.id || ':' || ms.end_date`)}`,
    membership_cancelled: () => sql`
      select ms.member_id, null as lead_id, 'cancelled:' || ms.id as occurrence_key
      from memberships ms
      where ms.organization_id = ${organizationId}
        and ms.cancelled_at > ${after}::timestamptz and ms.cancelled_at <= ${now}::timestamptz
        and ${runs(sql`'cancelled:' || ms.id`)}`,
    birthday: () => {
      if (w.today < w.activationDate) return [];
      const monthDay = w.today.slice(5);
      const year = w.today.slice(0, 4);
      const leap = Number(year) % 4 === 0 && (Number(year) % 100 !== 0 || Number(year) % 400 === 0);
      // A 29 February birthday is kept on the 28th in other years.
      const days = monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay];
      return sql`
        select m.id as member_id, null as lead_id,
          'birthday:' || m.id || ':' || ${year} as occurrence_key
        from members m
        where m.organization_id = ${organizationId} and m.date_of_birth is not null
          and to_char(m.date_of_birth, 'MM-DD') in (${sql.join(
            days.map((d) => sql`${d}`),
            sql`, `,
          )})
          and ${runs(sql`'birthday:' || m.id || ':' || ${year}`)}`;
    },
    trial_ending: () => [
      sql`
      select ms.member_id, null as lead_id,
        'trial_ending:' || ms.id || ':' || ms.end_date as occurrence_key
      from memberships ms
      join plans p on p.organization_id = ms.organization_id and p.id = ms.plan_id
      where ms.organization_id = ${organizationId} and ms.status = 'active' and p.kind = 'trial'
        and ms.end_date between ${dueFrom}::date and ${dueTo}::date
        and ms.end_date >= ${w.today}::date
        and ${runs(sql`'trial_ending:' || ms.id || ':' || ms.end_date`)}`,
      sql`
      select null as member_id, l.id as lead_id,
        'trial_ending:' || l.id || ':' || l.trial_ends_on as occurrence_key
      from leads l
      where l.organization_id = ${organizationId} and l.status = 'trial'
        and l.trial_ends_on between ${dueFrom}::date and ${dueTo}::date
        and l.trial_ends_on >= ${w.today}::date
        and ${runs(sql`'trial_ending:' || l.id || ':' || l.trial_ends_on`)}`,
    ],
    lead_created: () => sql`
      select null as member_id, l.id as lead_id, 'lead_created:' || l.id as occurrence_key
      from leads l
      where l.organization_id = ${organizationId}
        and l.created_at > ${after}::timestamptz and l.created_at <= ${now}::timestamptz
        and ${runs(sql`'lead_created:' || l.id`)}`,
    // A place taken: booked directly, or promoted from the waitlist (then, at the promotion).
    class_booked: () => sql`
      select b.member_id, null as lead_id, 'class_booked:' || b.id as occurrence_key
      from bookings b
      where b.organization_id = ${organizationId}
        and b.status in ('booked', 'attended', 'no_show')
        and coalesce(b.promoted_at, b.created_at) > ${after}::timestamptz
        and coalesce(b.promoted_at, b.created_at) <= ${now}::timestamptz
        and ${runs(sql`'class_booked:' || b.id`)}`,
    first_class_attended: () => sql`
      select distinct b.member_id, null as lead_id, 'first_class:' || b.member_id as occurrence_key
      from bookings b
      where b.organization_id = ${organizationId} and b.status = 'attended'
        and b.checked_in_at > ${after}::timestamptz and b.checked_in_at <= ${now}::timestamptz
        and not exists (select 1 from bookings e
          where e.organization_id = b.organization_id and e.member_id = b.member_id
            and e.status = 'attended' and e.checked_in_at < b.checked_in_at)
        and ${runs(sql`'first_class:' || b.member_id`)}`,
  };
}

/** The occurrences of `trigger` in the window that have no run of this automation yet. */
export async function findOccurrences(
  tx: Db | Tx,
  organizationId: string,
  trigger: AutomationTrigger,
  window: TriggerWindow,
): Promise<Omit<NewRun, 'automationId'>[]> {
  const made = finder(organizationId, window)[trigger]();
  const statements = Array.isArray(made) ? made : [made];
  const found: Omit<NewRun, 'automationId'>[] = [];
  for (const statement of statements) {
    for (const row of await rows(tx, occurrenceRow, statement))
      found.push({
        memberId: row.member_id,
        leadId: row.lead_id,
        occurrenceKey: row.occurrence_key,
      });
  }
  return found;
}

/** What a step needs of the member it acts on (read-only, like the finders). */
export async function memberContact(tx: Db | Tx, organizationId: string, memberId: string) {
  const row = await firstRow(
    tx,
    z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      // null: a household member without one; marketing never goes to their payer instead.
      email: z.string().nullable(),
      marketing_consent: z.boolean(),
      unsubscribed_at: z.unknown(),
    }),
    sql`select id, first_name, last_name, email, marketing_consent, unsubscribed_at
      from members where organization_id = ${organizationId} and id = ${memberId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    marketingConsent: row.marketing_consent,
    unsubscribed: row.unsubscribed_at !== null,
  };
}

/** The name of the lead a run is about (notify-staff titles). */
export async function leadName(tx: Db | Tx, organizationId: string, leadId: string) {
  const row = await firstRow(
    tx,
    z.object({ first_name: z.string(), last_name: z.string() }),
    sql`select first_name, last_name from leads
      where organization_id = ${organizationId} and id = ${leadId}`,
  );
  return row ? { firstName: row.first_name, lastName: row.last_name } : null;
}
