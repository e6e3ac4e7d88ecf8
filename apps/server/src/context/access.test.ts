import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { can, type Permission } from '@fitbase/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../test/test-app.ts';
import { addMember, personWithRole, validCard } from '../../test/fixtures/members.ts';
import { isPublicRoute } from '../http/public-routes.ts';
import { ACCESS_EXTENSION, type RouteAccess } from './route-access.ts';
import { sampleFromSchema } from '../../test/fixtures/json-schema-sample.ts';
import { signInMember } from '../../test/fixtures/portal.ts';
import { sqlRows } from '../../test/sql-rows.ts';
import { dispatchWebhookEvents } from '../modules/webhooks/webhooks-dispatch.service.ts';

/**
 * Generated from the OpenAPI document, so a new route is covered without a new test:
 * - every /api operation declares its access (public, account, platform or studio);
 * - for every studio operation and every role, the permission matrix decides 403 or not;
 * - a person of another studio, whatever their role, gets for a real id of this studio
 *   exactly the answer they get for an id that does not exist (the same status and code);
 * - member portal routes refuse staff sessions, and another member of the same studio or a
 *   member of another studio gets for a member's record the answer for an id that does not exist;
 * - API keys, read-only and read-write, of this studio and another: the same, as an admin.
 */

const ROLES: OrganizationRole[] = ['owner', 'admin', 'trainer', 'staff'];
type Operation = {
  method: string;
  path: string;
  access: RouteAccess | undefined;
  body?: unknown;
};

/**
 * Bodies whose rules go beyond their schema (a card expiry in the future). Every other body is
 * sampled from the OpenAPI schema; a sample the server refuses fails the isolation test below.
 */
const SAMPLE_BODIES: Record<string, () => unknown> = {
  'POST /api/members/{id}/payment-methods': () => validCard(),
  'PATCH /api/sessions/{id}': () => ({ scope: 'this', capacity: 5 }),
  'PATCH /api/discounts/{id}': () => ({ isActive: false }),
  // A rate's percent follows a pattern the sampler does not write.
  'POST /api/tax/rates': () => ({ name: 'VAT', rate: '20', inclusive: true }),
  'PATCH /api/tax/rates/{id}': () => ({ name: 'VAT' }),
  'PATCH /api/tax': () => ({ rounding: 'half_even' }),
  'PATCH /api/households/{id}': () => ({ name: 'Renamed household' }),
  'POST /api/members/{id}/messages': () => ({ subject: 'Hi', content: 'Hello {{first_name}}' }),
  'PATCH /api/conversations/{id}': () => ({ status: 'resolved' }),
  'POST /api/m/{slug}/offers/{id}/buy': () => ({ card: validCard() }),
  'POST /api/m/{slug}/cards': () => validCard(),
  // Gift cards: cash needs no card; a code that is no card's answers 404 in every studio.
  'POST /api/gift-cards': () => ({
    amount: '10.00',
    method: 'cash',
    recipientEmail: 'gift@example.com',
  }),
  'POST /api/m/{slug}/gift-cards': () => ({ amount: '10.00', recipientEmail: 'gift@example.com' }),
  // Refund balance: a valid amount, so the card's id (not the body) decides the answer.
  'POST /api/gift-cards/{id}/refund': () => ({ amount: '1.00' }),
  // A public IP literal: accepted without a DNS lookup, and nothing is sent in this test.
  'POST /api/webhook-endpoints': () => ({
    url: 'https://1.1.1.1/hooks',
    events: ['member.created'],
  }),
  'POST /api/memberships/{id}/change-plan': () => ({
    planId: randomUUID(),
    when: 'next_cycle',
    expectedCredit: '0.00',
    expectedCharge: '10.00',
  }),
  'POST /api/m/{slug}/memberships/{id}/pause': () => ({
    firstDay: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    lastDay: new Date(Date.now() + 11 * 86_400_000).toISOString().slice(0, 10),
  }),
};

/** Query strings of operations whose query parameters are required (the id is what is tried). */
const SAMPLE_QUERIES: Record<string, () => string> = {
  '/api/memberships/{id}/plan-change': () => `?planId=${randomUUID()}&when=today`,
};

