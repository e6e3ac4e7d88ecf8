import type { Visit } from '@fitbase/domain/contracts/members';
import type { Db } from '../../db/client.ts';
import type { OrganizationContext, SessionUser } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { MEMBER_NOT_FOUND } from './members.service.ts';
import { findMember } from './members.queries.ts';
import { insertVisit, listMemberVisits, type VisitRow } from './visits.queries.ts';

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
  db: Db,
  org: OrganizationContext,
  user: SessionUser,
  memberId: string,
): Promise<Visit> {
  await assertMemberExists(db, org.organizationId, memberId);
  const row = await insertVisit(db, {
    organizationId: org.organizationId,
    memberId,
    recordedBy: user.id,
    visitType: 'check_in',
  });
  return serializeVisit(row);
}

export async function listVisitsOfMember(
  db: Db,
  org: OrganizationContext,
  memberId: string,
): Promise<Visit[]> {
  await assertMemberExists(db, org.organizationId, memberId);
  const rows = await listMemberVisits(db, org.organizationId, memberId, MEMBER_VISITS_LIMIT);
  return rows.map(serializeVisit);
}
