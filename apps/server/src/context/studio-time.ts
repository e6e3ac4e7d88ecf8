import { assertTimeZone, localDateOf } from '@fitbase/domain/recurrence';
import type { Db, Tx } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { organizationTimeZone } from './studio-time.queries.ts';

/**
 * The studio's clock, for every module: its IANA time zone and the calendar day it is there.
 * A day boundary falls where the studio sees it, whatever the server's own zone.
 */

/** The organization's IANA time zone (404 when there is no such organization). */
export async function getOrganizationTimeZone(
  tx: Db | Tx,
  organizationId: string,
): Promise<string> {
  const timeZone = await organizationTimeZone(tx, organizationId);
  if (!timeZone) throw notFound('Organization');
  return checkedTimeZone(timeZone);
}

/** A studio's time zone read with other figures: 422 when it is not a known IANA zone. */
export function checkedTimeZone(timeZone: string): string {
  try {
    assertTimeZone(timeZone);
  } catch {
    throw new AppError('validation_error', 'Unknown time zone', { timezone: 'Unknown time zone' });
  }
  return timeZone;
}

/** Today in the studio ('YYYY-MM-DD' in its time zone) at `now`. */
export async function studioToday(
  tx: Db | Tx,
  organizationId: string,
  now: Date = new Date(),
): Promise<string> {
  return localDateOf(now, await getOrganizationTimeZone(tx, organizationId));
}
