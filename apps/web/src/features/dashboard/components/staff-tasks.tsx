import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

export type TaskPriority = 'high' | 'medium';

export interface StaffTask {
  id: string;
  title: string;
  done: boolean;
  priority: TaskPriority;
}

/**
 * docs/product/dashboards.md: a local checklist of four sample tasks. Nothing is saved; a reload starts over.
 * They are labelled as sample tasks so no one mistakes them for the studio's own to-do list.
 */
export const SAMPLE_TASKS: readonly StaffTask[] = [
  { id: 'welcome', title: 'Welcome new members at the front desk', done: false, priority: 'high' },
  {
    id: 'follow-up',
    title: 'Follow up with members who have not visited this week',
    done: false,
    priority: 'medium',
  },
  {
    id: 'equipment',
    title: 'Check the equipment and tidy the training floor',
    done: false,
    priority: 'medium',
  },
  { id: 'enquiries', title: 'Answer membership enquiries', done: false, priority: 'high' },
];

export interface TaskProgress {
  done: number;
  total: number;
  percent: number;
}

export function taskProgress(tasks: readonly StaffTask[]): TaskProgress {
  const done = tasks.filter((task) => task.done).length;
  const total = tasks.length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

export function useSampleTasks() {
  const [tasks, setTasks] = useState<StaffTask[]>(() => SAMPLE_TASKS.map((task) => ({ ...task })));
  const toggleDone = (id: string) =>
    setTasks((current) =>
      current.map((task) => (task.id === id ? { ...task, done: !task.done } : task)),
    );
  const togglePriority = (id: string) =>
    setTasks((current) =>
      current.map((task) =>
        task.id === id ? { ...task, priority: task.priority === 'high' ? 'medium' : 'high' } : task,
      ),
    );
  return { tasks, toggleDone, togglePriority };
}

function TaskRow({
  task,
  onToggleDone,
  onTogglePriority,
}: {
  task: StaffTask;
  onToggleDone: () => void;
  onTogglePriority: () => void;
}) {
  const checkboxId = useId();
  return (
    <li className="flex items-center gap-3">
      <Checkbox id={checkboxId} checked={task.done} onCheckedChange={onToggleDone} />
      <label
        htmlFor={checkboxId}
        className={cn(
          'flex-1 cursor-pointer text-sm',
          task.done && 'text-muted-foreground line-through',
        )}
      >
        {task.title}
      </label>
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
    </li>
  );
}

export function TaskChecklist({
  tasks,
  onToggleDone,
  onTogglePriority,
}: {
  tasks: readonly StaffTask[];
  onToggleDone: (id: string) => void;
  onTogglePriority: (id: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <h2>Task Checklist</h2>
          <Badge variant="outline">Sample</Badge>
        </CardTitle>
        <CardDescription>
          Sample tasks: tick them off as you go. This checklist is not saved.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Tasks" className="space-y-3">
          {tasks.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              onToggleDone={() => onToggleDone(task.id)}
              onTogglePriority={() => onTogglePriority(task.id)}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
