import type {
  Task,
  taskInputSchema,
  taskListQuerySchema,
  taskUpdateSchema,
} from '@fitbase/domain/contracts/tasks';
import type { TaskPriority } from '@fitbase/domain/connect-constants';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { studioToday } from '../../context/studio-time.ts';
import * as queries from './tasks.queries.ts';

/** Staff tasks: docs/product/connect-and-messaging.md#staff-tasks. */

type TaskInput = z.output<typeof taskInputSchema>;
type TaskUpdate = z.output<typeof taskUpdateSchema>;
type TaskListQuery = z.output<typeof taskListQuerySchema>;
type Scope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;
type UserScope = Scope & { userId: string };

export function serializeTask(row: queries.TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    notes: row.notes,
    assigneeUserId: row.assigneeUserId,
    assigneeName: row.assigneeName,
    dueOn: row.dueOn,
    priority: row.priority,
    done: row.doneAt !== null,
    doneAt: row.doneAt?.toISOString() ?? null,
    memberId: row.memberId,
    memberName: row.memberName,
    automationRunId: row.automationRunId,
    createdAt: row.createdAt.toISOString(),
  };
}

const taskNotFound = () => notFound('Task');

/* Tasks live on the staff dashboard: they ride its family of live updates. */
const notify = (unit: UnitOfWork, organizationId: string, id: string) =>
  publishChange(unit, { organizationId, entity: 'dashboard', action: 'updated', ids: [id] });

/** The assignee must be a person of the studio and the member the studio's own. */
async function checkLinks(
  db: Db | Tx,
  organizationId: string,
  input: { assigneeUserId?: string | null; memberId?: string | null },
) {
  if (
    input.assigneeUserId &&
    !(await queries.isStudioUser(db, organizationId, input.assigneeUserId))
  )
    throw new AppError('validation_error', 'The assignee is not a staff member of this studio', {
      assigneeUserId: 'Choose a staff member of this studio',
    });
  if (input.memberId && !(await queries.isStudioMember(db, organizationId, input.memberId)))
    throw notFound('Member');
}

export async function listTasks(scope: UserScope, query: TaskListQuery) {
  const today = await studioToday(scope.db, scope.organizationId);
  const rows = await queries.listTasks(scope.db, scope.organizationId, {
    today: query.due === 'today' ? today : null,
    assigneeUserId: query.assignee === 'me' ? scope.userId : null,
  });
  return { tasks: rows.map(serializeTask), today };
}

/**
 * For other modules (automations' notify-staff step): adds a task inside the caller's
 * transaction and returns its id. The links are checked like a staff member's own task.
 */
export async function createStaffTask(
  tx: Db | Tx,
  unit: UnitOfWork,
  task: {
    organizationId: string;
    title: string;
    notes?: string | null;
    assigneeUserId?: string | null;
    dueOn: string;
    priority: TaskPriority;
    memberId?: string | null;
    automationRunId?: string | null;
    createdBy?: string | null;
  },
): Promise<string> {
  await checkLinks(tx, task.organizationId, task);
  const id = await queries.insertTask(tx, task.organizationId, task.createdBy ?? null, {
    title: task.title,
    notes: task.notes ?? null,
    assigneeUserId: task.assigneeUserId ?? null,
    dueOn: task.dueOn,
    priority: task.priority,
    memberId: task.memberId ?? null,
    automationRunId: task.automationRunId ?? null,
  });
  notify(unit, task.organizationId, id);
  return id;
}

async function loadTask(db: Db | Tx, organizationId: string, id: string): Promise<Task> {
  const row = await queries.findTask(db, organizationId, id);
  if (!row) throw taskNotFound();
  return serializeTask(row);
}

export async function createTask(scope: UserScope, input: TaskInput): Promise<Task> {
  return scope.db.transaction(async (tx) => {
    const id = await createStaffTask(tx, scope.work, {
      ...input,
      organizationId: scope.organizationId,
      createdBy: scope.userId,
    });
    return loadTask(tx, scope.organizationId, id);
  });
}

export async function updateTask(scope: Scope, id: string, input: TaskUpdate): Promise<Task> {
  return scope.db.transaction(async (tx) => {
    const current = await queries.findTask(tx, scope.organizationId, id);
    if (!current) throw taskNotFound();
    await checkLinks(tx, scope.organizationId, input);
    const { done, ...values } = input;
    // Marking an already done task done again keeps when it was first done.
    const doneAt = done === undefined ? undefined : done ? (current.doneAt ?? new Date()) : null;
    if (!(await queries.updateTask(tx, scope.organizationId, id, { ...values, doneAt })))
      throw taskNotFound();
    notify(scope.work, scope.organizationId, id);
    return loadTask(tx, scope.organizationId, id);
  });
}

export async function deleteTask(scope: Scope, id: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    if (!(await queries.deleteTask(tx, scope.organizationId, id))) throw taskNotFound();
    notify(scope.work, scope.organizationId, id);
  });
}