/**
 * Paths whose parameter names a thing of the catalog (a report), not a record of a studio: there
 * is no foreign id to try. Their isolation is tested where they live (reports.test.ts: another
 * studio's sales, members and bookings never reach a report).
 */
const NAMED_NOT_IDS = new Set(['/api/reports/{report}', '/api/reports/{report}/export']);

let t: TestContext;
let operations: Operation[];
/** The ids of studio A's records, by the first path segment after /api. */
const foreignIds: Record<string, string> = {};
/** Member portal callers: studio A's member whose records they are, another of A, one of B. */
const portal = {} as Record<
  'owner' | 'sameStudio' | 'otherStudio',
  { slug: string; cookie: string }
>;
/** API keys of studios A and B, each scope (docs/product/integrations.md#api-keys). */
const keys = {} as Record<'aRead' | 'aWrite' | 'bRead' | 'bWrite', string>;
const people: Record<'a' | 'b', Record<OrganizationRole, string>> = {
  a: {} as Record<OrganizationRole, string>,
  b: {} as Record<OrganizationRole, string>,
};

async function studioWithEveryRole(side: 'a' | 'b') {
  const owner = await createOwner(t.app, 'pro');
  people[side].owner = owner.cookie;
  for (const role of ['admin', 'trainer', 'staff'] as const)
    people[side][role] = (await personWithRole(t, owner.organization.id, role)).cookie;
  return owner;
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
  operations = [];
  for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema: unknown }> })
        ?.content?.['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        access: op[ACCESS_EXTENSION] as RouteAccess | undefined,
        body:
          SAMPLE_BODIES[`${method.toUpperCase()} ${path}`]?.() ??
          (content ? sampleFromSchema(content.schema, doc) : undefined),
      });
    }
  }
  const a = await studioWithEveryRole('a');
  const b = await studioWithEveryRole('b');
  const member = await addMember(t, a.cookie);
  const slugA = a.organization.slug;
  const slugB = b.organization.slug;
  portal.owner = { slug: slugA, cookie: (await signInMember(t, slugA, member.email)).cookie };
  const sameStudio = await addMember(t, a.cookie);
  portal.sameStudio = {
    slug: slugA,
    cookie: (await signInMember(t, slugA, sameStudio.email)).cookie,
  };
  const otherStudio = await addMember(t, b.cookie);
  portal.otherStudio = {
    slug: slugB,
    cookie: (await signInMember(t, slugB, otherStudio.email)).cookie,
  };
  foreignIds.members = member.id;
  const card = await call(t.app, 'POST', `/api/members/${member.id}/payment-methods`, {
    cookie: a.cookie,
    body: validCard(),
  });
  foreignIds.cards = card.body.id;
  const household = await call(t.app, 'POST', '/api/households', {
    cookie: a.cookie,
    body: { name: 'The Testers', payerMemberId: member.id },
  });
  foreignIds.households = household.body.id;
  foreignIds.dependents = member.id;
  const service = await call(t.app, 'POST', '/api/services', {
    cookie: a.cookie,
    body: { name: 'Spin', price: '10.00', durationMinutes: 45 },
  });
  foreignIds.services = service.body.id;
  const staff = await call(t.app, 'GET', '/api/staff', { cookie: a.cookie });
  foreignIds.staff = staff.body.staff[0].id;
  const facility = await call(t.app, 'POST', '/api/facilities', {
    cookie: a.cookie,
    body: { name: 'Studio A', capacity: 20 },
  });
  foreignIds.facilities = facility.body.id;
  const scheduleClass = await call(t.app, 'POST', '/api/classes', {
    cookie: a.cookie,
    body: {
      name: 'Morning Yoga',
      capacity: 10,
      durationMinutes: 60,
      startsOn: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      startTime: '07:00',
    },
  });
  foreignIds.classes = scheduleClass.body.id;
  const sessions = await call(
    t.app,
    'GET',
    `/api/sessions?from=${new Date().toISOString()}&to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}&classId=${scheduleClass.body.id}`,
    { cookie: a.cookie },
  );
  foreignIds.sessions = sessions.body.sessions[0].id;
  foreignIds.trainers = staff.body.staff.find((s: { role: string }) => s.role === 'trainer').userId;
  const course = await call(t.app, 'POST', '/api/classes', {
    cookie: a.cookie,
    body: {
      kind: 'course',
      name: 'Beginner Course',
      capacity: 8,
      durationMinutes: 60,
      startsOn: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      startTime: '18:00',
      recurrenceRule: 'FREQ=WEEKLY;COUNT=4',
    },
  });
  foreignIds.courses = course.body.id;
  const booking = await call(t.app, 'POST', `/api/sessions/${foreignIds.sessions}/bookings`, {
    cookie: a.cookie,
    body: { memberId: member.id },
  });
  foreignIds.bookings = booking.body.id;
  const product = await call(t.app, 'POST', '/api/products', {
    cookie: a.cookie,
    body: { name: 'Protein Bar', sku: 'PRO-1', price: '3.50', initialStock: 5 },
  });
  foreignIds.products = product.body.id;
  const order = await call(t.app, 'POST', '/api/orders', {
    cookie: a.cookie,
    body: { method: 'cash', lines: [{ productId: product.body.id, quantity: 1 }] },
  });
  foreignIds.orders = order.body.id;
  const giftCard = await call(t.app, 'POST', '/api/gift-cards', {
    cookie: a.cookie,
    body: { amount: '20.00', method: 'cash', recipientEmail: 'gift@example.com' },
  });
  foreignIds['gift-cards'] = giftCard.body.id;
  const discount = await call(t.app, 'POST', '/api/discounts', {
    cookie: a.cookie,
    body: { code: 'SPRING10', kind: 'percent', value: '10' },
  });
  foreignIds.discounts = discount.body.id;
  const taxRate = await call(t.app, 'POST', '/api/tax/rates', {
    cookie: a.cookie,
    body: { name: 'VAT', rate: '20', inclusive: true },
  });
  foreignIds.tax = taxRate.body.rates[0].id;
  const template = await call(t.app, 'POST', '/api/email-templates', {
    cookie: a.cookie,
    body: { name: 'Welcome', subject: 'Hi {{first_name}}', content: 'Welcome!' },
  });
  foreignIds['email-templates'] = template.body.id;
  const campaign = await call(t.app, 'POST', '/api/campaigns', {
    cookie: a.cookie,
    body: { name: 'Spring offer', subject: 'Spring', content: 'Hello' },
  });
  foreignIds.campaigns = campaign.body.id;
  const payRate = await call(t.app, 'POST', '/api/pay-rates', {
    cookie: a.cookie,
    body: {
      staffUserId: foreignIds.trainers,
      kind: 'per_class',
      amount: '25.00',
      effectiveFrom: '2026-01-01',
    },
  });
  foreignIds['pay-rates'] = payRate.body.id;
  const payment = await call(t.app, 'POST', '/api/payments', {
    cookie: a.cookie,
    body: { memberId: member.id, amount: '20.00', description: 'Drop-in', method: 'cash' },
  });
  foreignIds.payments = payment.body.id;
  // The member's receipt of that payment (issued by the ledger trigger).
  const [receipt] = await sqlRows<{ id: string }>(
    t.deps.database.db,
    sql`select id from receipts where ledger_entry_id = ${payment.body.id}`,
  );
  foreignIds.receipts = receipt!.id;
  const plan = await call(t.app, 'POST', '/api/plans', {
    cookie: a.cookie,
    body: {
      name: '10 Class Pack',
      kind: 'class_pack',
      price: '150.00',
      credits: 10,
      validityDays: 90,
    },
  });
  foreignIds.plans = plan.body.id;
  foreignIds.offers = plan.body.id;
  const membership = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
    cookie: a.cookie,
    body: { planId: plan.body.id, method: 'cash' },
  });
  foreignIds.memberships = membership.body.id;
  const leadSource = await call(t.app, 'POST', '/api/lead-sources', {
    cookie: a.cookie,
    body: { name: 'Walk-in' },
  });
  foreignIds['lead-sources'] = leadSource.body.id;
  const waiver = await call(t.app, 'POST', '/api/settings/waivers/versions', {
    cookie: a.cookie,
    body: { title: 'Liability waiver', body: 'At my own risk.' },
  });
  const signature = await call(t.app, 'POST', `/api/m/${slugA}/waiver/sign`, {
    cookie: portal.owner.cookie,
    body: { waiverId: waiver.body.id, fullName: 'Alex Tester', agree: true },
  });
  foreignIds['waiver-signatures'] = signature.body.signature.id;
  const lead = await call(t.app, 'POST', '/api/leads', {
    cookie: a.cookie,
    body: { firstName: 'Jamie', lastName: 'Lead', email: 'jamie.lead@example.com' },
  });
  foreignIds.leads = lead.body.id;
  const message = await call(t.app, 'POST', `/api/members/${member.id}/messages`, {
    cookie: a.cookie,
    body: { subject: 'Hi', content: 'Hello' },
  });
  foreignIds.conversations = message.body.conversationId;
  const tag = await call(t.app, 'POST', '/api/tags', {
    cookie: a.cookie,
    body: { name: 'VIP' },
  });
  foreignIds.tags = tag.body.id;
  const task = await call(t.app, 'POST', '/api/tasks', {
    cookie: a.cookie,
    body: { title: 'Call back', dueOn: '2026-01-01' },
  });
  foreignIds.tasks = task.body.id;
  const audience = await call(t.app, 'POST', '/api/audiences', {
    cookie: a.cookie,
    body: { name: 'Family Smith', kind: 'manual' },
  });
  foreignIds.audiences = audience.body.id;
  const automation = await call(t.app, 'POST', '/api/automations', {
    cookie: a.cookie,
    body: { name: 'Say hello', trigger: 'lead_created' },
  });
  foreignIds.automations = automation.body.id;
  const dataImport = await call(t.app, 'POST', '/api/imports', {
    cookie: a.cookie,
    body: {
      kind: 'leads',
      fileName: 'leads.csv',
      text: 'First name,Last name,Email\nLee,Prospect,lee-import@example.com\n',
      mapping: { firstName: 'First name', lastName: 'Last name', email: 'Email' },
      dateFormat: 'YYYY-MM-DD',
    },
  });
  foreignIds.imports = dataImport.body.id;
  // A kiosk, and a check-in it sent from offline that the server would have refused (a
  // suspended member): an exception for staff.
  const kiosk = await call(t.app, 'POST', '/api/kiosks', {
    cookie: a.cookie,
    body: { name: 'Front door' },
  });
  foreignIds.kiosks = kiosk.body.kiosk.id;
  const paired = await call(t.app, 'POST', '/api/kiosk/pair', {
    body: { code: kiosk.body.pairingCode },
  });
  const lapsed = await addMember(t, a.cookie);
  const suspended = await call(t.app, 'PATCH', `/api/members/${lapsed.id}`, {
    cookie: a.cookie,
    body: { membershipStatus: 'suspended' },
  });
  await call(t.app, 'POST', '/api/kiosk/check-ins/sync', {
    headers: { authorization: `Bearer ${paired.body.token}` },
    body: {
      checkIns: [
        {
          clientId: randomUUID(),
          memberNumber: suspended.body.memberNumber,
          sessionId: null,
          checkedInAt: new Date().toISOString(),
        },
      ],
    },
  });
  const exceptions = await call(t.app, 'GET', '/api/kiosk-exceptions', { cookie: a.cookie });
  foreignIds['kiosk-exceptions'] = exceptions.body.exceptions[0].id;
  // A webhook endpoint and one delivery of it (dispatched; no worker sends it here).
  const endpoint = await call(t.app, 'POST', '/api/webhook-endpoints', {
    cookie: a.cookie,
    body: { url: 'https://1.1.1.1/hooks', events: ['member.created'] },
  });
  foreignIds['webhook-endpoints'] = endpoint.body.id;
  await addMember(t, a.cookie);
  await dispatchWebhookEvents(t.deps);
  const [delivery] = await sqlRows<{ id: string }>(
    t.deps.database.db,
    sql`select id from webhook_deliveries where endpoint_id = ${endpoint.body.id}`,
  );
  foreignIds['webhook-deliveries'] = delivery!.id;
  // API keys of both studios, each scope (docs/product/integrations.md#api-keys).
  for (const [side, owner] of [
    ['a', a],
    ['b', b],
  ] as const) {
    for (const scope of ['read', 'write'] as const) {
      const made = await call(t.app, 'POST', '/api/api-keys', {
        cookie: owner.cookie,
        body: { name: `${side} ${scope}`, scope },
      });
      keys[`${side}${scope === 'read' ? 'Read' : 'Write'}`] = made.body.key;
      if (side === 'a') foreignIds['api-keys'] = made.body.apiKey.id;
    }
  }
}, 120_000);
afterAll(async () => t?.close());

