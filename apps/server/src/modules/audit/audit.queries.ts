import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@fitbase/domain/settings-constants';
import type { Db } from '../../db/client.ts';
import { cursorTimestamp, newestFirst, type Cursor } from '../../db/keyset.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/auth.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/settings.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

export interface AuditFilter {
  actorUserId?: string;
  entity?: string;
  action?: AuditAction;
  /** Days (YYYY-MM-DD) in the studio's time zone, both included. */
  from?: string;
  to?: string;
}

/** The studio's own zone, read in the same statement as the page. */
const studioZone = (organizationId: string) =>
  sql`(select ${organizations.timezone} from ${organizations} where ${organizations.id} = ${organizationId})`;

function whereOf(organizationId: string, filter: AuditFilter, cursor: Cursor | null): SQL {
  const zone = studioZone(organizationId);
  const conditions: (SQL | undefined)[] = [
    eq(auditLog.organizationId, organizationId),
    filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
    filter.entity ? eq(auditLog.tableName, filter.entity) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from
      ? sql`${auditLog.createdAt} >= (${filter.from}::date)::timestamp at time zone ${zone}`
      : undefined,
    filter.to
      ? sql`${auditLog.createdAt} < (${filter.to}::date + 1)::timestamp at time zone ${zone}`
      : undefined,
    // keyset.ts's afterCursor casts to the id column's type, and bigserial is no cast type.
    cursor
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::bigint)`
      : undefined,
  ];
  return and(...conditions)!;
}

/** One page newest first (limit + 1 rows), with the actor's studio name joined. */
export function selectAuditPage(
  db: Db,
  organizationId: string,
  filter: AuditFilter,
  cursor: Cursor | null,
  limit: number,
) {
  return db
    .select({
      id: sql<string>`${auditLog.id}::text`,
      cursorTs: cursorTimestamp(auditLog.createdAt),
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      // A change made with an API key names the key (docs/product/integrations.md#api-keys).
      actorName: sql<
        string | null
      >`coalesce(${staffDisplayName()}, 'API key: ' || ${apiKeys.name})`,
      actorIp: auditLog.actorIp,
      action: auditLog.action,
      tableName: auditLog.tableName,
      recordId: auditLog.recordId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(apiKeys, eq(apiKeys.id, auditLog.actorApiKeyId))
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, auditLog.organizationId),
        eq(organizationUsers.userId, auditLog.actorUserId),
      ),
    )
    .where(whereOf(organizationId, filter, cursor))
    .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
    .limit(limit + 1);
}

export type AuditRow = Awaited<ReturnType<typeof selectAuditPage>>[number];

/** The studio's staff, for the person filter. */
export function selectStaffPeople(db: Db, organizationId: string) {
  return db
    .select({ userId: organizationUsers.userId, name: staffDisplayName<string>() })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(eq(organizationUsers.organizationId, organizationId))
    .orderBy(asc(staffDisplayName()));
}
