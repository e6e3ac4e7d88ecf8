import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type {
  Service,
  serviceInputSchema,
  serviceUpdateSchema,
} from '@fitbase/domain/contracts/services';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { OrganizationContext } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { assertPermission } from '../../lib/permissions.ts';
import { publishChange } from '../realtime/realtime.notify.ts';
import * as queries from './services.queries.ts';

type ServiceInput = z.output<typeof serviceInputSchema>;
type ServiceUpdate = z.output<typeof serviceUpdateSchema>;

export function serializeService(row: queries.ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    durationMinutes: row.durationMinutes,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every role of the organization may see its services (DECISIONS.md matrix). */
export async function listServices(db: Db, org: OrganizationContext, filter: { active?: boolean }) {
  assertPermission(org, 'services.view');
  const rows = await queries.listServices(db, org.organizationId, filter);
  return { services: rows.map(serializeService) };
}

const notify = (tx: Tx, org: OrganizationContext, action: RealtimeAction, id: string) =>
  publishChange(tx, { organizationId: org.organizationId, entity: 'services', action, ids: [id] });

export async function createService(
  db: Db,
  org: OrganizationContext,
  input: ServiceInput,
): Promise<Service> {
  assertPermission(org, 'services.manage');
  return db.transaction(async (tx) => {
    const row = await queries.insertService(tx, org.organizationId, input);
    await notify(tx, org, 'created', row.id);
    return serializeService(row);
  });
}

export async function updateService(
  db: Db,
  org: OrganizationContext,
  id: string,
  input: ServiceUpdate,
): Promise<Service> {
  assertPermission(org, 'services.manage');
  return db.transaction(async (tx) => {
    // Another organization's id answers exactly like a missing one (DECISIONS.md 2).
    const row = await queries.updateService(tx, org.organizationId, id, input);
    if (!row) throw notFound('Service');
    await notify(tx, org, 'updated', row.id);
    return serializeService(row);
  });
}

/** A real delete (DECISIONS.md 5). */
export async function deleteService(db: Db, org: OrganizationContext, id: string): Promise<void> {
  assertPermission(org, 'services.manage');
  await db.transaction(async (tx) => {
    if (!(await queries.deleteService(tx, org.organizationId, id))) throw notFound('Service');
    await notify(tx, org, 'deleted', id);
  });
}
