import { shortCodeHash, shortPinHash } from '@fitbase/domain/kiosk-hashes';
import type { KioskRoster } from '@fitbase/domain/contracts/kiosk';
import type { KioskScope } from '../../http/types.ts';
import { kioskBookings, kioskMembers, kioskSessions } from './kiosk-roster.sql.ts';
import { studioDay } from './kiosk-rules.ts';

/**
 * The kiosk's cached list (docs/product/kiosk.md#what-a-kiosk-keeps): today's sessions, every
 * member of the studio as a row of six values, and today's bookings; what the kiosk decides a
 * check-in with when the network is down. Hashes are the truncated ones of kiosk-hashes.ts, the
 * device computes the same from what is typed or scanned.
 */
export async function kioskRoster(scope: KioskScope, now: Date = new Date()): Promise<KioskRoster> {
  const { db, organizationId } = scope;
  const day = studioDay(now, scope.studio.timeZone);
  const sessions = await kioskSessions(db, organizationId, day.from, day.to);
  const members = await kioskMembers(db, organizationId, day.date, { all: true });
  const bookings = await kioskBookings(
    db,
    organizationId,
    sessions.map((s) => s.id),
  );
  const sessionIndex = new Map(sessions.map((s, i) => [s.id, i]));
  return {
    generatedAt: now.toISOString(),
    date: day.date,
    sessions: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      startsAt: s.starts_at,
      endsAt: s.ends_at,
      capacity: s.capacity,
      bookedCount: s.booked_count,
      walkIn: s.kind === 'class' && !s.closed,
    })),
    members: await Promise.all(
      members
        .filter((m) => m.member_number !== null)
        .map(
          async (m) =>
            [
              m.member_number!,
              m.first_name,
              m.profile_photo_url,
              m.check_in_code ? await shortCodeHash(m.check_in_code) : null,
              m.kiosk_pin_hash ? shortPinHash(m.kiosk_pin_hash) : null,
              m.state,
            ] as KioskRoster['members'][number],
        ),
    ),
    bookings: bookings.flatMap((b) =>
      b.status === 'waitlisted' || b.member_number === null
        ? []
        : [[b.member_number, sessionIndex.get(b.session_id)!, b.status] as const],
    ),
  };
}
