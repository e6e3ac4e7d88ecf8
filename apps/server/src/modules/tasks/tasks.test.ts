import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { createStaffTask } from './tasks.service.ts';

// docs/product/connect-and-messaging.md#staff-tasks. Studios in these tests are in UTC.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function addTask(cookie: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/tasks', { cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; title: string; priority: string; done: boolean };
}

const titles = async (cookie: string, query = '') => {
  const res = await call(t.app, 'GET', `/api/tasks${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return (res.body.tasks as { title: string }[]).map((task) => task.title);
};

describe('staff tasks', () => {
  it("lists today's tasks (due today, or overdue and open), toggles done and priority", async () => {
    const owner = await createOwner(t.app);
    const member = await addMember(t, owner.cookie, { firstName: 'Dana', lastName: 'Lane' });
    const call1 = await addTask(owner.cookie, {
      title: 'Call Dana about renewal',
      dueOn: day(0),
      memberId: member.id,
      assigneeUserId: owner.userId,
    });
    expect(call1).toMatchObject({
      priority: 'medium',
      done: false,
      memberName: 'Dana Lane',
      assigneeName: expect.any(String),
      notes: null,
    });
    await addTask(owner.cookie, { title: 'Overdue open', dueOn: day(-2), priority: 'high' });
    const overdueDone = await addTask(owner.cookie, { title: 'Overdue done', dueOn: day(-1) });
    await call(t.app, 'PATCH', `/api/tasks/${overdueDone.id}`, {
      cookie: owner.cookie,
      body: { done: true },
    });
    await addTask(owner.cookie, { title: 'Tomorrow', dueOn: day(1) });

    const today = await call(t.app, 'GET', '/api/tasks', { cookie: owner.cookie });
    expect(today.body.today).toBe(day(0));
    expect(today.body.tasks.map((x: { title: string }) => x.title)).toEqual([
      'Overdue open',
      'Call Dana about renewal',
    ]);
    expect(await titles(owner.cookie, '?due=all')).toHaveLength(4);
    expect(await titles(owner.cookie, '?assignee=me')).toEqual(['Call Dana about renewal']);

    const done = await call(t.app, 'PATCH', `/api/tasks/${call1.id}`, {
      cookie: owner.cookie,
      body: { done: true, priority: 'high' },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ done: true, priority: 'high' });
    expect(done.body.doneAt).not.toBeNull();
    // Done tasks due today stay on today's list (they count towards done/total), after open ones.
    expect(await titles(owner.cookie)).toEqual(['Overdue open', 'Call Dana about renewal']);
    const undone = await call(t.app, 'PATCH', `/api/tasks/${call1.id}`, {
      cookie: owner.cookie,
      body: { done: false },
    });
    expect(undone.body).toMatchObject({ done: false, doneAt: null });

    const removed = await call(t.app, 'DELETE', `/api/tasks/${call1.id}`, { cookie: owner.cookie });
    expect(removed.status).toBe(204);
    expect(await titles(owner.cookie)).toEqual(['Overdue open']);
  });

  it('refuses bad input by field and foreign ids with 404', async () => {
    const a = await createOwner(t.app);
    const b = await createOwner(t.app);
    const bad = await call(t.app, 'POST', '/api/tasks', {
      cookie: a.cookie,
      body: { title: '', dueOn: 'tomorrow', priority: 'low' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: 'Title is required',
      dueOn: 'Due date must be a date (YYYY-MM-DD)',
      priority: 'Priority is high or medium',
    });
    const outsider = await call(t.app, 'POST', '/api/tasks', {
      cookie: a.cookie,
      body: { title: 'x', dueOn: day(0), assigneeUserId: b.userId },
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.error.fields.assigneeUserId).toBe('Choose a staff member of this studio');
    const memberB = await addMember(t, b.cookie);
    const foreignMember = await call(t.app, 'POST', '/api/tasks', {
      cookie: a.cookie,
      body: { title: 'x', dueOn: day(0), memberId: memberB.id },
    });
    expect(foreignMember.status).toBe(404);

    const taskA = await addTask(a.cookie, { title: 'A only', dueOn: day(0) });
    for (const [method, body] of [
      ['PATCH', { done: true }],
      ['DELETE', undefined],
    ] as const) {
      const foreign = await call(t.app, method, `/api/tasks/${taskA.id}`, {
        cookie: b.cookie,
        body,
      });
      const missing = await call(t.app, method, `/api/tasks/${randomUUID()}`, {
        cookie: b.cookie,
        body,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toMatchObject({
        code: missing.body.error.code,
        message: missing.body.error.message,
      });
    }
    expect(await titles(b.cookie, '?due=all')).toEqual([]);
    expect(await titles(a.cookie)).toEqual(['A only']);
  });

  it('is open to every studio role', async () => {
    const owner = await createOwner(t.app);
    const staff = await personWithRole(t, owner.organization.id, 'staff');
    const task = await addTask(staff.cookie, { title: 'Restock towels', dueOn: day(0) });
    const res = await call(t.app, 'PATCH', `/api/tasks/${task.id}`, {
      cookie: staff.cookie,
      body: { priority: 'high' },
    });
    expect(res.body.priority).toBe('high');
    expect(await titles(owner.cookie)).toEqual(['Restock towels']);
  });

  it('createStaffTask adds a task in the caller transaction and returns its id', async () => {
    const owner = await createOwner(t.app);
    const org = owner.organization.id;
    const id = await runInStudio(t.deps.database.db, org, (tx, unit) =>
      createStaffTask(tx, unit, {
        organizationId: org,
        title: 'Welcome call',
        dueOn: day(0),
        priority: 'high',
        assigneeUserId: owner.userId,
      }),
    );
    const list = await call(t.app, 'GET', '/api/tasks', { cookie: owner.cookie });
    expect(list.body.tasks).toEqual([
      expect.objectContaining({ id, title: 'Welcome call', priority: 'high', done: false }),
    ]);
  });
});
