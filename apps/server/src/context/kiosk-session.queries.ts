import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { firstRow } from '../db/rows.ts';

export const kioskContextRow = z.object({
  organization_id: z.string(),
  kiosk_id: z.string(),
  kiosk_name: z.string(),
  revoked_at: z.coerce.date().nullable(),
  last_seen_at: z.coerce.date().nullable(),
  name: z.string(),
  logo_hash: z.string().nullable(),
  logo_url: z.string().nullable(),
  primary_color: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  locale: z.string(),
});
export type KioskContextRow = z.output<typeof kioskContextRow>;

/**
 * The kiosk a device token's hash names, and its studio: one round trip, as the connecting role
 * (a device is identified before any studio's row-level-security scope is set).
 */
export function findKioskContext(db: Db, tokenHash: string) {
  return firstRow(
    db,
    kioskContextRow,
    sql`select k.organization_id, k.id as kiosk_id, k.name as kiosk_name, k.revoked_at,
        k.last_seen_at, o.name, o.logo_hash, o.logo_url, o.primary_color, o.timezone,
        o.currency, o.locale
      from kiosks k join organizations o on o.id = k.organization_id
      where k.token_hash = ${tokenHash}`,
  );
}

/** "Last seen" in Settings › Kiosks, written at most once a minute per device. */
export async function touchKiosk(tx: Tx, organizationId: string, kioskId: string) {
  await tx.execute(
    sql`update kiosks set last_seen_at = now()
      where organization_id = ${organizationId} and id = ${kioskId}
        and (last_seen_at is null or last_seen_at < now() - interval '1 minute')`,
  );
}