function concrete(path: string, id: (segment: string) => string): string {
  const segment = path.split('/')[2] ?? '';
  return path.replace(/\{[^}]+\}/g, () => id(segment)) + (SAMPLE_QUERIES[path]?.() ?? '');
}

/** A portal path for `slug`, its id the one `id` gives for the segment it names. */
function portalPath(path: string, slug: string, id: (segment: string) => string): string {
  const segment = path.split('/')[4] ?? '';
  return path.replace('{slug}', slug).replace(/\{[^}]+\}/g, () => id(segment));
}

describe('every route declares how it is reached', () => {
  it('is public, account-level, platform-level or a studio route with a permission', () => {
    const undeclared = operations
      .filter((op) => !op.access && !isPublicRoute(op.method, op.path.replace(/\{[^}]+\}/g, 'x')))
      .map((op) => `${op.method} ${op.path}`);
    expect(undeclared).toEqual([]);
    expect(operations.filter((op) => op.access?.kind === 'studio').length).toBeGreaterThan(10);
  });
});

describe('studio routes follow the permission matrix for every role', () => {
  it('answers 403 exactly where the matrix refuses the role', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      if (op.access?.kind !== 'studio' || op.path === '/api/events') continue;
      const permission: Permission = op.access.permission;
      for (const role of ROLES) {
        // Unknown ids: a permitted role reaches the lookup (404), a refused one never does.
        const res = await call(
          t.app,
          op.method,
          concrete(op.path, () => randomUUID()),
          {
            cookie: people.a[role],
            body: op.body,
          },
        );
        // Permissions are checked before the body is validated: a 400 also means "allowed".
        const refused = res.status === 403;
        if (refused === can(role, permission))
          wrong.push(`${role} ${op.method} ${op.path}: ${res.status} ${res.text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses platform routes to every studio role without a platform role', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.access?.kind === 'platform')) {
      for (const role of ROLES) {
        const res = await call(
          t.app,
          op.method,
          concrete(op.path, () => randomUUID()),
          {
            cookie: people.a[role],
            body: op.body,
          },
        );
        if (res.status !== 403) wrong.push(`${role} ${op.method} ${op.path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("another studio's ids answer like ids that do not exist", () => {
  it('for every studio route with an id, every role of studio B', async () => {
    const leaks: string[] = [];
    for (const op of operations) {
      if (op.access?.kind !== 'studio' || !op.path.includes('{')) continue;
      if (NAMED_NOT_IDS.has(op.path)) continue;
      for (const role of ROLES) {
        const foreignPath = concrete(op.path, (segment) => {
          const id = foreignIds[segment];
          if (!id) throw new Error(`No record of studio A for ${op.path}: add one to beforeAll`);
          return id;
        });
        const foreign = await call(t.app, op.method, foreignPath, {
          cookie: people.b[role],
          body: op.body,
        });
        const missing = await call(
          t.app,
          op.method,
          concrete(op.path, () => randomUUID()),
          {
            cookie: people.b[role],
            body: op.body,
          },
        );
        const expected = can(role, op.access.permission) ? 404 : 403;
        if (
          foreign.status !== expected ||
          missing.status !== expected ||
          foreign.body?.error?.code !== missing.body?.error?.code ||
          foreign.body?.error?.message !== missing.body?.error?.message
        )
          leaks.push(
            `${role} ${op.method} ${op.path}: ${foreign.status} vs ${missing.status} ${foreign.text}`,
          );
      }
    }
    expect(leaks).toEqual([]);
  });

  it("naming studio A in the header gets studio A's nothing: 404 for its people", async () => {
    const res = await call(t.app, 'GET', '/api/members', {
      cookie: people.b.owner,
      headers: { 'x-organization-id': (await orgIdOf(people.a.owner)) ?? '' },
    });
    expect(res.status).toBe(404);
    const missing = await call(t.app, 'GET', '/api/members', {
      cookie: people.b.owner,
      headers: { 'x-organization-id': randomUUID() },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: res.body.error.code,
      message: res.body.error.message,
    });
  });
});

/** A request with an API key, its bucket full first: these loops outrun any rate limit. */
async function withKey(key: string, method: string, path: string, body: unknown) {
  await t.deps.database.db.execute(sql`update api_key_usage set tokens = 100`);
  return call(t.app, method, path, { headers: { authorization: `Bearer ${key}` }, body });
}

describe('API keys', () => {
  const studioOps = () =>
    operations.filter((op) => op.access?.kind === 'studio' && op.path !== '/api/events');

  it("follow the matrix as an admin's, read-only keys never write, a person's own routes refuse every key", async () => {
    const wrong: string[] = [];
    for (const op of studioOps()) {
      if (op.access?.kind !== 'studio') continue;
      const path = concrete(op.path, () => randomUUID());
      for (const [name, key] of [
        ['read', keys.aRead],
        ['write', keys.aWrite],
      ] as const) {
        const res = await withKey(key, op.method, path, op.body);
        const expected =
          op.access.apiKeys === false
            ? 'api_key_not_allowed'
            : name === 'read' && op.method !== 'GET'
              ? 'api_key_read_only'
              : !can('admin', op.access.permission)
                ? 'forbidden'
                : null;
        const code = res.status === 403 ? res.body?.error?.code : null;
        if (code !== expected || res.status === 401 || res.status >= 500)
          wrong.push(`${name} key ${op.method} ${op.path}: ${res.status} ${res.text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never reach account, owner portal, member portal or kiosk routes', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const kind = op.access?.kind;
      if (kind !== 'account' && kind !== 'platform' && kind !== 'member' && kind !== 'kiosk')
        continue;
      const path =
        kind === 'member'
          ? portalPath(op.path, portal.owner.slug, () => randomUUID())
          : concrete(op.path, () => randomUUID());
      const res = await withKey(keys.aWrite, op.method, path, op.body);
      const refused =
        kind === 'account' || kind === 'platform'
          ? res.status === 403 && res.body?.error?.code === 'api_key_not_allowed'
          : res.status === 401;
      if (!refused) wrong.push(`${op.method} ${op.path}: ${res.status} ${res.text}`);
    }
    expect(wrong).toEqual([]);
  });

  it("of studio B get for studio A's ids the answer for ids that do not exist", async () => {
    const leaks: string[] = [];
    for (const op of studioOps()) {
      if (op.access?.kind !== 'studio' || !op.path.includes('{')) continue;
      if (NAMED_NOT_IDS.has(op.path) || op.access.apiKeys === false) continue;
      for (const key of [keys.bRead, keys.bWrite]) {
        const foreign = await withKey(
          key,
          op.method,
          concrete(op.path, (segment) => foreignIds[segment]!),
          op.body,
        );
        const missing = await withKey(
          key,
          op.method,
          concrete(op.path, () => randomUUID()),
          op.body,
        );
        if (
          foreign.status !== missing.status ||
          foreign.body?.error?.code !== missing.body?.error?.code ||
          foreign.body?.error?.message !== missing.body?.error?.message
        )
          leaks.push(
            `${op.method} ${op.path}: ${foreign.status} vs ${missing.status} ${foreign.text}`,
          );
      }
    }
    expect(leaks).toEqual([]);
  });
});

async function orgIdOf(cookie: string): Promise<string | null> {
  return (await call(t.app, 'GET', '/api/me', { cookie })).body.currentOrganizationId;
}

describe('member portal routes', () => {
  const memberOps = () => operations.filter((op) => op.access?.kind === 'member');

  it('are declared, and refuse every staff session (a member session is its own kind)', async () => {
    expect(memberOps().length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const op of memberOps()) {
      for (const role of ROLES) {
        const path = portalPath(op.path, portal.owner.slug, () => randomUUID());
        const res = await call(t.app, op.method, path, { cookie: people.a[role], body: op.body });
        if (res.status !== 401) wrong.push(`${role} ${op.method} ${op.path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuse a member session in another studio's portal", async () => {
    const wrong: string[] = [];
    for (const op of memberOps()) {
      const path = portalPath(op.path, portal.owner.slug, () => randomUUID());
      const res = await call(t.app, op.method, path, {
        cookie: portal.otherStudio.cookie,
        body: op.body,
      });
      if (res.status !== 401) wrong.push(`${op.method} ${op.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answer another member's and another studio's ids like ids that do not exist", async () => {
    // A session of the studio is the studio's to every member of it: only other studios'
    // members are strangers to it. A booking is its member's alone.
    const strangers: Record<string, Array<keyof typeof portal>> = {
      sessions: ['otherStudio'],
      bookings: ['sameStudio', 'otherStudio'],
      memberships: ['sameStudio', 'otherStudio'],
      // The studio's offers are every member's to see; another studio's are nobody's here.
      offers: ['otherStudio'],
      cards: ['sameStudio', 'otherStudio'],
      'waiver-signatures': ['sameStudio', 'otherStudio'],
      receipts: ['sameStudio', 'otherStudio'],
      // A household member's bookings are their payer's to see and make: nobody else's.
      dependents: ['sameStudio', 'otherStudio'],
    };
    const leaks: string[] = [];
    for (const op of memberOps().filter((o) => o.path.includes('{id}'))) {
      const segment = op.path.split('/')[4] ?? '';
      const callers = strangers[segment];
      if (!callers) throw new Error(`No foreign record for ${op.path}: add one to the test`);
      for (const who of callers) {
        const { slug, cookie } = portal[who];
        const foreign = await call(
          t.app,
          op.method,
          portalPath(op.path, slug, (s) => foreignIds[s]!),
          { cookie, body: op.body },
        );
        const missing = await call(
          t.app,
          op.method,
          portalPath(op.path, slug, () => randomUUID()),
          { cookie, body: op.body },
        );
        if (
          foreign.status !== 404 ||
          missing.status !== 404 ||
          foreign.body?.error?.message !== missing.body?.error?.message
        )
          leaks.push(
            `${who} ${op.method} ${op.path}: ${foreign.status} vs ${missing.status} ${foreign.text}`,
          );
      }
    }
    expect(leaks).toEqual([]);
    // The member whose booking it is reaches it.
    const own = await call(
      t.app,
      'GET',
      `/api/m/${portal.owner.slug}/bookings/${foreignIds.bookings}/cancel-terms`,
      { cookie: portal.owner.cookie },
    );
    expect(own.status, own.text).toBe(200);
  });

  it("answer another member's push subscription like one that does not exist", async () => {
    // A subscription is named by its endpoint, not an id: the member's own device only.
    const { slug, cookie } = portal.owner;
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    const keys = {
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    const url = (s: string) =>
      `/api/m/${s}/push/subscription?endpoint=${encodeURIComponent(endpoint)}`;
    const put = await call(t.app, 'POST', `/api/m/${slug}/push/subscription`, {
      cookie,
      body: { endpoint, keys },
    });
    expect(put.status, put.text).toBe(200);
    const other = portal.sameStudio;
    expect((await call(t.app, 'GET', url(other.slug), { cookie: other.cookie })).body).toEqual({
      subscribed: false,
    });
    expect((await call(t.app, 'DELETE', url(other.slug), { cookie: other.cookie })).status).toBe(
      200,
    );
    const stranger = portal.otherStudio;
    expect(
      (await call(t.app, 'GET', url(stranger.slug), { cookie: stranger.cookie })).body,
    ).toEqual({
      subscribed: false,
    });
    await call(t.app, 'DELETE', url(stranger.slug), { cookie: stranger.cookie });
    expect((await call(t.app, 'GET', url(slug), { cookie })).body).toEqual({ subscribed: true });
  });
});
