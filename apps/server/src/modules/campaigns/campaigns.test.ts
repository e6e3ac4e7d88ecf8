import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { startSmtpSink, type SmtpSink } from '../../bench/smtp-sink.ts';
import { campaignRecipients } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { JOB_HANDLERS } from '../../jobs/job-handlers.ts';
import { startJobRunner } from '../../jobs/job-queue.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { runCampaignSend } from './campaigns-send.service.ts';

let t: TestContext;
let sink: SmtpSink;
let smtp: Mailer;

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink({
    // One address is refused once with a transient 451, another always with a permanent 550.
    refuse: (session) => {
      const to = session.envelope.rcptTo.map((r) => r.address).join();
      if (to.startsWith('flaky-') && !flakyRefused.has(to)) {
        flakyRefused.add(to);
        return { code: 451, message: 'Try again later' };
      }
      if (to.startsWith('bounce-')) return { code: 550, message: 'No such mailbox' };
      return null;
    },
  });
  smtp = createMailer({
    smtpUrl: sink.url,
    from: 'FitBase <no-reply@fitbase.test>',
    logger: t.deps.logger,
  });
}, 60_000);
afterAll(async () => {
  await sink?.close();
  await t?.close();
});
const flakyRefused = new Set<string>();

/** A studio with a postal address and members with consent (plus two who must get nothing). */
async function studio(consenting: Array<{ email?: string }> = [{}, {}, {}]) {
  const owner = await createOwner(t.app, 'pro');
  const address = await call(t.app, 'PATCH', '/api/organization/postal-address', {
    cookie: owner.cookie,
    body: { postalAddress: '1 Main Street, Springfield' },
  });
  expect(address.status, address.text).toBe(200);
  const yes = [];
  for (const extra of consenting)
    yes.push(await addMember(t, owner.cookie, { marketingConsent: true, ...extra }));
  const noConsent = await addMember(t, owner.cookie, { marketingConsent: false });
  const unsubscribed = await addMember(t, owner.cookie, { marketingConsent: true });
  await t.deps.database.db
    .update(members)
    .set({ unsubscribedAt: new Date() })
    .where(eq(members.id, unsubscribed.id));
  return { owner, yes, others: [noConsent, unsubscribed] };
}

