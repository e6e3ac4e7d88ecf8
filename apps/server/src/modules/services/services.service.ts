import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type {
  Service,
  serviceInputSchema,
  serviceUpdateSchema,
} from '@fitbase/domain/contracts/services';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import * as queries from './services.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

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

/** Every role of the organization may see its services (docs/product/roles-and-permissions.md). */
export async function listServices(org: StudioOrg, filter: { active?: boolean }) {
  const rows = await queries.listServices(org.db, org.organizationId, filter);
  return { services: rows.map(serializeService) };
}

const notify = (org: StudioScope, action: RealtimeAction, id: string) =>
  publishChange(org.work, {
    organizationId: org.organizationId,
    entity: 'services',
    action,
    ids: [id],
  });

export async function createService(org: StudioScope, input: ServiceInput): Promise<Service> {
  return org.db.transaction(async (tx) => {
    const row = await queries.insertService(tx, org.organizationId, input);
    notify(org, 'created', row.id);
    return serializeService(row);
  });
}

export async function updateService(
  org: StudioScope,
  id: string,
  input: ServiceUpdate,
): Promise<Service> {
  return org.db.transaction(async (tx) => {
    // Another organization's id answers exactly like a missing one (docs/product/tenancy.md).
    const row = await queries.updateService(tx, org.organizationId, id, input);
    if (!row) throw notFound('Service');
    notify(org, 'updated', row.id);
    return serializeService(row);
  });
}

/** A real delete (docs/product/services.md#delete). */
export async function deleteService(org: StudioScope, id: string): Promise<void> {
  await org.db.transaction(async (tx) => {
    if (!(await queries.deleteService(tx, org.organizationId, id))) throw notFound('Service');
    notify(org, 'deleted', id);
  });
}
