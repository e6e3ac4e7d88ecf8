import type { KioskMe, KioskRoster } from '@fitbase/domain/contracts/kiosk';
import { shortCodeHash, shortPinHashOf } from '@fitbase/domain/kiosk-hashes';

/** A studio's kiosk and its cached list, for the kiosk's tests. */

export const PIN_SALT = 'salt-of-zen';
export const ADA_CODE = 'ada-check-in-code-1234';
export const GRACE_CODE = 'grace-check-in-code-99';
export const LATE_CODE = 'late-payer-code-000000';

export const me: KioskMe = {
  kiosk: { id: 'kiosk-1', name: 'Front door' },
  studio: {
    name: 'Studio Zen',
    logoUrl: null,
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    locale: 'de-DE',
    primaryColor: '#1d4ed8',
  },
  settings: {
    identifyBy: 'phone_and_pin',
    windowBeforeMinutes: 60,
    windowAfterMinutes: 15,
    pinSalt: PIN_SALT,
  },
};

const minutes = (n: number) => n * 60_000;
const iso = (at: number) => new Date(at).toISOString();

type Session = KioskRoster['sessions'][number];

export function session(
  id: string,
  name: string,
  startsAt: number,
  extra: Partial<Session> = {},
): Session {
  return {
    id,
    name,
    startsAt: iso(startsAt),
    endsAt: iso(startsAt + minutes(60)),
    capacity: 10,
    bookedCount: 2,
    walkIn: true,
    ...extra,
  };
}

/**
 * Ada (1, booked into Yoga, PIN 2468 with phone digits 1234), Grace (2, no booking) and Linus
 * (3, a payment past due), with Yoga starting 20 minutes after `now`.
 */
export async function roster(now: number): Promise<KioskRoster> {
  return {
    generatedAt: iso(now),
    date: iso(now).slice(0, 10),
    sessions: [
      session('11111111-1111-4111-8111-111111111111', 'Yoga', now + minutes(20)),
      session('22222222-2222-4222-8222-222222222222', 'Spin', now + minutes(240)),
    ],
    members: [
      [
        1,
        'Ada',
        null,
        await shortCodeHash(ADA_CODE),
        await shortPinHashOf('1234', '2468', PIN_SALT),
        'ok',
      ],
      [2, 'Grace', '/photos/grace.jpg', await shortCodeHash(GRACE_CODE), null, 'ok'],
      [3, 'Linus', null, await shortCodeHash(LATE_CODE), null, 'payment_past_due'],
    ],
    bookings: [[1, 0, 'booked']],
  };
}
