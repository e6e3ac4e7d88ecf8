import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, memberBody } from '../../../test/fixtures/members.ts';
import { sqlRows } from '../../../test/sql-rows.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { members } from '../../db/schema/members.ts';
import type { Deps } from '../../http/types.ts';
import { startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { JOB_HANDLERS } from '../../jobs/job-handlers.ts';
import { isAllowedAddress } from './webhook-address.ts';
import { sendWebhook } from './webhook-send.ts';
import {
  DISABLED_REASON,
  RETRY_DELAYS_SECONDS,
  deliverWebhook,
} from './webhooks-deliver.service.ts';
import {
  dispatchWebhookEvents,
  startWebhookDispatcher,
  sweepWebhookEvents,
} from './webhooks-dispatch.service.ts';

// docs/product/integrations.md#webhooks, docs/decisions/0034-webhook-delivery.md: real
// deliveries to a local receiver, verified with the standardwebhooks package.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

let t: TestContext;
let deps: Deps;
let runner: JobRunner;
let receiver: Server;
let base: string;
let smtp: SmtpInbox;
const received: Received[] = [];
/** How the receiver answers: a status, or 'hang' (never answers). */
let answer: number | 'hang' = 200;

beforeAll(async () => {
  t = await createTestApp();
  t.deps.config.webhookAllowLoopback = true;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '',
      });
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer >= 300 ? `failure ${'x'.repeat(3000)}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  smtp = await startSmtpInbox();
  deps = { ...t.deps, mailer: smtp.mailer };
  runner = await startJobRunner(
    deps,
    {
      'webhooks.deliver': JOB_HANDLERS['webhooks.deliver'],
      'webhooks.email': JOB_HANDLERS['webhooks.email'],
    },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await smtp?.close();
  await t?.close();
});
beforeEach(() => {
  answer = 200;
  t.deps.config.webhookAllowLoopback = true;
});

/** Dispatches recorded events and runs every due delivery, as the server would at once. */
async function deliverNow() {
  await dispatchWebhookEvents(deps);
  await runner.drain('webhooks.deliver');
}

async function studioWithEndpoint(events: string[] = ['member.created', 'member.updated']) {
  const owner = await createOwner(t.app);
  const created = await call(t.app, 'POST', '/api/webhook-endpoints', {
    cookie: owner.cookie,
    body: { url: `${base}/hooks/${owner.organization.slug}`, description: 'CRM', events },
  });
  expect(created.status, created.text).toBe(201);
  return { owner, endpoint: created.body as { id: string; secret: string; url: string } };
}

const forStudio = (slug: string) => received.filter((r) => r.path === `/hooks/${slug}`);

function verified(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as { type: string; organizationId: string; timestamp: string; data: Record<string, unknown> };
}

async function nextJobOf(deliveryId: string) {
  const [job] = await sqlRows<{ start_after: Date | string; data: { attempt: number } }>(
    t.deps.database.db,
    sql`select start_after, data from pgboss.job where name = 'webhooks.deliver'
        and data->>'deliveryId' = ${deliveryId} and state = 'created' order by created_on desc limit 1`,
  );
  return job && { startAfter: new Date(job.start_after), attempt: job.data.attempt };
}

async function deliveriesOf(endpointId: string) {
  return sqlRows<{ id: string; status: string; attempts: number }>(
    t.deps.database.db,
    sql`select id, status, attempts from webhook_deliveries where endpoint_id = ${endpointId} order by created_at`,
  );
}

describe('Settings › Webhooks', () => {
  it('adds an endpoint with its own whsec_ secret, edits it and audits it without the secret', async () => {
    const { owner, endpoint } = await studioWithEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const other = await studioWithEndpoint();
    expect(other.endpoint.secret).not.toBe(endpoint.secret);

    const edited = await call(t.app, 'PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
      cookie: owner.cookie,
      body: { events: ['booking.created', 'member.created'], enabled: false },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      events: ['member.created', 'booking.created'],
      enabled: false,
    });
    const rotated = await call(
      t.app,
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
      { cookie: owner.cookie },
    );
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const removed = await call(t.app, 'DELETE', `/api/webhook-endpoints/${endpoint.id}`, {
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(204);

    const audit = await sqlRows<{ action: string; before: unknown; after: unknown }>(
      t.deps.database.db,
      sql`select action, before, after from audit_log where organization_id = ${owner.organization.id}
          and table_name = 'webhook_endpoints' order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['insert', 'update', 'update', 'delete']);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('refuses addresses that are not https:// or not public, with a message a person can act on', async () => {
    const owner = await createOwner(t.app);
    t.deps.config.webhookAllowLoopback = false;
    for (const url of [
      'http://1.1.1.1/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://172.16.5.5/hook',
      'https://100.64.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      `${base}/hook`,
    ]) {
      const res = await call(t.app, 'POST', '/api/webhook-endpoints', {
        cookie: owner.cookie,
        body: { url, events: ['member.created'] },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error.fields?.url ?? res.body.error.message, url).toMatch(
        /https:\/\/|non-public|private/,
      );
    }
    const list = await call(t.app, 'GET', '/api/webhook-endpoints', { cookie: owner.cookie });
    expect(list.body.endpoints).toEqual([]);
  });

  it('tells public from non-public addresses', () => {
    for (const address of ['1.1.1.1', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isAllowedAddress(address, false), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.100.100.100',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      '::1',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ])
      expect(isAllowedAddress(address, false), address).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
  });
});

describe('deliveries', () => {
  it('sends a signed Standard Webhooks delivery of the object as the API returns it', async () => {
    const { owner, endpoint } = await studioWithEndpoint();
    const member = await addMember(t, owner.cookie);
    await deliverNow();
    const [request] = forStudio(owner.organization.slug);
    expect(request).toBeDefined();
    expect(request!.headers['content-type']).toBe('application/json');
    expect(String(request!.headers['webhook-id'])).toMatch(/^msg_/);
    expect(String(request!.headers['webhook-signature'])).toMatch(/^v1,/);
    const payload = verified(endpoint.secret, request!);
    expect(payload).toMatchObject({
      type: 'member.created',
      organizationId: owner.organization.id,
    });
    const api = await call(t.app, 'GET', `/api/members/${member.id}`, { cookie: owner.cookie });
    expect(payload.data).toEqual(api.body);
    // A wrong secret does not verify.
    expect(() => verified(`whsec_${Buffer.alloc(24).toString('base64')}`, request!)).toThrow();

    const attempts = await call(t.app, 'GET', `/api/webhook-endpoints/${endpoint.id}/attempts`, {
      cookie: owner.cookie,
    });
    expect(attempts.body.attempts).toHaveLength(1);
    expect(attempts.body.attempts[0]).toMatchObject({
      eventType: 'member.created',
      attempt: 1,
      statusCode: 200,
      responseBody: 'ok',
      deliveryStatus: 'succeeded',
      manual: false,
    });
  });

  it('sends nothing for a rolled-back change, and records nothing for a studio without endpoints', async () => {
    const { owner } = await studioWithEndpoint();
    await expect(
      runInStudio(t.deps.database.db, owner.organization.id, async (tx) => {
        await tx.insert(members).values({ organizationId: owner.organization.id, ...memberBody() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await deliverNow();
    expect(forStudio(owner.organization.slug)).toEqual([]);
    const events = await sqlRows(
      t.deps.database.db,
      sql`select id from webhook_events where organization_id = ${owner.organization.id}`,
    );
    expect(events).toEqual([]);

    const plain = await createOwner(t.app);
    await addMember(t, plain.cookie);
    const none = await sqlRows(
      t.deps.database.db,
      sql`select id from webhook_events where organization_id = ${plain.organization.id}`,
    );
    expect(none).toEqual([]);
  });

  it('retries a failing receiver on the schedule, and Resend sends the same message again', async () => {
    const { owner, endpoint } = await studioWithEndpoint();
    answer = 500;
    await addMember(t, owner.cookie);
    const before = Date.now();
    await deliverNow();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    const next = await nextJobOf(delivery!.id);
    expect(next!.attempt).toBe(2);
    const wait = next!.startAfter.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(4_000);
    expect(wait).toBeLessThan(15_000);

    // Each later attempt, run as its job would, schedules the next one after its delay.
    for (let attempt = 2; attempt <= 8; attempt++) {
      const at = new Date();
      await deliverWebhook(
        deps,
        { organizationId: owner.organization.id, deliveryId: delivery!.id, manual: false, attempt },
        () => at,
      );
      const scheduled = await nextJobOf(delivery!.id);
      if (attempt <= 7) {
        expect(scheduled!.attempt).toBe(attempt + 1);
        expect(scheduled!.startAfter.getTime() - at.getTime()).toBe(
          RETRY_DELAYS_SECONDS[attempt - 1]! * 1000,
        );
      }
    }
    const [settled] = await deliveriesOf(endpoint.id);
    expect(settled).toMatchObject({ status: 'failed', attempts: 8 });
    const attempts = await call(t.app, 'GET', `/api/webhook-endpoints/${endpoint.id}/attempts`, {
      cookie: owner.cookie,
    });
    expect(attempts.body.attempts).toHaveLength(8);
    expect(attempts.body.attempts[0].statusCode).toBe(500);
    expect(attempts.body.attempts[0].responseBody.length).toBeLessThanOrEqual(1024);

    answer = 200;
    const resend = await call(t.app, 'POST', `/api/webhook-deliveries/${delivery!.id}/resend`, {
      cookie: owner.cookie,
    });
    expect(resend.status, resend.text).toBe(202);
    await runner.drain('webhooks.deliver');
    const requests = forStudio(owner.organization.slug);
    expect(requests).toHaveLength(9);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    verified(endpoint.secret, requests.at(-1)!);
    const [resent] = await deliveriesOf(endpoint.id);
    expect(resent).toMatchObject({ status: 'succeeded', attempts: 9 });
  });

  it('counts no answer within the timeout as a failed attempt', async () => {
    answer = 'hang';
    const result = await sendWebhook({
      url: `${base}/hooks/hang`,
      body: '{}',
      headers: {},
      allowLoopback: true,
      timeoutMs: 300,
    });
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/No answer within/);
    receiver.closeAllConnections();
  });

  it('disables an endpoint failing for 24 hours and emails the owners', async () => {
    const { owner, endpoint } = await studioWithEndpoint();
    // The last success was 25 hours ago and every attempt since failed.
    await t.deps.database.db.execute(
      sql`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${endpoint.id}`,
    );
    answer = 503;
    await addMember(t, owner.cookie);
    await deliverNow();
    const list = await call(t.app, 'GET', '/api/webhook-endpoints', { cookie: owner.cookie });
    expect(list.body.endpoints[0]).toMatchObject({
      enabled: false,
      disabledReason: DISABLED_REASON,
    });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.status).toBe('failed');
    expect(await nextJobOf(delivery!.id)).toBeUndefined();
    await runner.drain('webhooks.email');
    const mail = smtp.inbox.find((m) => m.subject?.startsWith('Webhook endpoint disabled'));
    expect(mail?.to).toBeDefined();
    expect(JSON.stringify(mail!.to)).toContain(owner.email);
    expect(mail!.text).toContain(endpoint.url);

    // Disabled: a new change records nothing more.
    await addMember(t, owner.cookie);
    await deliverNow();
    expect(forStudio(owner.organization.slug)).toHaveLength(1);
  });

  it('refuses a non-public address again at delivery', async () => {
    const { owner, endpoint } = await studioWithEndpoint();
    t.deps.config.webhookAllowLoopback = false;
    await addMember(t, owner.cookie);
    await deliverNow();
    expect(forStudio(owner.organization.slug)).toEqual([]);
    const attempts = await call(t.app, 'GET', `/api/webhook-endpoints/${endpoint.id}/attempts`, {
      cookie: owner.cookie,
    });
    expect(attempts.body.attempts[0].statusCode).toBeNull();
    expect(attempts.body.attempts[0].error).toMatch(/https:\/\/|non-public/);
  });

  it('delivers within moments of the commit: NOTIFY wakes the dispatcher and the worker', async () => {
    const dispatcher = await startWebhookDispatcher(deps, runner);
    try {
      const { owner, endpoint } = await studioWithEndpoint(['member.updated']);
      const member = await addMember(t, owner.cookie);
      await call(t.app, 'PATCH', `/api/members/${member.id}`, {
        cookie: owner.cookie,
        body: { phone: '555-0100' },
      });
      const started = Date.now();
      while (forStudio(owner.organization.slug).length === 0 && Date.now() - started < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const [request] = forStudio(owner.organization.slug);
      expect(request).toBeDefined();
      const payload = verified(endpoint.secret, request!);
      expect(payload).toMatchObject({ type: 'member.updated', data: { phone: '555-0100' } });
    } finally {
      await dispatcher.stop();
    }
  });

  it('keeps events, deliveries and attempts 30 days', async () => {
    const { owner, endpoint } = await studioWithEndpoint();
    await addMember(t, owner.cookie);
    await deliverNow();
    await sweepWebhookEvents(deps, new Date(Date.now() + 29 * 86_400_000));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    await sweepWebhookEvents(deps, new Date(Date.now() + 31 * 86_400_000));
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    const attempts = await call(t.app, 'GET', `/api/webhook-endpoints/${endpoint.id}/attempts`, {
      cookie: owner.cookie,
    });
    expect(attempts.body.attempts).toEqual([]);
  });
});
