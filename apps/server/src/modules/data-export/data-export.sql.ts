import type { ExportFileName } from '@fitbase/domain/export-dictionary';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { z } from 'zod';
import { firstRow, rows } from '../../db/rows.ts';

/**
 * One page of each export file, read in keyset order of the table's id (the (organization_id, id)
 * unique index) so every page costs the same however deep into a million rows it is. Every
 * value comes back as text already in the export's format, under the dictionary's column name:
 * money as PostgreSQL's exact numeric text, dates YYYY-MM-DD, instants ISO 8601 in UTC.
 * `_key` is the keyset position (not exported).
 */

export type ExportRow = Record<string, string | null> & { _key: string };

// Every exported value is text already (or null); the keyset position is the row's id.
const exportRow = z.record(z.string(), z.string().nullable()).and(z.object({ _key: z.string() }));

const at = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const bool = (column: SQL) => sql`case when ${column} then 'true' else 'false' end`;

/**
 * `member` narrows a file to one member's rows (`Download my data` in the portal); null is the
 * whole studio. Files without member rows ignore it: the member export never asks for them.
 */
type PageQuery = (
  organizationId: string,
  after: string,
  limit: number,
  member: string | null,
) => SQL;

/** `and <column> = member` for a member's own export, nothing for the studio's. */
const ofMember = (column: SQL, member: string | null) =>
  member === null ? sql`` : sql` and ${column} = ${member}::uuid`;

// An id sorts after the empty cursor: keyset pages start from the nil UUID.
export const FIRST_KEY = '00000000-0000-0000-0000-000000000000';