async function draft(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/campaigns', {
    cookie,
    body: {
      name: 'Spring offer',
      subject: 'Spring is here, {{first_name}}',
      content: 'Hi {{full_name}}, [see the offer](https://example.com/offer?a=1&b=2).',
      ...overrides,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const job = (organizationId: string, campaignId: string) => ({ organizationId, campaignId });
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const mailTo = (address: string) => sink.mail.filter((m) => m.to.includes(address.toLowerCase()));

describe('campaign drafts', () => {
  it('creates from a template, refuses unknown fields, duplicates and deletes', async () => {
    const { owner } = await studio([]);
    const nameless = await call(t.app, 'POST', '/api/campaigns', {
      cookie: owner.cookie,
      body: { name: '  ' },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.fields.name).toBe('Campaign Name is required');
    const typo = await call(t.app, 'POST', '/api/campaigns', {
      cookie: owner.cookie,
      body: { name: 'Typo', content: 'Hi {{frist_name}}' },
    });
    expect(typo.body.error).toMatchObject({ code: 'unknown_merge_field' });
    const template = await call(t.app, 'POST', '/api/email-templates', {
      cookie: owner.cookie,
      body: { name: 'News', subject: 'News for {{first_name}}', content: 'Hello!' },
    });
    const fromTemplate = await call(t.app, 'POST', '/api/campaigns', {
      cookie: owner.cookie,
      body: { name: 'April news', templateId: template.body.id },
    });
    expect(fromTemplate.status, fromTemplate.text).toBe(201);
    expect(fromTemplate.body).toMatchObject({
      status: 'draft',
      subject: 'News for {{first_name}}',
      content: 'Hello!',
      sentAt: null,
      openRate: null,
      sendRatePerSecond: 10,
    });
    const copy = await call(t.app, 'POST', `/api/campaigns/${fromTemplate.body.id}/duplicate`, {
      cookie: owner.cookie,
    });
    expect(copy.body).toMatchObject({ name: 'April news (copy)', status: 'draft' });
    const removed = await call(t.app, 'DELETE', `/api/campaigns/${copy.body.id}`, {
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(204);
    const list = await call(t.app, 'GET', '/api/campaigns?search=news', { cookie: owner.cookie });
    expect(list.body.campaigns.map((c: { id: string }) => c.id)).toEqual([fromTemplate.body.id]);
  });

  it('refuses to send without a postal address, saying where to add it', async () => {
    const owner = await createOwner(t.app, 'pro');
    await addMember(t, owner.cookie, { marketingConsent: true });
    const campaign = await draft(owner.cookie);
    const res = await call(t.app, 'POST', `/api/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('postal_address_required');
    expect(res.body.error.message).toMatch(/postal address/);
    const after = await call(t.app, 'GET', `/api/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(after.body).toMatchObject({ status: 'draft', recipientCount: 0 });
  });
});

describe('sending', () => {
  it('mails each member with consent once, fields filled, with unsubscribe and reply-to', async () => {
    const { owner, yes, others } = await studio();
    const campaign = await draft(owner.cookie);
    // The worker polls once when it starts: start it first, then drain what sending enqueues.
    const runner = await startJobRunner(
      { ...t.deps, mailer: smtp },
      { 'campaigns.send': JOB_HANDLERS['campaigns.send'] },
      { schedules: false, pollingIntervalSeconds: 3600 },
    );
    try {
      const sent = await call(t.app, 'POST', `/api/campaigns/${campaign.id}/send`, {
        cookie: owner.cookie,
        body: {},
      });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body).toMatchObject({ status: 'active', recipientCount: 3 });
      // pg-boss fetches `start_after < now()`; PGlite's clock can give the enqueue and the fetch
      // the same millisecond (see jobs/job-queue.test.ts).
      await t.deps.database.executeSql(
        `update pgboss.job set start_after = now() - interval '1 second' where name = 'campaigns.send'`,
      );
      expect(await runner.drain('campaigns.send')).toBe(1);
    } finally {
      await runner.stop();
    }
    for (const member of yes) {
      const [message, ...more] = mailTo(member.email);
      expect(more).toEqual([]);
      expect(message!.subject).toBe(`Spring is here, ${member.firstName}`);
      expect(message!.text).toContain(`Hi ${member.firstName} ${member.lastName}`);
      expect(message!.text).toContain('1 Main Street, Springfield');
      expect(message!.from).toContain(`Gym ${owner.organization.slug}`);
      expect(message!.replyTo).toMatch(/^reply\+[a-z0-9]+@localhost$/);
      expect(message!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(message!.headers['list-unsubscribe']).toMatch(
        /^<http:\/\/localhost:3000\/api\/email\/unsubscribe\/[^>]+>$/,
      );
    }
    for (const member of others) expect(mailTo(member.email)).toEqual([]);
    const after = await call(t.app, 'GET', `/api/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(after.body).toMatchObject({ status: 'sent', sentCount: 3, failedCount: 0, openRate: 0 });
    expect(after.body.sentAt).not.toBeNull();
  });

  it('paces sending to the rate: 5 messages at 2 per second take about 2 seconds', async () => {
    const { owner, yes } = await studio([{}, {}, {}, {}, {}]);
    const campaign = await draft(owner.cookie);
    await call(t.app, 'POST', `/api/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
      body: { sendRatePerSecond: 2 },
    });
    await runCampaignSend({ ...t.deps, mailer: smtp }, job(owner.organization.id, campaign.id));
    const times = yes.map((m) => mailTo(m.email)[0]!.receivedAt).sort((a, b) => a - b);
    expect(times).toHaveLength(5);
    // Three batches a second apart (2 + 2 + 1): the first and last mail are ~2 s apart; the
    // first batch also pays for opening connections, hence the lower margin.
    const span = times.at(-1)! - times[0]!;
    expect(span).toBeGreaterThanOrEqual(1_400);
    expect(span).toBeLessThan(3_500);
  });

  it('retries a transient refusal and fails a permanent one for that recipient only', async () => {
    const stamp = Date.now();
    const { owner, yes } = await studio([
      { email: `flaky-${stamp}@example.com` },
      { email: `bounce-${stamp}@example.com` },
      {},
    ]);
    const campaign = await draft(owner.cookie);
    await call(t.app, 'POST', `/api/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
      body: {},
    });
    await runCampaignSend({ ...t.deps, mailer: smtp }, job(owner.organization.id, campaign.id));
    expect(mailTo(yes[0]!.email)).toHaveLength(1);
    expect(mailTo(yes[1]!.email)).toHaveLength(0);
    expect(mailTo(yes[2]!.email)).toHaveLength(1);
    const rows = await t.deps.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get(yes[0]!.email)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byEmail.get(yes[1]!.email)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byEmail.get(yes[1]!.email)!.lastError).toMatch(/No such mailbox/);
    const after = await call(t.app, 'GET', `/api/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(after.body).toMatchObject({ status: 'sent', sentCount: 2, failedCount: 1 });
  });

  it('survives a restart mid-campaign without sending anyone twice', async () => {
    const { owner, yes } = await studio([{}, {}, {}, {}, {}, {}]);
    const campaign = await draft(owner.cookie);
    await call(t.app, 'POST', `/api/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
      body: { sendRatePerSecond: 2 },
    });
    // The first worker freezes in the middle of its second batch (as a killed process would
    // leave it); a second worker then takes over.
    let sends = 0;
    let release!: () => void;
    const frozen = new Promise<void>((resolve) => (release = resolve));
    let froze!: () => void;
    const hasFrozen = new Promise<void>((resolve) => (froze = resolve));
    const stalling: Mailer = {
      async send(message) {
        sends += 1;
        if (sends === 4) {
          froze();
          await frozen;
        }
        await smtp.send(message);
      },
    };
    const first = runCampaignSend(
      { ...t.deps, mailer: stalling },
      job(owner.organization.id, campaign.id),
    );
    await hasFrozen;
    await runCampaignSend({ ...t.deps, mailer: smtp }, job(owner.organization.id, campaign.id));
    release();
    await first;
    expect(yes.map((m) => mailTo(m.email).length)).toEqual([1, 1, 1, 1, 1, 1]);
    const after = await call(t.app, 'GET', `/api/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(after.body).toMatchObject({ status: 'sent', sentCount: 6 });
  });
});

describe('tracking, unsubscribe and figures', () => {
  it('counts opens (machine apart), clicks and unsubscribes, and refuses forged links', async () => {
    const { owner, yes } = await studio();
    const campaign = await draft(owner.cookie);
    await call(t.app, 'POST', `/api/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
      body: {},
    });
    await runCampaignSend({ ...t.deps, mailer: smtp }, job(owner.organization.id, campaign.id));
    const message = mailTo(yes[0]!.email)[0]!;
    const pixel = /src="(http:\/\/localhost:3000\/api\/email\/open\/[^"]+\.gif)"/.exec(
      message.html,
    )![1]!;
    const link = /href="(http:\/\/localhost:3000\/api\/email\/click\/[^"]+)"/.exec(
      message.html,
    )![1]!;

    // Right after delivery: a privacy proxy, not a person.
    const machine = await call(t.app, 'GET', pathOf(pixel));
    expect(machine.status).toBe(200);
    expect(machine.headers.get('content-type')).toBe('image/gif');
    expect(machine.headers.get('cache-control')).toMatch(/no-store/);
    let details = await call(t.app, 'GET', `/api/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(details.body).toMatchObject({ openRate: 0, machineOpenCount: 1, openedCount: 0 });

    await t.deps.database.db
      .update(campaignRecipients)
      .set({ sentAt: new Date(Date.now() - 60_000) })
      .where(eq(campaignRecipients.campaignId, campaign.id));
    expect((await call(t.app, 'GET', pathOf(pixel))).status).toBe(200);
    const click = await call(t.app, 'GET', pathOf(link));
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://example.com/offer?a=1&b=2');

    // The first character of the signature (the last ones may only carry padding bits).
    const forgedPixel = pathOf(pixel).replace(
      /\.(.)([^./]+\.gif)$/,
      (_m, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`,
    );
    expect((await call(t.app, 'GET', forgedPixel)).status).toBe(404);
    const [body] = pathOf(link).split('/').at(-1)!.split('.');
    const evil = Buffer.from(
      Buffer.from(body!, 'base64url')
        .toString()
        .replace('https://example.com/offer?a=1&b=2', 'https://evil.example'),
    ).toString('base64url');
    const forgedClick = await call(
      t.app,
      'GET',
      `/api/email/click/${evil}.${pathOf(link).split('.').at(-1)}`,
    );
    expect(forgedClick.status).toBe(404);

    // RFC 8058 one-click, as a mail provider sends it (no Origin, a form body), twice.
    const unsubscribeUrl = /<(http[^>]+)>/.exec(message.headers['list-unsubscribe']!)![1]!;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request(unsubscribeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
    }
    const page = await call(t.app, 'GET', pathOf(unsubscribeUrl));
    expect(page.body).toEqual({ studioName: `Gym ${owner.organization.slug}`, unsubscribed: true });
    const [member] = await t.deps.database.db
      .select()
      .from(members)
      .where(and(eq(members.id, yes[0]!.id)));
    expect(member).toMatchObject({ marketingConsent: false });
    expect(member!.unsubscribedAt).not.toBeNull();

    details = await call(t.app, 'GET', `/api/campaigns/${campaign.id}`, { cookie: owner.cookie });
    expect(details.body).toMatchObject({
      openRate: 33.3,
      openedCount: 1,
      clickedCount: 1,
      clickCount: 1,
      unsubscribedCount: 1,
      series: { bucket: 'hour' },
    });
    const totals = details.body.series.points.reduce(
      (sum: Record<string, number>, p: Record<string, number>) => ({
        deliveries: sum.deliveries! + p.deliveries!,
        opens: sum.opens! + p.opens!,
        clicks: sum.clicks! + p.clicks!,
        unsubscribes: sum.unsubscribes! + p.unsubscribes!,
      }),
      { deliveries: 0, opens: 0, clicks: 0, unsubscribes: 0 },
    );
    expect(totals).toEqual({ deliveries: 3, opens: 1, clicks: 1, unsubscribes: 1 });
    const recipients = await call(
      t.app,
      'GET',
      `/api/campaigns/${campaign.id}/recipients?pageSize=2`,
      {
        cookie: owner.cookie,
      },
    );
    expect(recipients.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(recipients.body.recipients).toHaveLength(2);

    // The cards: a sent campaign deleted from the list still counts.
    const second = await draft(owner.cookie, { name: 'Unsent' });
    let summary = await call(t.app, 'GET', '/api/campaigns/summary', { cookie: owner.cookie });
    expect(summary.body).toEqual({ activeCampaigns: 0, averageOpenRate: 33, totalReach: 3 });
    expect(
      (await call(t.app, 'DELETE', `/api/campaigns/${campaign.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(204);
    const list = await call(t.app, 'GET', '/api/campaigns', { cookie: owner.cookie });
    expect(list.body.campaigns.map((c: { id: string }) => c.id)).toEqual([second.id]);
    summary = await call(t.app, 'GET', '/api/campaigns/summary', { cookie: owner.cookie });
    expect(summary.body).toEqual({ activeCampaigns: 0, averageOpenRate: 33, totalReach: 3 });
    // A campaign being sent counts as active.
    await call(t.app, 'POST', `/api/campaigns/${second.id}/send`, {
      cookie: owner.cookie,
      body: { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    summary = await call(t.app, 'GET', '/api/campaigns/summary', { cookie: owner.cookie });
    expect(summary.body.activeCampaigns).toBe(1);
  });
});
