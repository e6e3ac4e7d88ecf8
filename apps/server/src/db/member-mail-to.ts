import { sql, type SQL } from 'drizzle-orm';

/**
 * Where a service message about a member goes (a receipt, a reminder, a waitlist place, a failed
 * payment): their own email, else their household payer's. Only a household member who is not its
 * payer may have no email (docs/product/members.md#households); the payer books and pays for them,
 * so the payer hears about it. Null only if neither has one. Never use it for marketing: a child's
 * marketing is not sent to the payer, it is skipped.
 *
 * `members` is the name the query gives the members table in its FROM; the columns are written
 * qualified (a one-table select would otherwise leave them bare, ambiguous in the subquery).
 */
export function memberMailTo(members = 'members'): SQL<string | null> {
  const m = sql.identifier(members);
  return sql<string | null>`coalesce(${m}.email, (
    select payer.email
      from household_members hm
      join households h on h.organization_id = hm.organization_id and h.id = hm.household_id
      join members payer
        on payer.organization_id = h.organization_id and payer.id = h.payer_member_id
     where hm.organization_id = ${m}.organization_id and hm.member_id = ${m}.id))`;
}