const PAGES: Record<ExportFileName, PageQuery> = {
  'members.csv': (org, after, limit, member) => sql`
    select m.id as _key, m.id::text as id, m.first_name, m.last_name, m.email, m.phone,
      m.date_of_birth::text as date_of_birth, m.gender, m.address_line_1, m.address_line_2,
      m.city, m.state, m.postal_code, m.country, m.emergency_contact_name,
      m.emergency_contact_phone, m.emergency_contact_relationship, m.membership_type,
      m.membership_status, m.membership_start_date::text as membership_start_date,
      m.membership_end_date::text as membership_end_date, m.referral_source, m.fitness_goals,
      m.experience_level, m.medical_conditions, m.allergies, m.notes,
      ${bool(sql`m.marketing_consent`)} as marketing_consent,
      ${at(sql`m.unsubscribed_at`)} as unsubscribed_at, ${at(sql`m.created_at`)} as created_at
    from members m
    where m.organization_id = ${org} and m.id > ${after}::uuid${ofMember(sql`m.id`, member)}
    order by m.id limit ${limit}`,
  'memberships.csv': (org, after, limit, member) => sql`
    select ms.id as _key, ms.id::text as id, ms.member_id::text as member_id,
      m.email as member_email, p.name as plan_name, ms.status, ms.price as price,
      ms.start_date::text as start_date, ms.end_date::text as end_date,
      ms.next_billing_date::text as next_billing_date,
      ms.credits_remaining::text as credits_remaining,
      ${bool(sql`ms.cancel_at_period_end`)} as cancel_at_period_end,
      ${at(sql`ms.cancelled_at`)} as cancelled_at, ${at(sql`ms.created_at`)} as created_at
    from memberships ms
    join members m on m.organization_id = ms.organization_id and m.id = ms.member_id
    join plans p on p.organization_id = ms.organization_id and p.id = ms.plan_id
    where ms.organization_id = ${org} and ms.id > ${after}::uuid${ofMember(sql`ms.member_id`, member)}
    order by ms.id limit ${limit}`,
  'payments.csv': (org, after, limit, member) => sql`
    select l.id as _key, l.id::text as id, ${at(sql`l.occurred_at`)} as occurred_at, l.kind,
      l.purpose, l.status, l.amount as amount, l.description,
      l.member_id::text as member_id, m.email as member_email,
      l.membership_id::text as membership_id, l.order_id::text as order_id,
      l.booking_id::text as booking_id, l.corrects_id::text as corrects_id, l.method,
      pm.card_brand, pm.card_last_four,
      case when pm.id is null then null
        else lpad(pm.card_exp_month::text, 2, '0') || '/' || pm.card_exp_year::text end
        as card_expiry,
      l.provider_reference, l.failure_message, l.reason,
      case r.kind when 'receipt' then 'R-' when 'credit_note' then 'CN-' end
        || lpad(r.number::text, 6, '0') as receipt_number
    from ledger_entries l
    left join members m on m.organization_id = l.organization_id and m.id = l.member_id
    left join member_payment_methods pm
      on pm.organization_id = l.organization_id and pm.id = l.payment_method_id
    left join receipts r on r.organization_id = l.organization_id and r.ledger_entry_id = l.id
    where l.organization_id = ${org} and l.id > ${after}::uuid${ofMember(sql`l.member_id`, member)}
    order by l.id limit ${limit}`,
  'bookings.csv': (org, after, limit, member) => sql`
    select b.id as _key, b.id::text as id, b.member_id::text as member_id,
      m.email as member_email, s.name as class_name, ${at(sql`b.starts_at`)} as starts_at,
      ${at(sql`b.ends_at`)} as ends_at, b.status, ${at(sql`b.checked_in_at`)} as checked_in_at,
      ${at(sql`b.cancelled_at`)} as cancelled_at, ${bool(sql`b.credit_used`)} as credit_used,
      ${at(sql`b.created_at`)} as created_at
    from bookings b
    join members m on m.organization_id = b.organization_id and m.id = b.member_id
    join class_sessions s on s.organization_id = b.organization_id and s.id = b.session_id
    where b.organization_id = ${org} and b.id > ${after}::uuid${ofMember(sql`b.member_id`, member)}
    order by b.id limit ${limit}`,
  'visits.csv': (org, after, limit, member) => sql`
    select v.id as _key, v.id::text as id, v.member_id::text as member_id,
      m.email as member_email, ${at(sql`v.visit_date`)} as visit_date, v.visit_type
    from member_visits v
    join members m on m.organization_id = v.organization_id and m.id = v.member_id
    where v.organization_id = ${org} and v.id > ${after}::uuid${ofMember(sql`v.member_id`, member)}
    order by v.id limit ${limit}`,
  'products.csv': (org, after, limit) => sql`
    select p.id as _key, p.id::text as id, p.name, p.sku, p.category, p.price as price,
      p.cost as cost, p.stock_on_hand::text as stock_on_hand,
      p.low_stock_threshold::text as low_stock_threshold, ${bool(sql`p.is_active`)} as is_active,
      ${at(sql`p.created_at`)} as created_at
    from products p
    where p.organization_id = ${org} and p.id > ${after}::uuid
    order by p.id limit ${limit}`,
  'orders.csv': (org, after, limit, member) => sql`
    select o.id as _key, o.id::text as id, o.number::text as number,
      o.member_id::text as member_id, o.customer_name, o.status,
      o.subtotal as subtotal, o.discount_total as discount_total,
      o.total as total, o.refunded_total as refunded_total, o.method,
      (select string_agg(ol.quantity::text || ' x ' || ol.product_name, '; ' order by ol.id)
        from order_lines ol
        where ol.organization_id = o.organization_id and ol.order_id = o.id) as items,
      ${at(sql`o.created_at`)} as created_at
    from orders o
    where o.organization_id = ${org} and o.id > ${after}::uuid${ofMember(sql`o.member_id`, member)}
    order by o.id limit ${limit}`,
  'leads.csv': (org, after, limit) => sql`
    select l.id as _key, l.id::text as id, l.first_name, l.last_name, l.email, l.phone,
      s.name as source, l.status, l.trial_ends_on::text as trial_ends_on, l.notes,
      l.member_id::text as member_id, ${at(sql`l.created_at`)} as created_at
    from leads l
    left join lead_sources s on s.organization_id = l.organization_id and s.id = l.source_id
    where l.organization_id = ${org} and l.id > ${after}::uuid
    order by l.id limit ${limit}`,
  'tags.csv': (org, after, limit) => sql`
    select t.id as _key, t.id::text as id, t.name, t.description, t.color,
      (select string_agg(m.email, '; ' order by m.email)
        from member_tags mt
        join members m on m.organization_id = mt.organization_id and m.id = mt.member_id
        where mt.organization_id = t.organization_id and mt.tag_id = t.id) as member_emails,
      (select string_agg(lt.lead_id::text, '; ' order by lt.lead_id)
        from lead_tags lt
        where lt.organization_id = t.organization_id and lt.tag_id = t.id) as lead_ids,
      ${at(sql`t.created_at`)} as created_at
    from tags t
    where t.organization_id = ${org} and t.id > ${after}::uuid
    order by t.id limit ${limit}`,
  'staff.csv': (org, after, limit) => sql`
    select ou.id as _key, ou.user_id as user_id,
      coalesce(nullif(trim(ou.display_name), ''), u.name) as name, u.email, ou.role,
      ou.department, ${at(sql`ou.joined_at`)} as joined_at
    from organization_users ou
    join users u on u.id = ou.user_id
    where ou.organization_id = ${org} and ou.id > ${after}::uuid
    order by ou.id limit ${limit}`,
  'campaigns.csv': (org, after, limit) => sql`
    select c.id as _key, c.id::text as id, c.name, c.subject, c.status,
      ${at(sql`c.scheduled_at`)} as scheduled_at, ${at(sql`c.sent_at`)} as sent_at,
      c.recipient_count::text as recipient_count, c.sent_count::text as sent_count,
      c.failed_count::text as failed_count, c.opened_count::text as opened_count,
      c.clicked_count::text as clicked_count, c.unsubscribed_count::text as unsubscribed_count,
      c.content, ${at(sql`c.created_at`)} as created_at
    from campaigns c
    where c.organization_id = ${org} and c.id > ${after}::uuid and c.deleted_at is null
    order by c.id limit ${limit}`,
};

