import { trainerColor, type ManageOverview } from '@fitbase/domain/contracts/appointments';
import type { StudioScope } from '../../http/types.ts';
import { activeDiscounts } from '../discounts/discounts.service.ts';
import { trainersWithCurrentRate } from '../pay-rates/pay-rates.service.ts';
import { sessionSummaries } from '../schedule/schedule.service.ts';
import * as queries from './manage.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

/** Each short list of /manage shows at most this many rows. */
const LIST_LIMIT = 5;

/**
 * /manage (docs/product/schedule.md#manage): the studio's real counts and short lists, one
 * query after the other (a studio request has one connection).
 */
export async function getManageOverview(org: StudioOrg): Promise<ManageOverview> {
  const id = org.organizationId;
  const now = new Date();
  const discounts = await activeDiscounts(org.db, id, LIST_LIMIT);
  const payRates = await trainersWithCurrentRate(org.db, id, LIST_LIMIT);
  const counts = {
    clients: await queries.countMembers(org.db, id),
    classes: await queries.countClasses(org.db, id, 'class'),
    courses: await queries.countClasses(org.db, id, 'course'),
    facilities: await queries.countFacilities(org.db, id),
    trainers: await queries.countTrainers(org.db, id),
    upcomingAppointments: await queries.countUpcomingAppointments(org.db, id, now),
    services: await queries.countServices(org.db, id),
    plans: await queries.countPlans(org.db, id),
    discounts: discounts.count,
    payRates: payRates.count,
  };
  const classRow = (r: Awaited<ReturnType<typeof queries.firstClasses>>[number]) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    nextSessionAt: r.nextSessionAt ? new Date(r.nextSessionAt).toISOString() : null,
    upcomingSessions: r.upcomingSessions,
  });
  const classes = (await queries.firstClasses(org.db, id, 'class', now, LIST_LIMIT)).map(classRow);
  const courses = (await queries.firstClasses(org.db, id, 'course', now, LIST_LIMIT)).map(classRow);
  const facilities = await queries.firstFacilities(org.db, id, LIST_LIMIT);
  const trainers = (await queries.firstTrainers(org.db, id, LIST_LIMIT)).map((t) => ({
    ...t,
    color: trainerColor(t.userId),
  }));
  const upcoming = await queries.nextAppointments(org.db, id, now, LIST_LIMIT);
  const sessions = await sessionSummaries(
    org.db,
    id,
    upcoming.map((a) => a.sessionId),
  );
  const appointments = sessions.map((session) => {
    const a = upcoming.find((row) => row.sessionId === session.id);
    return {
      session,
      member:
        a?.memberId && a.firstName !== null && a.lastName !== null
          ? { id: a.memberId, firstName: a.firstName, lastName: a.lastName }
          : null,
    };
  });
  return {
    counts,
    discounts: discounts.first,
    payRates: payRates.first,
    classes,
    courses,
    facilities,
    trainers,
    appointments,
  };
}
