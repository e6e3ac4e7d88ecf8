import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

const body = {
  name: 'Welcome',
  subject: 'Welcome, {{first_name}}!',
  content: 'Hi **{{first_name}}**, see you at {{studio_name}}. [Book](https://example.com/book)',
};

describe('email templates', () => {
  it('saves a template and lists it with the real count of active templates', async () => {
    const created = await call(t.app, 'POST', '/api/email-templates', {
      cookie: owner.cookie,
      body,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, status: 'active' });
    const list = await call(t.app, 'GET', '/api/email-templates', { cookie: owner.cookie });
    expect(list.body.activeCount).toBe(1);
    expect(list.body.templates.map((x: { id: string }) => x.id)).toEqual([created.body.id]);
  });

  it('refuses unknown merge fields on the field that names them, and saves nothing', async () => {
    const res = await call(t.app, 'POST', '/api/email-templates', {
      cookie: owner.cookie,
      body: { ...body, name: 'Typo', content: 'Hi {{frist_name}} and {{ nickname }}' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unknown_merge_field');
    expect(res.body.error.fields.content).toMatch(/\{\{frist_name\}\}, \{\{nickname\}\}/);
    expect(res.body.error.fields.subject).toBeUndefined();
    const list = await call(t.app, 'GET', '/api/email-templates', { cookie: owner.cookie });
    expect(list.body.templates.some((x: { name: string }) => x.name === 'Typo')).toBe(false);
  });

  it('archives, restores and duplicates; archived templates do not count as active', async () => {
    const created = await call(t.app, 'POST', '/api/email-templates', {
      cookie: owner.cookie,
      body: { ...body, name: 'Promo' },
    });
    const id = created.body.id as string;
    const archived = await call(t.app, 'PATCH', `/api/email-templates/${id}`, {
      cookie: owner.cookie,
      body: { status: 'archived' },
    });
    expect(archived.body.status).toBe('archived');
    let list = await call(t.app, 'GET', '/api/email-templates', { cookie: owner.cookie });
    expect(list.body.activeCount).toBe(1);
    expect(list.body.templates.at(-1).id).toBe(id);
    await call(t.app, 'PATCH', `/api/email-templates/${id}`, {
      cookie: owner.cookie,
      body: { status: 'active' },
    });
    const copy = await call(t.app, 'POST', `/api/email-templates/${id}/duplicate`, {
      cookie: owner.cookie,
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Promo (copy)', subject: body.subject });
    list = await call(t.app, 'GET', '/api/email-templates', { cookie: owner.cookie });
    expect(list.body.activeCount).toBe(3);
    const edit = await call(t.app, 'PATCH', `/api/email-templates/${id}`, {
      cookie: owner.cookie,
      body: { subject: 'Hello {{firstname}}' },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields.subject).toMatch(/\{\{firstname\}\}/);
  });

  it('previews with sample values, the studio footer and no script', async () => {
    const res = await call(t.app, 'POST', '/api/email/preview', {
      cookie: owner.cookie,
      body: {
        subject: 'Hi {{first_name}}',
        content: 'Hello {{first_name}} <script>alert(1)</script> [x](javascript:alert(1))',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.subject).toBe('Hi Alex');
    expect(res.body.html).toContain('Hello Alex');
    expect(res.body.html).not.toMatch(/<script|javascript:/i);
    expect(res.body.html).toContain(`Gym ${owner.organization.slug}`);
  });

  it('lets staff read templates but not write them', async () => {
    const staff = await personWithRole(t, owner.organization.id, 'staff');
    expect(
      (await call(t.app, 'GET', '/api/email-templates', { cookie: staff.cookie })).status,
    ).toBe(200);
    const write = await call(t.app, 'POST', '/api/email-templates', { cookie: staff.cookie, body });
    expect(write.status).toBe(403);
  });
});
