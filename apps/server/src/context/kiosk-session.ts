import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { KIOSK_TOKEN_PREFIX, KIOSK_UNPAIRED_MESSAGE } from '@fitbase/domain/kiosk-constants';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/types.ts';
import { AppError } from '../lib/errors.ts';
import { findKioskContext, touchKiosk, type KioskContextRow } from './kiosk-session.queries.ts';
import { runInStudio } from './run-in-studio.ts';
import { studioWriteCommitted } from './studio-writes.ts';

/**
 * A kiosk device's token (docs/product/kiosk.md#pairing): `fbk_` and 32 random bytes, sent as
 * `Authorization: Bearer`. Only its SHA-256 is stored, so the database never holds a usable one.
 */
export const hashKioskToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A revoked, deleted or unknown token: the device shows its "unpaired" screen. */
export const kioskUnpaired = () => new AppError('kiosk_unpaired', KIOSK_UNPAIRED_MESSAGE);

export function readKioskToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const token = match?.[1];
  return token?.startsWith(KIOSK_TOKEN_PREFIX) ? token : null;
}

export function kioskStudio(row: KioskContextRow) {
  return {
    name: row.name,
    logoUrl: row.logo_hash ? `/api/logos/${row.logo_hash}` : row.logo_url,
    timeZone: row.timezone,
    currency: row.currency,
    locale: row.locale,
    primaryColor: row.primary_color,
  };
}

/** Thrown inside the studio transaction to roll it back after an error response was made. */
class RollbackAfterError extends Error {}

/**
 * A kiosk route's guard: the device's live token, then the handler inside one unit of work scoped
 * to the kiosk's studio by row-level security. Staff and member sessions are never read: a
 * request without a kiosk token is refused before anything is looked up.
 */
export function kioskGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    const token = readKioskToken(c);
    if (!token) throw kioskUnpaired();
    const row = await findKioskContext(deps.database.db, hashKioskToken(token));
    if (!row || row.revoked_at) throw kioskUnpaired();
    try {
      await runInStudio(
        deps.database.db,
        row.organization_id,
        async (tx, work) => {
          await touchKiosk(tx, row.organization_id, row.kiosk_id);
          c.set('kiosk', {
            organizationId: row.organization_id,
            kioskId: row.kiosk_id,
            kioskName: row.kiosk_name,
            studio: kioskStudio(row),
            userId: null,
            db: tx,
            work,
          });
          await next();
          if (c.error) throw new RollbackAfterError();
        },
        { userId: '', ip: clientIp(c) },
      );
      if (c.req.method !== 'GET') studioWriteCommitted(deps.database, row.organization_id);
    } catch (error) {
      if (!(error instanceof RollbackAfterError)) throw error;
    }
  };
}
