import type { Task } from '@fitbase/domain/contracts/tasks';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { TaskChecklist, taskProgress } from './staff-tasks';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const task = (overrides: Partial<Task>): Task => ({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Call Dana',
  notes: null,
  assigneeUserId: null,
  assigneeName: null,
  dueOn: '2026-11-23',
  priority: 'medium',
  done: false,
  doneAt: null,
  memberId: null,
  memberName: null,
  automationRunId: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

const SAM = 'user-sam';
const STAFF = [
  {
    id: 'm-1',
    userId: SAM,
    role: 'staff',
    joinedAt: '2026-01-01T00:00:00.000Z',
    fullName: 'Sam Staff',
    email: 'sam@example.com',
    department: null,
  },
];

// The writes (POST, PATCH, DELETE); the staff list the assignee picker reads is answered apart.
let requests: { method: string; url: string; body: unknown }[];

async function write({ request }: { request: Request }) {
  const text = await request.text();
  const body = text ? JSON.parse(text) : undefined;
  requests.push({ method: request.method, url: request.url, body });
  if (request.method === 'DELETE') return new Response(null, { status: 204 });
  return Response.json(task({ ...body, done: body?.done ?? false }), {
    status: request.method === 'POST' ? 201 : 200,
  });
}

mockApi(
  http.get('/api/staff', () =>
    Response.json({
      staff: STAFF,
      stats: { totalStaff: 1, onDutyToday: 0, trainers: 0 },
    }),
  ),
  http.post('/api/tasks', write),
  http.patch('/api/tasks/:id', write),
  http.delete('/api/tasks/:id', write),
);

beforeEach(() => {
  requests = [];
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderChecklist(tasks: Task[]) {
  renderWithProviders(
    <TaskChecklist tasks={tasks} today="2026-11-23" loading={false} error={null} />,
  );
}

describe('taskProgress', () => {
  it('computes done/total and the rounded percent, 0% with no tasks', () => {
    expect(taskProgress([])).toEqual({ done: 0, total: 0, percent: 0 });
    expect(taskProgress([{ done: true }, { done: false }, { done: false }])).toEqual({
      done: 1,
      total: 3,
      percent: 33,
    });
  });
});

describe('TaskChecklist', () => {
  it('saves a tick and a priority switch on the task', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    renderChecklist([task({ id, title: 'Restock towels', priority: 'high', dueOn: '2026-11-21' })]);
    const list = screen.getByRole('list', { name: 'Tasks' });
    expect(within(list).getByText('Overdue · due Nov 21')).toBeTruthy();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Restock towels' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Priority high: change to medium' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests).toEqual([
      { method: 'PATCH', url: expect.stringContaining(`/api/tasks/${id}`), body: { done: true } },
      {
        method: 'PATCH',
        url: expect.stringContaining(`/api/tasks/${id}`),
        body: { priority: 'medium' },
      },
    ]);
  });

  it('shows an honest empty state and adds a task due today, refusing an empty title', async () => {
    renderChecklist([]);
    expect(screen.getByText('No tasks for today')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add task' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(await within(form).findByText('Title is required')).toBeTruthy();
    expect(requests).toEqual([]);
    fireEvent.change(within(form).getByLabelText('New task*'), {
      target: { value: 'Welcome call' },
    });
    fireEvent.change(within(form).getByLabelText('Priority'), { target: { value: 'high' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      url: expect.stringMatching(/\/api\/tasks$/),
      body: {
        title: 'Welcome call',
        dueOn: '2026-11-23',
        priority: 'high',
        notes: null,
        assigneeUserId: null,
        memberId: null,
      },
    });
  });

  it("shows each task's assignee, adds a task for a chosen staff member, and deletes a task", async () => {
    const id = '33333333-3333-4333-8333-333333333333';
    renderChecklist([
      task({ id, title: 'Call Dana', assigneeUserId: SAM, assigneeName: 'Sam Staff' }),
    ]);
    const list = screen.getByRole('list', { name: 'Tasks' });
    expect(within(list).getByText('For Sam Staff')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add task' });
    const assignee = within(form).getByLabelText('Assignee');
    await within(assignee).findByRole('option', { name: 'Sam Staff' });
    fireEvent.change(within(form).getByLabelText('New task*'), {
      target: { value: 'Book intro session' },
    });
    fireEvent.change(assignee, { target: { value: SAM } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: { title: 'Book intro session', assigneeUserId: SAM },
    });

    fireEvent.click(within(list).getByRole('button', { name: 'Delete task Call Dana' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toEqual({
      method: 'DELETE',
      url: expect.stringContaining(`/api/tasks/${id}`),
      body: undefined,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Success', expect.anything()));
  });
});
