import type {
  SessionList,
  sessionCancelSchema,
  SessionListQuery,
  SessionSummary,
  sessionUpdateSchema,
} from '@fitbase/domain/contracts/schedule';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { JsonText } from '../../http/json-text.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { releaseBookingEntitlement } from '../memberships/membership-entitlements.service.ts';
import { applyClassChanges } from './schedule-classes.service.ts';
import { applySessionChanges } from './schedule-edits.service.ts';
import * as sessionQueries from './schedule-sessions.queries.ts';
import * as queries from './schedule.queries.ts';
import type { WeekViewCache } from '../../context/week-view-cache.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import { lockSchedule, notifySchedule, serializeSession } from './schedule.service.ts';
import { queueScheduleEmail } from './schedule-email.service.ts';

type SessionUpdate = z.output<typeof sessionUpdateSchema>;
type SessionCancel = z.output<typeof sessionCancelSchema>;
type Scope = Pick<StudioScope, 'organizationId' | 'role' | 'userId' | 'db'>;
/** A write's scope: its jobs and announcements go with the request's unit of work. */
type WriteScope = Scope & Pick<StudioScope, 'work'>;

const serialize = (r: {
  session: sessionQueries.SessionSummaryRow;
  trainerName: string | null;
  facilityName: string | null;
}) => serializeSession(r.session, r);

/**
 * The week view: sessions in a range plus today's and this week's figures (org time zone), as
 * the JSON text the route sends unchanged (sessionListBody says why).
 */
export async function listSessionsJson(
  org: Omit<Scope, 'db'> & Pick<StudioScope, 'work'>,
  query: SessionListQuery,
  options: { now?: Date; cache?: WeekViewCache } = {},
): Promise<JsonText<SessionList>> {
  const load = async () => {
    const body = await sessionQueries.sessionListBody(
      org.work,
      org.organizationId,
      {
        from: new Date(query.from),
        to: new Date(query.to),
        trainerId: query.trainerId,
        facilityId: query.facilityId,
        classId: query.classId,
      },
      options.now ?? new Date(),
    );
    if (body === null) throw notFound('Organization');
    return body;
  };
  // A given `now` asks for that moment's counts: never from the cache.
  const { cache } = options;
  const key = JSON.stringify([
    query.from,
    query.to,
    query.trainerId,
    query.facilityId,
    query.classId,
  ]);
  const body =
    cache && !options.now ? await cache.read(org.organizationId, key, load) : await load();
  return body as JsonText<SessionList>;
}

export const listSessions = async (
  org: Omit<Scope, 'db'> & Pick<StudioScope, 'work'>,
  query: SessionListQuery,
  now = new Date(),
): Promise<SessionList> => JSON.parse(await listSessionsJson(org, query, { now })) as SessionList;

async function loadSession(
  tx: Db | Tx,
  organizationId: string,
  id: string,
): Promise<SessionSummary> {
  const row = await sessionQueries.findSession(tx, organizationId, id);
  if (!row) throw notFound('Session');
  return serialize(row);
}

export const getSession = (org: Scope, id: string) => loadSession(org.db, org.organizationId, id);

/** docs/product/roles-and-permissions.md: a trainer changes only the sessions they teach. */
function assertMayEdit(org: Scope, rows: queries.SessionRow[]) {
  if (org.role !== 'trainer') return;
  if (rows.some((r) => r.trainerUserId !== org.userId))
    throw forbidden('Trainers can change only the sessions they teach.');
}

/**
 * Changes a session with an edit scope (docs/product/schedule.md#edit-scopes): 'this' changes
 * the one session and detaches it from its series; 'following' changes it and the later
 * series sessions, and the class, so sessions generated later follow too; 'all' changes
 * every future series session and the class.
 */
export async function updateSession(
  org: WriteScope,
  id: string,
  input: SessionUpdate,
  now = new Date(),
): Promise<SessionSummary> {
  return org.db.transaction(async (tx) => {
    const organizationId = org.organizationId;
    await lockSchedule(tx, organizationId);
    const session = await queries.findSessionRow(tx, organizationId, id);
    if (!session) throw notFound('Session');
    assertMayEdit(org, [session]);
    if (session.status === 'cancelled') throw conflict('A cancelled session cannot be changed.');
    const timeZone = await getOrganizationTimeZone(tx, organizationId);
    const { scope, ...changes } = input;
    const cls = session.classId
      ? await queries.findClass(tx, organizationId, session.classId)
      : null;
    if (scope === 'this' || !cls) {
      await applySessionChanges(
        tx,
        organizationId,
        [session],
        { ...changes, detached: !!cls },
        timeZone,
      );
    } else {
      const rows = await queries.sessionsInScope(tx, organizationId, session, scope, now);
      assertMayEdit(org, rows);
      if (org.role === 'trainer' && cls.trainerUserId !== org.userId)
        throw forbidden('Trainers can change only the sessions they teach.');
      await applyClassChanges(tx, organizationId, cls, changes, timeZone, now, rows);
    }
    notifySchedule(org.work, organizationId, 'updated', [session.id]);
    return loadSession(tx, organizationId, session.id);
  });
}

/**
 * Cancels a session: its booked and waitlisted members' bookings are cancelled and each of them
 * is emailed through the job queue (docs/product/schedule.md#cancelling-a-session).
 */
export async function cancelSession(
  org: WriteScope,
  id: string,
  input: SessionCancel,
  now = new Date(),
): Promise<SessionSummary> {
  return org.db.transaction(async (tx) => {
    const organizationId = org.organizationId;
    await lockSchedule(tx, organizationId);
    const session = await queries.findSessionRow(tx, organizationId, id);
    if (!session) throw notFound('Session');
    assertMayEdit(org, [session]);
    if (session.status === 'cancelled') return loadSession(tx, organizationId, id);
    const cancelled = await queries.cancelSessionBookings(tx, organizationId, id, now);
    const bookingIds = cancelled.map((b) => b.id);
    // Their credits come back (docs/product/money-and-store.md#credits-and-bookings).
    const returned: string[] = [];
    for (const booking of cancelled) {
      const released = await releaseBookingEntitlement(tx, org, booking, 'session_cancelled');
      if (released.creditReturned) returned.push(booking.id);
    }
    await queries.clearCreditUsed(tx, organizationId, returned);
    const held = await queries.heldPlaces(tx, organizationId, id);
    const updated = await queries.updateSession(tx, organizationId, id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: input.reason ?? null,
      bookedCount: held,
      waitlistCount: 0,
    });
    if (!updated) throw new AppError('internal_error', 'The session could not be cancelled');
    for (const bookingId of bookingIds)
      await queueScheduleEmail(org.work, {
        type: 'session_cancelled',
        organizationId,
        bookingId,
      });
    notifySchedule(org.work, organizationId, 'updated', [id, ...bookingIds]);
    return loadSession(tx, organizationId, id);
  });
}
