import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';

// docs/product/member-portal.md#public-schedule

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let distDir: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  distDir = mkdtempSync(path.join(tmpdir(), 'fitbase-portal-embed-'));
  writeFileSync(path.join(distDir, 'index.html'), '<div id="root"></div>');
  writeFileSync(path.join(distDir, 'portal.html'), '<div id="portal"></div>');
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the public schedule', () => {
  it('is readable without signing in: places left, nobody named', async () => {
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      name: 'Open Yoga',
      capacity: 12,
    });
    const res = await call(t.app, 'GET', `/api/m/${owner.organization.slug}/classes`);
    expect(res.status, res.text).toBe(200);
    const shown = res.body.sessions.find((s: { id: string }) => s.id === session.id);
    expect(shown).toMatchObject({ name: 'Open Yoga', placesLeft: 12, myBooking: null });
    expect((await call(t.app, 'GET', '/api/m/not-a-studio-slug/classes')).status).toBe(404);
  });
});

describe('Embed on your website', () => {
  it('lists the origins allowed to frame the schedule, and checks each', async () => {
    const empty = await call(t.app, 'GET', '/api/settings/portal-embed', { cookie: owner.cookie });
    expect(empty.body).toEqual({
      origins: [],
      scheduleUrl: `http://localhost:3000/m/${owner.organization.slug}/schedule`,
    });
    const bad = await call(t.app, 'PUT', '/api/settings/portal-embed', {
      cookie: owner.cookie,
      body: { origins: ['https://gym.example/classes'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter a website address like https://www.example.com (no path)');
    const saved = await call(t.app, 'PUT', '/api/settings/portal-embed', {
      cookie: owner.cookie,
      body: { origins: ['https://www.gym.example', 'HTTPS://Other.example'] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.origins).toEqual(['https://other.example', 'https://www.gym.example']);
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const refused = await call(t.app, 'PUT', '/api/settings/portal-embed', {
      cookie: trainer.cookie,
      body: { origins: [] },
    });
    expect(refused.status).toBe(403);
  });

  it('lets only those origins frame the schedule page; every other page stays unframeable', async () => {
    const web = createApp(t.deps, { webDistDir: distDir });
    const { slug } = owner.organization;
    await call(t.app, 'PUT', '/api/settings/portal-embed', {
      cookie: owner.cookie,
      body: { origins: ['https://www.gym.example'] },
    });
    const page = await web.request(`http://localhost:3000/m/${slug}/schedule`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self' https://www.gym.example");
    expect(csp).toContain("script-src 'self'");
    for (const other of [`/m/${slug}`, `/m/${slug}/bookings`, '/members', '/']) {
      const res = await web.request(`http://localhost:3000${other}`);
      expect(res.headers.get('content-security-policy'), other).toContain("frame-ancestors 'none'");
    }
  });
});
