import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { firstRow, rows } from '../db/rows.ts';
import { classSessions } from '../db/schema/schedule.ts';
import { JOB_SCHEMA } from '../jobs/job-names.ts';

/**
 * The demo's own reads and its refresh: which studio is the demo's, removing it and the demo
 * accounts no other studio has, and the queued work its history left. Nothing here writes a
 * studio's records: those come from the services (src/demo/*).
 */

/** The studio with the demo's slug and whether the demo owner owns it. */
export async function findDemoStudio(db: Db, slug: string, ownerEmail: string) {
  return firstRow(
    db,
    z.object({ id: z.string(), demoOwned: z.boolean() }),
    sql`select o.id, exists (
        select 1 from organization_users ou join users u on u.id = ou.user_id
        where ou.organization_id = o.id and ou.role = 'owner' and lower(u.email) = ${ownerEmail}
      ) as "demoOwned"
      from organizations o where o.slug = ${slug}`,
  );
}

/** The demo studio and everything it holds (every studio table cascades from it). */
export async function deleteStudio(db: Db, organizationId: string): Promise<void> {
  await db.execute(sql`delete from organizations where id = ${organizationId}`);
}

/**
 * The demo accounts that belong to no studio any more and hold no platform role: removed, so
 * the next run creates them again through sign-up and Create Staff Account. One someone made a
 * member of another studio, or a platform admin, is kept as it is.
 */
export async function deleteUnusedAccounts(db: Db, emails: readonly string[]): Promise<number> {
  const deleted = await rows(
    db,
    z.object({ id: z.string() }),
    sql`delete from users u where lower(u.email) in (${sql.join(
      emails.map((e) => sql`${e}`),
      sql`, `,
    )})
      and not exists (select 1 from organization_users ou where ou.user_id = u.id)
      and not exists (select 1 from user_roles r where r.user_id = u.id and r.role <> 'user')
      returning u.id`,
  );
  return deleted.length;
}

/** Accounts with these emails (those the refresh kept), by email. */
export async function accountsByEmail(db: Db, emails: readonly string[]) {
  return rows(
    db,
    z.object({ id: z.string(), email: z.string(), name: z.string() }),
    sql`select id, email, name from users where lower(email) in (${sql.join(
      emails.map((e) => sql`${e}`),
      sql`, `,
    )})`,
  );
}

/**
 * Jobs not yet run that name the studio: the emails and sends its history queued months ago
 * (waitlist notices, receipts of past signatures) would otherwise go out when the server starts.
 */
export async function queuedJobsOf(db: Db, organizationId: string) {
  return rows(
    db,
    z.object({ id: z.string(), name: z.string() }),
    sql`select id::text, name from ${sql.identifier(JOB_SCHEMA)}.job
      where data->>'organizationId' = ${organizationId} and state in ('created', 'retry')`,
  );
}

/** The studio's sessions starting in [from, to): what the demo's members book and attend. */
export async function sessionsBetween(tx: Tx, organizationId: string, from: Date, to: Date) {
  return tx
    .select({
      id: classSessions.id,
      classId: classSessions.classId,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      trainerUserId: classSessions.trainerUserId,
    })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.organizationId, organizationId),
        gte(classSessions.startsAt, from),
        lt(classSessions.startsAt, to),
        eq(classSessions.status, 'scheduled'),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

/** What the studio holds, by kind: printed by the demo and compared across runs by its test. */
const FIGURES: Array<[label: string, from: string, where?: string, group?: string]> = [
  ['staff', 'organization_users', undefined, 'role'],
  ['members', 'members', undefined, 'membership_status'],
  ['memberships', 'memberships', undefined, 'status'],
  ['payment methods', 'member_payment_methods'],
  ['classes', 'schedule_classes', undefined, 'kind'],
  ['sessions', 'class_sessions', undefined, 'kind'],
  ['bookings', 'bookings', undefined, 'status'],
  ['visits', 'member_visits'],
  ['ledger entries', 'ledger_entries', undefined, "kind || ' ' || status"],
  ['orders', 'orders', undefined, 'status'],
  ['stock movements', 'stock_movements', undefined, 'reason'],
  ['products', 'products'],
  ['discount codes', 'discount_codes'],
  ['tax rates', 'tax_rates'],
  ['gift cards', 'gift_cards'],
  ['pay rates', 'pay_rates'],
  ['leads', 'leads', undefined, 'status'],
  ['tags', 'tags'],
  ['audiences', 'audiences'],
  ['email templates', 'email_templates'],
  ['campaigns', 'campaigns', undefined, 'status'],
  ['campaign emails', 'campaign_recipients'],
  ['campaign opens', 'campaign_recipients', 'open_count > 0'],
  ['campaign clicks', 'campaign_recipients', 'click_count > 0'],
  ['automations', 'automations', 'is_active'],
  ['automation runs', 'automation_runs'],
  ['conversations', 'conversations'],
  ['messages', 'messages', undefined, 'direction'],
  ['tasks', 'staff_tasks'],
  ['waiver signatures', 'waiver_signatures'],
  ['portal members', 'member_sessions'],
  ['kiosks', 'kiosks'],
  ['kiosk check-ins', 'kiosk_check_ins'],
  ['api keys', 'api_keys'],
  ['webhook endpoints', 'webhook_endpoints'],
  ['push notifications', 'push_notifications'],
  ['imports', 'data_imports'],
];

export async function studioFigures(tx: Tx, organizationId: string) {
  const parts = FIGURES.map(
    ([label, from, where, group]) =>
      sql`select ${group ? sql.raw(`'${label}: ' || (${group})`) : sql`${label}`}::text as label,
        count(*)::int as n from ${sql.identifier(from)}
        where organization_id = ${organizationId}${where ? sql.raw(` and ${where}`) : sql``}
        ${group ? sql.raw(`group by ${group}`) : sql``}`,
  );
  const found = await rows(
    tx,
    z.object({ label: z.string(), n: z.number() }),
    sql`${sql.join(parts, sql` union all `)}`,
  );
  return Object.fromEntries(found.map((r) => [r.label, r.n]));
}

/**
 * What the billing run would charge in the studio on `today` (the run's own choice of
 * memberships, billing.queries.ts): periods due, and retries of failed ones due.
 */
export async function billingDue(tx: Tx, organizationId: string, today: string) {
  const found = await rows(
    tx,
    z.object({ due: z.boolean(), retry: z.boolean() }),
    sql`select
      exists (select 1 from memberships m where m.organization_id = ${organizationId}
        and m.status = 'active' and not m.cancel_at_period_end
        and m.failed_attempts = 0 and m.next_billing_date <= ${today}::date) as due,
      exists (select 1 from memberships m where m.organization_id = ${organizationId}
        and m.status = 'active' and not m.cancel_at_period_end
        and m.failed_attempts > 0 and m.next_retry_date <= ${today}::date) as retry`,
  );
  return found[0] ?? { due: false, retry: false };
}
