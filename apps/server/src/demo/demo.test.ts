import { reportEntry, REPORT_IDS } from '@fitbase/domain/report-catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/fixtures/members.ts';
import {
  call,
  cookieFrom,
  createOwner,
  createTestApp,
  type TestContext,
} from '../../test/test-app.ts';
import { runInStudio } from '../context/run-in-studio.ts';
import type { Db } from '../db/client.ts';
import { DEMO_PASSWORD, DEMO_SIZES, DEMO_STUDIO } from './demo-options.ts';
import { runDemo, type DemoResult } from './run-demo.ts';
import { studioFigures } from './demo.sql.ts';

// docs/product/demo-studio.md: `npm run demo` makes a studio whose every screen has figures, all
// made by the services real use runs (so every report reconciles with the others), and a second
// run replaces it with the same story, leaving every other studio as it was. The test runs the
// small size (the same steps, 20 members over six weeks): the full one is the CLI's, measured
// by hand (docs/product/demo-studio.md#size-and-speed).

/**
 * Studio GET routes with no path parameter that are not lists or figures of the studio: the
 * event stream, the two downloads (the audit log's and the data export's), the signed-in
 * person's own calendar feed link (none until they ask for one), and the two-factor rule, a
 * yes or no (no for the demo: its accounts have no second factor and must sign in).
 */
const NOT_FIGURES = new Set([
  '/api/events',
  '/api/audit-log/export',
  '/api/data/export',
  // A CSV (the gift card liability), not JSON: its rows are the cards the list shows.
  '/api/gift-cards/export',
  '/api/calendar-feed',
  '/api/settings/security',
]);

