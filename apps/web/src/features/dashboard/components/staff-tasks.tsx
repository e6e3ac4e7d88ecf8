import { zodResolver } from '@hookform/resolvers/zod';
import { TASK_PRIORITIES } from '@fitbase/domain/connect-constants';
import { taskInputSchema, type Task, type TaskInput } from '@fitbase/domain/contracts/tasks';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { failureMessage } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { cn } from '@/lib/utils';
import { reportError } from '@/lib/report-error';
import { useCreateTask } from '../api/create-task';
import { useDeleteTask } from '../api/delete-task';
import { useTaskAssignees } from '../api/list-task-assignees';
import { useUpdateTask } from '../api/update-task';

export interface TaskProgress {
  done: number;
  total: number;
  percent: number;
}

/** Done/total and the rounded percent, over today's tasks (none: 0 of 0, 0%). */
export function taskProgress(tasks: readonly Pick<Task, 'done'>[]): TaskProgress {
  const done = tasks.filter((task) => task.done).length;
  const total = tasks.length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** "Mar 5" / "5. März": a due day (a calendar date) in the studio's locale. */
const dayLabel = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

function TaskRow({
  task,
  today,
  onToggleDone,
  onTogglePriority,
  onDelete,
  deleting,
}: {
  task: Task;
  today: string;
  onToggleDone: () => void;
  onTogglePriority: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const checkboxId = useId();
  const { locale } = useStudioFormat();
  const overdue = !task.done && task.dueOn < today;
  const details = [
    overdue ? `Overdue · due ${dayLabel(task.dueOn, locale)}` : null,
    task.memberName,
    task.assigneeName ? `For ${task.assigneeName}` : null,
  ].filter(Boolean);
  return (
    <li className="flex items-start gap-3">
      <Checkbox
        id={checkboxId}
        checked={task.done}
        onCheckedChange={onToggleDone}
        className="mt-0.5"
      />
      <div className="flex-1">
        <label
          htmlFor={checkboxId}
          className={cn(
            'cursor-pointer text-sm',
            task.done && 'text-muted-foreground line-through',
          )}
        >
          {task.title}
        </label>
        {details.length ? (
          <p className={cn('text-xs text-muted-foreground', overdue && 'text-destructive')}>
            {details.join(' · ')}
          </p>
        ) : null}
      </div>
      <Badge variant={task.priority === 'high' ? 'destructive' : 'secondary'} asChild>
        <button
          type="button"
          onClick={onTogglePriority}
          aria-label={`Priority ${task.priority}: change to ${task.priority === 'high' ? 'medium' : 'high'}`}
          className="cursor-pointer"
        >
          {task.priority}
        </button>
      </Badge>
      <Button
        variant="ghost"
        size="icon"
        className="-my-1.5 size-8"
        aria-label={`Delete task ${task.title}`}
        disabled={deleting}
        onClick={onDelete}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

type TaskOutput = ReturnType<typeof taskInputSchema.parse>;
const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({
  value: p,
  label: p === 'high' ? 'High' : 'Medium',
}));

// The emptied assignee select holds '': the contract's "nobody in particular" is null.
const baseResolver = zodResolver(taskInputSchema) as unknown as Resolver<
  TaskInput,
  unknown,
  TaskOutput
>;
const resolver: Resolver<TaskInput, unknown, TaskOutput> = (values, context, options) =>
  baseResolver({ ...values, assigneeUserId: values.assigneeUserId || null }, context, options);

function AddTaskForm({ today }: { today: string }) {
  const defaults: TaskInput = { title: '', dueOn: today, priority: 'medium', assigneeUserId: '' };
  const form = useForm<TaskInput, unknown, TaskOutput>({ resolver, defaultValues: defaults });
  const create = useCreateTask();
  const assignees = useTaskAssignees();
  const onSubmit = async (values: TaskOutput) => {
    try {
      await create.mutateAsync(values);
      formSuccess('Success', 'Task added');
      form.reset(defaults);
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to add task',
        form: { setError: form.setError, fields: ['title', 'dueOn', 'priority', 'assigneeUserId'] },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !create.isPending}
      idPrefix="task"
      schema={taskInputSchema}
      className="grid gap-3 border-t pt-4 sm:grid-cols-[1fr_9rem_10rem_8rem_auto] sm:items-end"
      aria-label="Add task"
    >
      <TextField
        control={form.control}
        name="title"
        label="New task*"
        required
        autoComplete="off"
      />
      <DateField control={form.control} name="dueOn" label="Due" required />
      <SelectField
        control={form.control}
        name="assigneeUserId"
        label="Assignee"
        placeholder="Anyone"
        options={(assignees.data ?? []).map((a) => ({ value: a.userId, label: a.name }))}
      />
      <SelectField
        control={form.control}
        name="priority"
        label="Priority"
        options={PRIORITY_OPTIONS}
      />
      <Button type="submit" disabled={create.isPending}>
        Add task
      </Button>
    </Form>
  );
}

/**
 * Today's tasks (docs/product/connect-and-messaging.md#staff-tasks): due today or overdue and
 * open, made by hand here or by an automation. Ticking and the priority switch are saved.
 */
export function TaskChecklist({
  tasks,
  today,
  loading,
  error,
}: {
  tasks: readonly Task[];
  today: string;
  loading: boolean;
  error: unknown;
}) {
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const deleteTask = (task: Task) =>
    remove.mutate(task.id, {
      onSuccess: () => formSuccess('Success', 'Task deleted'),
      onError: (e) => reportError(e, { fallback: 'Failed to delete the task', formToast: true }),
    });
  const save = (task: Task, changes: { done?: boolean; priority?: Task['priority'] }) =>
    update.mutate(
      { id: task.id, changes },
      { onError: (e) => reportError(e, { fallback: 'Failed to save the task', formToast: true }) },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Task Checklist</h2>
        </CardTitle>
        <CardDescription>Due today, and anything overdue that is still open.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(error, 'Failed to load tasks')}
          </p>
        ) : loading ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tasks for today</p>
        ) : (
          <ul aria-label="Tasks" className="space-y-3">
            {tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                today={today}
                onToggleDone={() => save(task, { done: !task.done })}
                onTogglePriority={() =>
                  save(task, { priority: task.priority === 'high' ? 'medium' : 'high' })
                }
                onDelete={() => deleteTask(task)}
                deleting={remove.isPending && remove.variables === task.id}
              />
            ))}
          </ul>
        )}
        <AddTaskForm key={today} today={today} />
      </CardContent>
    </Card>
  );
}
