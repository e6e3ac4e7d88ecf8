import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';

/** The check-in's raw reads: a kiosk's failed tries, and a stored check-in's answer. */

const storedRow = z.object({
  first_name: z.string(),
  profile_photo_url: z.string().nullable(),
  session_id: z.string().nullable(),
  session_name: z.string().nullable(),
  session_starts_at: z.string().nullable(),
  duplicate: z.boolean(),
  checked_in_at: z.string(),
});

/**
 * The member, session and visit of the check-in `clientId` sent. `duplicate` is read back from
 * its visit: a visit made by this check-in was created in its transaction, at the row's
 * `received_at` (both `now()`); an earlier one (the scan a minute before) was created before.
 */
export function storedCheckIn(db: Db | Tx, organizationId: string, clientId: string) {
  return firstRow(
    db,
    storedRow,
    sql`select m.first_name, m.profile_photo_url, s.id as session_id, s.name as session_name,
        to_json(s.starts_at) #>> '{}' as session_starts_at,
        coalesce(v.created_at < k.received_at, false) as duplicate,
        to_json(k.checked_in_at) #>> '{}' as checked_in_at
      from kiosk_check_ins k
      join members m on m.organization_id = k.organization_id and m.id = k.member_id
      left join class_sessions s on s.organization_id = k.organization_id and s.id = k.session_id
        and k.booking_id is not null
      left join member_visits v on v.organization_id = k.organization_id and v.id = k.visit_id
      where k.organization_id = ${organizationId} and k.client_id = ${clientId}`,
  );
}

const triesRow = z.object({ failed_tries: z.number(), window_open: z.boolean() });

/** The kiosk's failed identifications in its current window (0 when the window ran out). */
export async function failedTries(
  db: Db | Tx,
  organizationId: string,
  kioskId: string,
  windowMinutes: number,
): Promise<number> {
  const row = await firstRow(
    db,
    triesRow,
    sql`select failed_tries, coalesce(failed_window_started_at > now() - make_interval(mins => ${windowMinutes}), false) as window_open
      from kiosks where organization_id = ${organizationId} and id = ${kioskId}`,
  );
  return row?.window_open ? row.failed_tries : 0;
}