/** Query parameters a route requires, as a person would fill them on the demo's last week. */
function queryFor(path: string, today: string, trainerId: string, serviceId: string): string {
  const week = new Date(`${today}T00:00:00Z`);
  const from = new Date(week.getTime() - 7 * 86_400_000).toISOString();
  const to = new Date(week.getTime() + 7 * 86_400_000).toISOString();
  const next = new Date(week.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  if (path === '/api/sessions') return `?from=${from}&to=${to}`;
  if (path === '/api/search') return '?q=an';
  if (path === '/api/appointments/slots')
    return `?trainerUserId=${trainerId}&serviceId=${serviceId}&date=${next}`;
  return '';
}

/**
 * Whether an answer shows the studio's figures: a list with rows, else a positive number, else
 * (a settings page) a value set. A list that is empty fails even if other fields are set.
 */
function showsFigures(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0;
  if (!body || typeof body !== 'object') return false;
  const values = Object.values(body as Record<string, unknown>);
  const lists = values.filter(Array.isArray) as unknown[][];
  if (lists.length > 0) return lists.some((l) => l.length > 0);
  const numbers: number[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'number') numbers.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(body);
  if (numbers.length > 0) return numbers.some((n) => n > 0);
  return values.some((v) => (typeof v === 'string' && v.length > 0) || v === true);
}

const figureValue = (v: unknown) =>
  typeof v === 'number' ? v !== 0 : typeof v === 'string' && v !== '' && Number(v) !== 0;

async function signIn(t: TestContext, email: string) {
  const res = await call(t.app, 'POST', '/api/auth/sign-in/email', {
    body: { email, password: DEMO_PASSWORD },
  });
  expect(res.status, `${email} signs in`).toBe(200);
  return cookieFrom(res.headers);
}

describe('npm run demo', { timeout: 600_000 }, () => {
  let t: TestContext;
  let other: { id: string; cookie: string };
  let otherBefore: Record<string, number>;
  let first: DemoResult;
  const now = new Date();

  const figuresOf = (organizationId: string) =>
    runInStudio(t.deps.database.db as Db, organizationId, (tx) =>
      studioFigures(tx, organizationId),
    );

  beforeAll(async () => {
    t = await createTestApp();
    // Another studio, with a member, that the demo must leave exactly as it is.
    const owner = await createOwner(t.app, 'pro');
    await addMember(t, owner.cookie, { firstName: 'Not', lastName: 'Demo' });
    other = { id: owner.organization.id, cookie: owner.cookie };
    otherBefore = await figuresOf(other.id);
    first = await runDemo(t.deps, { size: 'small', now });
  });
  afterAll(async () => t?.close());

  it('makes the studio with its team, members of every status and a history ending today', async () => {
    const f = first.figures;
    expect(first.slug).toBe(DEMO_STUDIO.slug);
    for (const role of ['owner', 'admin', 'trainer', 'staff'])
      expect(f[`staff: ${role}`] ?? 0, role).toBeGreaterThan(0);
    for (const status of ['active', 'inactive', 'suspended', 'cancelled'])
      expect(f[`members: ${status}`] ?? 0, `members ${status}`).toBeGreaterThan(0);
    const members = Object.entries(f)
      .filter(([k]) => k.startsWith('members: '))
      .reduce((n, [, v]) => n + v, 0);
    expect(members).toBe(DEMO_SIZES.small.members);
    for (const state of ['active', 'paused', 'past_due', 'cancelled', 'expired'])
      expect(f[`memberships: ${state}`] ?? 0, `memberships ${state}`).toBeGreaterThan(0);
    for (const status of ['attended', 'no_show', 'late_cancelled', 'cancelled', 'booked'])
      expect(f[`bookings: ${status}`] ?? 0, `bookings ${status}`).toBeGreaterThan(0);
    for (const kind of ['charge paid', 'charge failed', 'write_off paid'])
      expect(f[`ledger entries: ${kind}`] ?? 0, kind).toBeGreaterThan(0);
    for (const kind of [
      'classes: class',
      'classes: course',
      'leads: converted',
      'campaign opens',
      'campaign clicks',
      'messages: in',
      'waiver signatures',
      'portal members',
      'kiosks',
      'webhook endpoints',
      'stock movements: sold',
      'stock movements: received',
    ])
      expect(f[kind] ?? 0, kind).toBeGreaterThan(0);
    // Staff of every role sign in with the printed password; the portal member is a member here.
    for (const s of first.signIns.filter((x) => x.password)) await signIn(t, s.email);
    const member = first.signIns.find((x) => !x.password)!;
    const owner = await signIn(t, 'owner@demo.fitbase.local');
    const found = await call(
      t.app,
      'GET',
      `/api/members?search=${encodeURIComponent(member.email)}`,
      { cookie: owner },
    );
    expect(found.body.items?.length ?? found.body.members?.length).toBeGreaterThan(0);
  });

  it('shows figures on every staff list and summary, every report and the analytics', async () => {
    const cookie = await signIn(t, 'owner@demo.fitbase.local');
    const headers = { 'x-organization-id': first.organizationId };
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    const trainers = (await call(t.app, 'GET', '/api/trainers', { cookie, headers })).body.trainers;
    const services = (await call(t.app, 'GET', '/api/services', { cookie, headers })).body.services;
    const trainer = trainers.find((p: { name: string }) => p.name === 'Jordan Blake').userId;
    const training = services.find((s: { name: string }) => s.name === 'Personal Training').id;
    const today = new Date(now.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
    const empty: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, { get?: object }>)) {
      const access = (ops.get as { 'x-fitbase-access'?: { kind: string } } | undefined)?.[
        'x-fitbase-access'
      ];
      if (access?.kind !== 'studio' || path.includes('{') || NOT_FIGURES.has(path)) continue;
      const res = await call(t.app, 'GET', `${path}${queryFor(path, today, trainer, training)}`, {
        cookie,
        headers,
      });
      expect(res.status, `GET ${path}: ${res.text.slice(0, 200)}`).toBe(200);
      checked += 1;
      if (!showsFigures(res.body)) empty.push(path);
    }
    expect(checked).toBeGreaterThan(50);
    expect(empty, 'routes with no figures').toEqual([]);

    // Every report and tab over the whole history, and the analytics screens.
    const from =
      first.figures && new Date(now.getTime() - (DEMO_SIZES.small.days + 1) * 86_400_000);
    const period = `period=custom&from=${from.toISOString().slice(0, 10)}&to=${today}`;
    const blank: string[] = [];
    for (const id of REPORT_IDS) {
      const tabs = reportEntry(id).tabs.map((tab) => tab.id);
      for (const tab of tabs.length > 0 ? tabs : [undefined]) {
        const res = await call(
          t.app,
          'GET',
          `/api/reports/${id}?${period}${tab ? `&tab=${tab}` : ''}`,
          { cookie, headers },
        );
        expect(res.status, `${id} ${tab ?? ''}: ${res.text.slice(0, 200)}`).toBe(200);
        const figures = (res.body.figures as Array<{ value: unknown }>).some((x) =>
          figureValue(x.value),
        );
        if (!figures || res.body.total === 0) blank.push(`${id}${tab ? ` (${tab})` : ''}`);
      }
      // Its CSV export: the header and at least one row.
      const csv = await call(t.app, 'GET', `/api/reports/${id}/export?${period}`, {
        cookie,
        headers,
      });
      expect(csv.status, `${id} export`).toBe(200);
      if (csv.text.trim().split('\n').length < 2) blank.push(`${id} (export)`);
    }
    expect(blank, 'reports without figures').toEqual([]);
    for (const screen of ['overview', 'members', 'revenue', 'performance']) {
      const res = await call(t.app, 'GET', `/api/analytics/${screen}`, { cookie, headers });
      expect(res.status).toBe(200);
      expect(showsFigures(res.body), `analytics ${screen}`).toBe(true);
    }
  });

  it('a second run replaces the demo studio with the same counts and leaves other studios alone', async () => {
    const second = await runDemo(t.deps, { size: 'small', now });
    expect(second.replaced).toBe(true);
    expect(second.organizationId).not.toBe(first.organizationId);
    expect(second.figures).toEqual(first.figures);
    const gone = await figuresOf(first.organizationId);
    expect(
      Object.values(gone).every((n) => n === 0),
      JSON.stringify(gone),
    ).toBe(true);
    expect(await figuresOf(other.id)).toEqual(otherBefore);
    const members = await call(t.app, 'GET', '/api/members/summary', { cookie: other.cookie });
    expect(members.status).toBe(200);
  });
});
