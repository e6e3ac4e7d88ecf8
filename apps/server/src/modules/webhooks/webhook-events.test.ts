import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { WEBHOOK_EVENT_TYPES } from '@fitbase/domain/contracts/webhooks';
import { addDays, localDateOf } from '@fitbase/domain/recurrence';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { sqlRows } from '../../../test/sql-rows.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { JOB_HANDLERS } from '../../jobs/job-handlers.ts';
import { dispatchWebhookEvents } from './webhooks-dispatch.service.ts';

// docs/product/integrations.md#webhooks: every event type, made through the API's own paths
// (front desk, point of sale, portal), reaches the endpoint signed, in the order it happened.

let t: TestContext;
let runner: JobRunner;
let receiver: Server;
let base: string;
const received: Array<{ body: string; headers: Record<string, string> }> = [];

beforeAll(async () => {
  t = await createTestApp();
  t.deps.config.webhookAllowLoopback = true;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers as Record<string, string>,
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  runner = await startJobRunner(
    t.deps,
    { 'webhooks.deliver': JOB_HANDLERS['webhooks.deliver'] },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await t?.close();
});

async function ok(method: string, path: string, cookie: string, body?: unknown) {
  const res = await call(t.app, method, path, { cookie, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

describe('webhook events', () => {
  it('sends each of the 14 event types from the paths that make them, signed and in order', async () => {
    const owner = await createOwner(t.app);
    const { cookie } = owner;
    const endpoint = await ok('POST', '/api/webhook-endpoints', cookie, {
      url: `${base}/all`,
      events: [...WEBHOOK_EVENT_TYPES],
    });
    const today = localDateOf(new Date(), 'UTC');

    const member = await addMember(t, cookie);
    await ok('PATCH', `/api/members/${member.id}`, cookie, { phone: '555-0101' });
    const monthly = await ok('POST', '/api/plans', cookie, {
      name: 'Unlimited Monthly',
      kind: 'membership',
      price: '99.00',
      billingInterval: 'month',
    });
    const first = await ok('POST', `/api/members/${member.id}/memberships`, cookie, {
      planId: monthly.id,
      method: 'cash',
    });
    await ok('POST', `/api/memberships/${first.id}/pause`, cookie, {
      resumesOn: addDays(today, 14),
    });
    const other = await addMember(t, cookie);
    const second = await ok('POST', `/api/members/${other.id}/memberships`, cookie, {
      planId: monthly.id,
      method: 'cash',
    });
    await ok('POST', `/api/memberships/${second.id}/cancel`, cookie, {
      when: 'now',
      reason: 'Moving away',
    });
    const payment = await ok('POST', '/api/payments', cookie, {
      memberId: member.id,
      amount: '20.00',
      description: 'Drop-in',
      method: 'cash',
    });
    await ok('POST', `/api/payments/${payment.id}/refund`, cookie, { reason: 'Class cancelled' });
    // The demo processor declines a card ending 0002: the failed charge is on record.
    await ok('POST', `/api/members/${other.id}/payment-methods`, cookie, {
      ...validCard({ cardLastFour: '0002', isDefault: true }),
    });
    const declined = await call(t.app, 'POST', '/api/payments', {
      cookie,
      body: { memberId: other.id, amount: '15.00', description: 'Drop-in', method: 'card' },
    });
    expect(declined.status, declined.text).toBeGreaterThanOrEqual(200);

    const scheduled = await ok('POST', '/api/classes', cookie, {
      name: 'Morning Yoga',
      capacity: 10,
      durationMinutes: 60,
      startsOn: addDays(today, 2),
      startTime: '07:00',
    });
    const sessions = await ok(
      'GET',
      `/api/sessions?from=${new Date().toISOString()}&to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}&classId=${scheduled.id}`,
      cookie,
    );
    const third = await addMember(t, cookie);
    await ok('POST', `/api/members/${third.id}/memberships`, cookie, {
      planId: monthly.id,
      method: 'cash',
    });
    const booking = await ok('POST', `/api/sessions/${sessions.sessions[0].id}/bookings`, cookie, {
      memberId: third.id,
    });
    await ok('POST', `/api/bookings/${booking.id}/cancel`, cookie, {});
    await ok('POST', `/api/members/${member.id}/visits`, cookie);

    const product = await ok('POST', '/api/products', cookie, {
      name: 'Protein Bar',
      sku: 'PRO-1',
      price: '3.50',
      initialStock: 5,
    });
    await ok('POST', '/api/orders', cookie, {
      method: 'cash',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    await ok('POST', '/api/leads', cookie, {
      firstName: 'Jamie',
      lastName: 'Lead',
      email: 'jamie.lead@example.com',
    });
    const waiver = await ok('POST', '/api/settings/waivers/versions', cookie, {
      title: 'Liability waiver',
      body: 'At my own risk.',
    });
    const portal = await signInMember(t, owner.organization.slug, member.email);
    const signed = await call(t.app, 'POST', `/api/m/${owner.organization.slug}/waiver/sign`, {
      cookie: portal.cookie,
      body: { waiverId: waiver.id, fullName: 'Alex Tester', agree: true },
    });
    expect(signed.status, signed.text).toBeLessThan(300);

    await dispatchWebhookEvents(t.deps);
    // A later event of one object waits (0.5 s) for the first attempt of an earlier one: drain
    // until every delivery has been attempted, as the worker would on its next polls.
    for (let round = 0; round < 20; round++) {
      await runner.drain('webhooks.deliver');
      const [pending] = await sqlRows<{ n: number }>(
        t.deps.database.db,
        sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id} and attempts = 0`,
      );
      if (pending!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    const verifier = new Webhook(endpoint.secret as string);
    const events = received.map(
      (r) =>
        verifier.verify(r.body, r.headers) as {
          type: string;
          timestamp: string;
          organizationId: string;
          data: Record<string, unknown>;
        },
    );
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    expect(events.every((e) => e.organizationId === owner.organization.id)).toBe(true);
    const ofType = (type: string) => events.filter((e) => e.type === type);
    expect(ofType('member.updated').some((e) => e.data.phone === '555-0101')).toBe(true);
    expect(ofType('membership.paused')[0]!.data).toMatchObject({ id: first.id, status: 'paused' });
    expect(ofType('booking.cancelled')[0]!.data).toMatchObject({ id: booking.id });
    expect(ofType('payment.refunded')[0]!.data).toMatchObject({ kind: 'refund' });
    expect(ofType('payment.refunded')[0]!.data).not.toHaveProperty('idempotencyKey');
    expect(ofType('waiver.signed')[0]!.data).not.toHaveProperty('ipAddress');
    // One object's events arrive in the order they happened.
    const ofMember = events.filter((e) => e.type.startsWith('member.') && e.data.id === member.id);
    expect(ofMember.map((e) => e.type).slice(0, 2)).toEqual(['member.created', 'member.updated']);
  });
});
