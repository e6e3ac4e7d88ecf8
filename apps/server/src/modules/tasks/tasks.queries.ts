import { and, asc, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { members } from '../../db/schema/members.ts';
import { staffTasks } from '../../db/schema/messaging.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';

export type TaskValues = Pick<
  typeof staffTasks.$inferInsert,
  'title' | 'notes' | 'assigneeUserId' | 'dueOn' | 'priority' | 'memberId' | 'automationRunId'
>;
export type TaskRow = typeof staffTasks.$inferSelect & {
  assigneeName: string | null;
  memberName: string | null;
};

function taskSelect(db: Db | Tx) {
  return db
    .select({
      id: staffTasks.id,
      organizationId: staffTasks.organizationId,
      title: staffTasks.title,
      notes: staffTasks.notes,
      assigneeUserId: staffTasks.assigneeUserId,
      dueOn: staffTasks.dueOn,
      priority: staffTasks.priority,
      doneAt: staffTasks.doneAt,
      memberId: staffTasks.memberId,
      automationRunId: staffTasks.automationRunId,
      createdBy: staffTasks.createdBy,
      createdAt: staffTasks.createdAt,
      updatedAt: staffTasks.updatedAt,
      assigneeName: sql<
        string | null
      >`coalesce(nullif(${organizationUsers.displayName}, ''), ${profiles.fullName}, nullif(${users.name}, ''))`,
      memberName: sql<
        string | null
      >`nullif(concat_ws(' ', ${members.firstName}, ${members.lastName}), '')`,
    })
    .from(staffTasks)
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, staffTasks.organizationId),
        eq(organizationUsers.userId, staffTasks.assigneeUserId),
      ),
    )
    .leftJoin(users, eq(users.id, staffTasks.assigneeUserId))
    .leftJoin(profiles, eq(profiles.id, staffTasks.assigneeUserId))
    .leftJoin(
      members,
      and(
        eq(members.organizationId, staffTasks.organizationId),
        eq(members.id, staffTasks.memberId),
      ),
    );
}

export interface TaskFilter {
  /** The studio's calendar day: due that day, or overdue and not done. */
  today: string | null;
  assigneeUserId: string | null;
}

/** Open tasks first, then by due date and priority (high first), oldest first. */
export async function listTasks(
  db: Db | Tx,
  organizationId: string,
  filter: TaskFilter,
): Promise<TaskRow[]> {
  const conditions: (SQL | undefined)[] = [eq(staffTasks.organizationId, organizationId)];
  if (filter.today)
    conditions.push(
      or(
        eq(staffTasks.dueOn, filter.today),
        and(lt(staffTasks.dueOn, filter.today), isNull(staffTasks.doneAt)),
      ),
    );
  if (filter.assigneeUserId) conditions.push(eq(staffTasks.assigneeUserId, filter.assigneeUserId));
  return taskSelect(db)
    .where(and(...conditions))
    .orderBy(
      sql`${staffTasks.doneAt} is not null`,
      asc(staffTasks.dueOn),
      sql`${staffTasks.priority} = 'high' desc`,
      asc(staffTasks.createdAt),
      desc(staffTasks.id),
    )
    .limit(500);
}

export async function findTask(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<TaskRow | null> {
  const [row] = await taskSelect(db).where(
    and(eq(staffTasks.organizationId, organizationId), eq(staffTasks.id, id)),
  );
  return row ?? null;
}

export async function insertTask(
  tx: Db | Tx,
  organizationId: string,
  createdBy: string | null,
  values: TaskValues,
): Promise<string> {
  const [row] = await tx
    .insert(staffTasks)
    .values({ ...values, organizationId, createdBy })
    .returning({ id: staffTasks.id });
  if (!row) throw new Error('insert staff_tasks returned no row');
  return row.id;
}

export async function updateTask(
  tx: Tx,
  organizationId: string,
  id: string,
  values: Partial<TaskValues> & { doneAt?: Date | null },
): Promise<boolean> {
  const rows = await tx
    .update(staffTasks)
    .set(values)
    .where(and(eq(staffTasks.organizationId, organizationId), eq(staffTasks.id, id)))
    .returning({ id: staffTasks.id });
  return rows.length > 0;
}

export async function deleteTask(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(staffTasks)
    .where(and(eq(staffTasks.organizationId, organizationId), eq(staffTasks.id, id)))
    .returning({ id: staffTasks.id });
  return rows.length > 0;
}

/** Whether the user belongs to the studio (an assignee must). */
export async function isStudioUser(db: Db | Tx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    );
  return row !== undefined;
}

export async function isStudioMember(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row !== undefined;
}