/** The SQL of one page, for a caller that streams its rows rather than collect them. */
export function exportPageQuery(
  file: ExportFileName,
  organizationId: string,
  after: string,
  limit: number,
  member: string | null = null,
): SQL {
  return PAGES[file](organizationId, after, limit, member);
}

export async function selectExportPage(
  tx: Db | Tx,
  file: ExportFileName,
  organizationId: string,
  after: string,
  limit: number,
  member: string | null = null,
): Promise<ExportRow[]> {
  return rows(tx, exportRow, exportPageQuery(file, organizationId, after, limit, member));
}

/** The member's email, for the manifest of their own export (undefined: no such member). */
export function selectMemberEmail(tx: Db | Tx, organizationId: string, memberId: string) {
  return firstRow(
    tx,
    z.object({ email: z.string().nullable() }),
    sql`select email from members where organization_id = ${organizationId} and id = ${memberId}`,
  );
}

/** The studio's name and slug, for the file name and the manifest. */
export async function selectStudio(tx: Db | Tx, organizationId: string) {
  return firstRow(
    tx,
    z.object({ name: z.string(), slug: z.string() }),
    sql`select name, slug from organizations where id = ${organizationId}`,
  );
}

/** The person's role in the studio now (a signed link stops working when they stop being owner). */
export async function selectRole(db: Db | Tx, organizationId: string, userId: string) {
  const row = await firstRow(
    db,
    z.object({ role: z.string() }),
    sql`select role from organization_users
      where organization_id = ${organizationId} and user_id = ${userId}`,
  );
  return row?.role ?? null;
}

/** Where the emailed link goes. */
export async function selectUserContact(db: Db | Tx, userId: string) {
  return firstRow(
    db,
    z.object({ name: z.string(), email: z.string() }),
    sql`select name, email from users where id = ${userId}`,
  );
}
