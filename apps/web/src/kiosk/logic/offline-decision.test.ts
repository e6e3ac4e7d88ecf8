import { KIOSK_FAILED_TRIES } from '@fitbase/domain/kiosk-constants';
import { shortCodeHash, shortPinHashOf } from '@fitbase/domain/kiosk-hashes';
import { describe, expect, it } from 'vitest';
import { ADA_CODE, PIN_SALT, me, roster, session } from '../test/kiosk-fixtures';
import {
  applyCheckIn,
  chooseSession,
  decideOffline,
  findMember,
  isLockedOut,
  sessionIndexOf,
} from './offline-decision';

// docs/product/kiosk.md, offline: the kiosk decides against its cached list as the server would.

const NOW = Date.parse('2030-03-04T17:00:00Z');
const min = (n: number) => n * 60_000;
const window = me.settings;

describe('finding the member in the cached list', () => {
  it('finds them by their code, their phone digits and PIN, or their number', async () => {
    const list = await roster(NOW);
    expect(findMember(list, { codeHash: await shortCodeHash(ADA_CODE) })?.firstName).toBe('Ada');
    // A scanner may add spaces around the code.
    expect(
      findMember(list, { codeHash: await shortCodeHash(` ${ADA_CODE}\n`) })?.memberNumber,
    ).toBe(1);
    const pinHash = await shortPinHashOf('1234', '2468', PIN_SALT);
    expect(findMember(list, { pinHash })?.firstName).toBe('Ada');
    expect(findMember(list, { memberNumber: 2 })?.firstName).toBe('Grace');
  });

  it('finds nobody for an unknown code, a wrong PIN or number', async () => {
    const list = await roster(NOW);
    expect(findMember(list, { codeHash: await shortCodeHash('old-rotated-code') })).toBeNull();
    expect(
      findMember(list, { pinHash: await shortPinHashOf('1234', '9999', PIN_SALT) }),
    ).toBeNull();
    expect(findMember(list, { memberNumber: 99 })).toBeNull();
    // Grace has no PIN: a null hash never matches.
    expect(list.members[1]![4]).toBeNull();
  });
});

describe('choosing the session', () => {
  it('takes the booked class within its window, even when another is nearer', async () => {
    const list = await roster(NOW);
    list.sessions.push(session('33333333-3333-4333-8333-333333333333', 'Pilates', NOW + min(5)));
    expect(chooseSession(list, window, 1, NOW)).toEqual({ kind: 'booked', index: 0 });
  });

  it('takes the nearest class open to walk-ins for a member without a booking', async () => {
    const list = await roster(NOW);
    list.sessions.push(session('33333333-3333-4333-8333-333333333333', 'Pilates', NOW - min(10)));
    expect(chooseSession(list, window, 2, NOW)).toEqual({ kind: 'walk_in', index: 2 });
  });

  it('says full when the nearest walk-in class has no place', async () => {
    const list = await roster(NOW);
    list.sessions[0] = { ...list.sessions[0]!, bookedCount: 10 };
    expect(chooseSession(list, window, 2, NOW)).toEqual({ kind: 'full', index: 0 });
    // A booked member has their place.
    expect(chooseSession(list, window, 1, NOW)).toEqual({ kind: 'booked', index: 0 });
  });

  it('never walks in to a course or appointment, nor a class that ended', async () => {
    const list = await roster(NOW);
    list.sessions[0] = { ...list.sessions[0]!, walkIn: false };
    expect(chooseSession(list, window, 2, NOW)).toEqual({ kind: 'none' });
    const ended = {
      ...session('33333333-3333-4333-8333-333333333333', 'Short', NOW - min(14)),
      endsAt: new Date(NOW - min(1)).toISOString(),
    };
    expect(chooseSession({ ...list, sessions: [ended], bookings: [] }, window, 2, NOW)).toEqual({
      kind: 'none',
    });
  });

  it('opens the window from its minutes before the start to its minutes after', async () => {
    const list = await roster(NOW);
    const start = Date.parse(list.sessions[0]!.startsAt);
    expect(chooseSession(list, window, 2, start - min(60))).toEqual({ kind: 'walk_in', index: 0 });
    expect(chooseSession(list, window, 2, start - min(60) - 1)).toEqual({ kind: 'none' });
    expect(chooseSession(list, window, 2, start + min(15))).toEqual({ kind: 'walk_in', index: 0 });
    expect(chooseSession(list, window, 2, start + min(15) + 1)).toEqual({ kind: 'none' });
    const narrow = { windowBeforeMinutes: 10, windowAfterMinutes: 0 };
    expect(chooseSession(list, narrow, 1, NOW)).toEqual({ kind: 'none' });
  });
});

