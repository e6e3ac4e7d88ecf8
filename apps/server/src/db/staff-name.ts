import { sql, type SQL } from 'drizzle-orm';
import { users } from './schema/auth.ts';
import { organizationUsers } from './schema/organizations.ts';

/**
 * The name a studio shows for one of its people (a trainer on the schedule, the trainer list,
 * bookings): the studio's display name for them, else their account's name. The query must
 * have `organization_users` and `users` of that person in its FROM; with left joins the name
 * may be null (`staffDisplayName<string | null>()`).
 */
export function staffDisplayName<T extends string | null = string>(): SQL<T> {
  return sql<T>`coalesce(nullif(trim(${organizationUsers.displayName}), ''), ${users.name})`;
}
