import type { Visit } from '@fitbase/domain/contracts/members';
import { DUPLICATE_CHECK_IN_SECONDS } from '@fitbase/domain/schedule-constants';
import type { Db, Tx } from '../../db/client.ts';
import type { StudioScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { MEMBER_NOT_FOUND } from './members.service.ts';
import { findMember, lockMember } from './members.queries.ts';
import {
  deleteVisit,
  findVisitSince,
  insertVisit,
  listMemberVisits,
  setVisitType,
  type VisitRow,
} from './visits.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

/** The Activity tab shows at most this many visits. */
export const MEMBER_VISITS_LIMIT = 100;

function serializeVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    visitDate: row.visitDate.toISOString(),
    visitType: row.visitType,
    memberId: row.memberId,
  };
}

async function assertMemberExists(db: Db, organizationId: string, memberId: string): Promise<void> {
  // Another studio's member answers exactly like a missing one (docs/product/tenancy.md).
  if (!(await findMember(db, organizationId, memberId))) throw notFound(MEMBER_NOT_FOUND);
}

/** Member check-in: a visit now (docs/product/members.md#member-dashboard). */
export async function checkInMember(
  org: StudioOrg & Pick<StudioScope, 'userId'>,
  memberId: string,
): Promise<Visit> {
  await assertMemberExists(org.db, org.organizationId, memberId);
  const row = await insertVisit(org.db, {
    organizationId: org.organizationId,
    memberId,
    recordedBy: org.userId,
    visitType: 'check_in',
  });
  return serializeVisit(row);
}

export async function listVisitsOfMember(org: StudioOrg, memberId: string): Promise<Visit[]> {
  await assertMemberExists(org.db, org.organizationId, memberId);
  const rows = await listMemberVisits(org.db, org.organizationId, memberId, MEMBER_VISITS_LIMIT);
  return rows.map(serializeVisit);
}

/**
 * A scan at the door or a class check-in (docs/product/schedule.md#check-in), for the schedule's
 * check-in flows. Two check-ins of one member within DUPLICATE_CHECK_IN_SECONDS are one visit:
 * the recent visit is answered with `duplicate: true` (a class check-in right after a door scan
 * makes that visit the class's). The member row is locked, so two scans at once record one visit.
 * The caller checked that the member is the organization's. `backdated`: the visit happened at
 * `now`, earlier than it is recorded (a kiosk's offline queue, docs/product/kiosk.md#offline).
 */
export async function recordCheckInVisit(
  tx: Tx,
  input: {
    organizationId: string;
    memberId: string;
    recordedBy: string | null;
    visitType: 'check_in' | 'class';
  },
  now: Date = new Date(),
  options: { backdated?: boolean } = {},
): Promise<{ visitId: string; duplicate: boolean }> {
  const { organizationId, memberId } = input;
  if (!(await lockMember(tx, organizationId, memberId))) throw notFound(MEMBER_NOT_FOUND);
  const window = DUPLICATE_CHECK_IN_SECONDS * 1000;
  const since = new Date(now.getTime() - window);
  // A check-in sent later from a kiosk's offline queue happened at `now`, in the past: the
  // visit keeps that time, and only visits within the window on either side of it are the same.
  const until = options.backdated ? new Date(now.getTime() + window) : undefined;
  const recent = await findVisitSince(tx, organizationId, memberId, since, until);
  if (recent && (input.visitType === 'check_in' || recent.visitType === 'check_in')) {
    if (recent.visitType === 'check_in' && input.visitType === 'class') {
      await setVisitType(tx, organizationId, recent.id, input.visitType);
    }
    return { visitId: recent.id, duplicate: true };
  }
  const row = await insertVisit(tx, options.backdated ? { ...input, visitDate: now } : input);
  return { visitId: row.id, duplicate: false };
}

/** Removes a visit recorded by mistake (undo of a class check-in). */
export async function removeVisit(tx: Tx, organizationId: string, visitId: string): Promise<void> {
  await deleteVisit(tx, organizationId, visitId);
}
