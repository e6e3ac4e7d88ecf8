import type {
  Facility,
  facilityInputSchema,
  facilityUpdateSchema,
} from '@fitbase/domain/contracts/schedule';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import * as facilityQueries from './schedule-facilities.queries.ts';
import { lockSchedule, notifySchedule, serializeFacility } from './schedule.service.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

type FacilityInput = z.output<typeof facilityInputSchema>;
type FacilityUpdate = z.output<typeof facilityUpdateSchema>;

const NAME_TAKEN = 'facilities_org_name_idx';

function nameTaken(error: unknown, name: string | undefined): never {
  if (isUniqueViolation(error, NAME_TAKEN) || isUniqueViolation(error)) {
    const message = `A facility named ${name} already exists.`;
    throw new AppError('conflict', message, { name: message });
  }
  throw error;
}

export async function listFacilities(org: StudioOrg) {
  const rows = await facilityQueries.listFacilities(org.db, org.organizationId);
  return { facilities: rows.map(serializeFacility) };
}

export async function createFacility(org: StudioScope, input: FacilityInput): Promise<Facility> {
  try {
    return await org.db.transaction(async (tx) => {
      const row = await facilityQueries.insertFacility(tx, org.organizationId, input);
      notifySchedule(org.work, org.organizationId, 'created', [row.id]);
      return serializeFacility(row);
    });
  } catch (error) {
    nameTaken(error, input.name);
  }
}

/** A room never gets smaller than a session still to come in it needs. */
export async function updateFacility(
  org: StudioScope,
  id: string,
  input: FacilityUpdate,
  now = new Date(),
): Promise<Facility> {
  try {
    return await org.db.transaction(async (tx) => {
      await lockSchedule(tx, org.organizationId);
      const current = await facilityQueries.findFacility(tx, org.organizationId, id);
      if (!current) throw notFound('Facility');
      if (input.capacity !== undefined && input.capacity < current.capacity) {
        const needed = await facilityQueries.largestFutureCapacity(tx, org.organizationId, id, now);
        if (input.capacity < needed)
          throw new AppError(
            'facility_capacity',
            `Capacity ${input.capacity} is less than the ${needed} places of upcoming sessions in ${current.name}.`,
            { capacity: `Upcoming sessions in ${current.name} need ${needed} places.` },
          );
      }
      const row = await facilityQueries.updateFacility(tx, org.organizationId, id, input);
      if (!row) throw notFound('Facility');
      notifySchedule(org.work, org.organizationId, 'updated', [id]);
      return serializeFacility(row);
    });
  } catch (error) {
    nameTaken(error, input.name);
  }
}

/** Refused while sessions still to come use the room; past sessions forget it. */
export async function deleteFacility(org: StudioScope, id: string, now = new Date()) {
  await org.db.transaction(async (tx) => {
    await lockSchedule(tx, org.organizationId);
    const current = await facilityQueries.findFacility(tx, org.organizationId, id);
    if (!current) throw notFound('Facility');
    const upcoming = await facilityQueries.countFutureSessionsIn(tx, org.organizationId, id, now);
    if (upcoming > 0)
      throw new AppError(
        'facility_in_use',
        `${current.name} is used by ${upcoming} upcoming ${upcoming === 1 ? 'session' : 'sessions'}. Move or cancel them first.`,
      );
    if (!(await facilityQueries.deleteFacility(tx, org.organizationId, id)))
      throw notFound('Facility');
    notifySchedule(org.work, org.organizationId, 'deleted', [id]);
  });
}