describe('the decision', () => {
  const decide = async (memberNumber: number, options: { recent?: number[]; at?: number } = {}) => {
    const list = await roster(NOW);
    return decideOffline({
      roster: list,
      settings: window,
      member: findMember(list, { memberNumber }),
      recent: (options.recent ?? []).map((at) => ({ memberNumber, at })),
      now: options.at ?? NOW,
    });
  };

  it('accepts a booked member into their class and a member without a booking as a walk-in', async () => {
    expect(await decide(1)).toMatchObject({ kind: 'accepted', sessionIndex: 0 });
    expect(await decide(2)).toMatchObject({ kind: 'accepted', sessionIndex: 0 });
  });

  it('accepts a plain visit when no class is in its window', async () => {
    expect(await decide(2, { at: NOW - min(120) })).toMatchObject({
      kind: 'accepted',
      sessionIndex: null,
    });
  });

  it('refuses by the member’s state, without choosing a session', async () => {
    expect(await decide(3)).toMatchObject({ kind: 'refused', code: 'payment_past_due' });
  });

  it('refuses a full class to a member without a booking', async () => {
    const list = await roster(NOW);
    list.sessions[0] = { ...list.sessions[0]!, bookedCount: 10 };
    expect(
      decideOffline({
        roster: list,
        settings: window,
        member: findMember(list, { memberNumber: 2 }),
        recent: [],
        now: NOW,
      }),
    ).toMatchObject({ kind: 'refused', code: 'session_full' });
  });

  it('refuses no credits only for walking in to a class', async () => {
    const list = await roster(NOW);
    list.members = list.members.map((row) =>
      row[0] === 1 || row[0] === 2 ? [row[0], row[1], row[2], row[3], row[4], 'no_credits'] : row,
    );
    const decideFor = (memberNumber: number, now = NOW) =>
      decideOffline({
        roster: list,
        settings: window,
        member: findMember(list, { memberNumber }),
        recent: [],
        now,
      });
    expect(decideFor(2)).toMatchObject({ kind: 'refused', code: 'no_credits' });
    expect(decideFor(1)).toMatchObject({ kind: 'accepted', sessionIndex: 0 });
    expect(decideFor(2, NOW - min(120))).toMatchObject({ kind: 'accepted', sessionIndex: null });
  });

  it('counts the same member again within a minute once', async () => {
    expect(await decide(1, { recent: [NOW - 59_000] })).toMatchObject({ kind: 'duplicate' });
    expect(await decide(1, { recent: [NOW - 60_000] })).toMatchObject({ kind: 'accepted' });
  });

  it('finds nobody for a member not in the list', async () => {
    const list = await roster(NOW);
    expect(
      decideOffline({ roster: list, settings: window, member: null, recent: [], now: NOW }),
    ).toEqual({ kind: 'not_found' });
  });
});

describe('the list after a check-in', () => {
  it('marks the booking attended, without taking another place', async () => {
    const list = await roster(NOW);
    const next = applyCheckIn(list, 1, 0);
    expect(next.bookings).toEqual([[1, 0, 'attended']]);
    expect(next.sessions[0]!.bookedCount).toBe(2);
    expect(list.bookings).toEqual([[1, 0, 'booked']]);
  });

  it('takes a place for a walk-in, who then counts as booked', async () => {
    const list = await roster(NOW);
    const next = applyCheckIn(list, 2, 0);
    expect(next.sessions[0]!.bookedCount).toBe(3);
    expect(next.bookings).toContainEqual([2, 0, 'attended']);
    expect(chooseSession(next, window, 2, NOW)).toEqual({ kind: 'booked', index: 0 });
  });

  it('leaves the list as it was for a plain visit, and finds sessions by id', async () => {
    const list = await roster(NOW);
    expect(applyCheckIn(list, 2, null)).toBe(list);
    expect(sessionIndexOf(list, list.sessions[1]!.id)).toBe(1);
    expect(sessionIndexOf(list, 'gone')).toBeNull();
    expect(sessionIndexOf(list, null)).toBeNull();
  });
});

describe('failed tries offline', () => {
  it('pauses after the kiosk’s limit of failures within the window', () => {
    const failures = Array.from({ length: KIOSK_FAILED_TRIES }, (_, i) => NOW - min(i));
    expect(isLockedOut(failures, NOW)).toBe(true);
    expect(isLockedOut(failures.slice(1), NOW)).toBe(false);
    // Older failures no longer count.
    expect(isLockedOut(failures, NOW + min(20))).toBe(false);
  });
});
