import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { webhookEndpoints, webhookSecrets } from '../../db/schema/webhooks.ts';

/** Settings › Webhooks' tables (docs/product/integrations.md#webhooks). */

export type EndpointRow = typeof webhookEndpoints.$inferSelect & { secret: string };

const endpointColumns = {
  id: webhookEndpoints.id,
  organizationId: webhookEndpoints.organizationId,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  lastSuccessAt: webhookEndpoints.lastSuccessAt,
  secretRotatedAt: webhookEndpoints.secretRotatedAt,
  createdBy: webhookEndpoints.createdBy,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
  secret: webhookSecrets.secret,
};

function endpoints(db: Db | Tx) {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .innerJoin(
      webhookSecrets,
      and(
        eq(webhookSecrets.organizationId, webhookEndpoints.organizationId),
        eq(webhookSecrets.endpointId, webhookEndpoints.id),
      ),
    );
}

export function listEndpoints(db: Db | Tx, organizationId: string): Promise<EndpointRow[]> {
  return endpoints(db)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  const [row] = await endpoints(db).where(
    and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)),
  );
  return row;
}

export async function insertEndpoint(
  db: Db | Tx,
  values: typeof webhookEndpoints.$inferInsert,
  secret: string,
): Promise<string> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values(values)
    .returning({ id: webhookEndpoints.id });
  await db
    .insert(webhookSecrets)
    .values({ endpointId: row!.id, organizationId: values.organizationId, secret });
  return row!.id;
}

export async function updateEndpoint(
  db: Db | Tx,
  organizationId: string,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<boolean> {
  const updated = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

export async function replaceSecret(
  db: Db | Tx,
  organizationId: string,
  id: string,
  secret: string,
): Promise<void> {
  await db
    .update(webhookSecrets)
    .set({ secret })
    .where(
      and(eq(webhookSecrets.organizationId, organizationId), eq(webhookSecrets.endpointId, id)),
    );
}

export async function deleteEndpoint(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** Enabled endpoints of one studio (the dispatcher matches their events). */
export function enabledEndpoints(db: Db | Tx, organizationId: string) {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.enabled, true)),
    )
    .orderBy(asc(webhookEndpoints.createdAt));
}

/** The studio's owners' email addresses (the disabled-endpoint email). */
export async function ownerEmails(db: Db | Tx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.role, 'owner'),
      ),
    );
  return rows.map((r) => r.email);
}
