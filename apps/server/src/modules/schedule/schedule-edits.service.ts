import { localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as facilityQueries from './schedule-facilities.queries.ts';
import * as queries from './schedule.queries.ts';
import {
  assertFitsRoom,
  assertNoClashes,
  assertTrainer,
  loadFacility,
} from './schedule.service.ts';

/** What an edit may change on stored sessions (docs/product/schedule.md#edit-scopes). */
export interface SessionChanges {
  name?: string;
  /** Local wall-clock start, HH:MM: each session keeps its local date. */
  startTime?: string;
  durationMinutes?: number;
  capacity?: number;
  trainerUserId?: string | null;
  facilityId?: string | null;
  color?: string;
  serviceId?: string | null;
  detached?: boolean;
}

/**
 * Applies one change to a set of sessions after checking every rule on all of them: capacity
 * not below places already taken, not above the room, and (for time, trainer or room changes)
 * no clash with any other scheduled session. Answers the changed rows' ids.
 */
export async function applySessionChanges(
  tx: Db | Tx,
  organizationId: string,
  rows: queries.SessionRow[],
  changes: SessionChanges,
  timeZone: string,
): Promise<string[]> {
  if (rows.length === 0) return [];
  if (changes.capacity !== undefined) {
    const booked = rows.reduce((m, r) => Math.max(m, r.bookedCount), 0);
    if (changes.capacity < booked) {
      const members = booked === 1 ? 'member' : 'members';
      throw new AppError(
        'capacity_below_bookings',
        `Capacity cannot be below the ${booked} ${members} already booked.`,
        { capacity: `Capacity cannot be below the ${booked} ${members} already booked.` },
      );
    }
  }
  if (changes.trainerUserId !== undefined)
    await assertTrainer(tx, organizationId, changes.trainerUserId);

  // Every (room, capacity) pair the change leaves: checked once per room.
  if (changes.capacity !== undefined || changes.facilityId !== undefined) {
    const needs = new Map<string, number>();
    for (const r of rows) {
      const facilityId = changes.facilityId !== undefined ? changes.facilityId : r.facilityId;
      if (!facilityId) continue;
      const capacity = changes.capacity ?? r.capacity;
      needs.set(facilityId, Math.max(needs.get(facilityId) ?? 0, capacity));
    }
    if (changes.facilityId) await loadFacility(tx, organizationId, changes.facilityId);
    for (const [facilityId, capacity] of needs)
      assertFitsRoom(capacity, await facilityQueries.findFacility(tx, organizationId, facilityId));
  }

  const timeChanged = changes.startTime !== undefined || changes.durationMinutes !== undefined;
  const next = rows.map((r) => {
    let startsAt = r.startsAt;
    if (changes.startTime !== undefined)
      startsAt = zonedInstant(localDateOf(r.startsAt, timeZone), changes.startTime, timeZone);
    const minutes = changes.durationMinutes ?? (r.endsAt.getTime() - r.startsAt.getTime()) / 60_000;
    return { row: r, startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
  });

  if (timeChanged || changes.trainerUserId !== undefined || changes.facilityId !== undefined) {
    await assertNoClashes(
      tx,
      organizationId,
      next
        .filter((n) => n.row.status === 'scheduled')
        .map((n) => ({
          trainerUserId:
            changes.trainerUserId !== undefined ? changes.trainerUserId : n.row.trainerUserId,
          facilityId: changes.facilityId !== undefined ? changes.facilityId : n.row.facilityId,
          startsAt: n.startsAt,
          endsAt: n.endsAt,
        })),
      rows.map((r) => r.id),
    );
  }

  const { startTime: _startTime, durationMinutes: _duration, ...plain } = changes;
  const ids = rows.map((r) => r.id);
  if (!timeChanged) {
    await queries.updateSessions(tx, organizationId, ids, plain);
    return ids;
  }
  for (const n of next)
    await queries.updateSession(tx, organizationId, n.row.id, {
      ...plain,
      startsAt: n.startsAt,
      endsAt: n.endsAt,
    });
  return ids;
}
