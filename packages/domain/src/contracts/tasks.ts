import { z } from 'zod';
import { TASK_PRIORITIES } from '../connect-constants.ts';

/** Staff tasks (docs/product/connect-and-messaging.md#staff-tasks). */

const taskFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is at most 200 characters'),
  notes: z
    .string()
    .trim()
    .max(2000, 'Notes are at most 2000 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
  assigneeUserId: z.string().min(1, 'Assignee must be a staff member').nullable(),
  dueOn: z.iso.date('Due date must be a date (YYYY-MM-DD)'),
  priority: z.enum(TASK_PRIORITIES, 'Priority is high or medium'),
  memberId: z.uuid('Member id must be a UUID').nullable(),
};

export const taskInputSchema = z.object({
  ...taskFields,
  notes: taskFields.notes.default(null),
  assigneeUserId: taskFields.assigneeUserId.default(null),
  priority: taskFields.priority.default('medium'),
  memberId: taskFields.memberId.default(null),
});
export type TaskInput = z.input<typeof taskInputSchema>;
export const taskUpdateSchema = z.object({ ...taskFields, done: z.boolean() }).partial();
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

export const TASK_DUE_FILTERS = ['today', 'all'] as const;
export const TASK_ASSIGNEE_FILTERS = ['me', 'anyone'] as const;
export const taskListQuerySchema = z.object({
  /** today: due today, or overdue and not done (the staff dashboard); all: every task. */
  due: z.enum(TASK_DUE_FILTERS, 'due is today or all').default('today'),
  assignee: z.enum(TASK_ASSIGNEE_FILTERS, 'assignee is me or anyone').default('anyone'),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  assigneeUserId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  dueOn: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  /** Made by an automation's "notify staff" step. */
  automationRunId: z.string().nullable(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.object({
  tasks: z.array(taskSchema),
  /** The studio's calendar day the list was computed for (its time zone). */
  today: z.string(),
});
