import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@fitbase/domain/settings-constants';
import {
  TEST_ORIGIN,
  call,
  createOwner,
  createTestApp,
  type TestContext,
} from '../../../test/test-app.ts';
import { addMember, insertMembers, personWithRole } from '../../../test/fixtures/members.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { runCampaignSend } from '../campaigns/campaigns-send.service.ts';
import { sanitiseSvg, sniffLogo } from './logo-image.ts';
import { trialDaysLeft } from './settings.service.ts';

// docs/product/settings-and-help.md (Settings → General, Billing).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function upload(cookie: string, body: Uint8Array | string, contentType: string) {
  const res = await t.app.request(`${TEST_ORIGIN}/api/settings/logo`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

const png = (width: number, height: number, colour = '#1d4ed8') =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

describe('settings: general', () => {
  it('every staff member reads it; owners and admins change it; trainers cannot', async () => {
    const owner = await createOwner(t.app);
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const admin = await personWithRole(t, owner.organization.id, 'admin');

    const read = await call(t.app, 'GET', '/api/settings/general', { cookie: trainer.cookie });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ slug: owner.organization.slug, billingRetryDays: [1, 3, 7] });

    const refused = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: trainer.cookie,
      body: { name: 'Trainer Gym' },
    });
    expect(refused.status).toBe(403);

    const saved = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: admin.cookie,
      body: {
        name: 'Iron Temple',
        description: 'Strength first',
        timezone: 'Europe/Berlin',
        contactEmail: 'Front@Iron.example',
        contactPhone: '+49 30 1234',
        postalAddress: '1 Main Street, Springfield',
        primaryColor: '#1D4ED8',
        secondaryColor: '#0f766e',
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Iron Temple',
      timezone: 'Europe/Berlin',
      contactEmail: 'front@iron.example',
      primaryColor: '#1d4ed8',
      postalAddress: '1 Main Street, Springfield',
    });
    // The campaigns' sender reads the same address.
    const address = await call(t.app, 'GET', '/api/organization/postal-address', {
      cookie: owner.cookie,
    });
    expect(address.body.postalAddress).toBe('1 Main Street, Springfield');
    // /api/me carries the branding the signed-in layout applies.
    const me = await call(t.app, 'GET', '/api/me', { cookie: owner.cookie });
    const org = me.body.organizations.find((o: { id: string }) => o.id === owner.organization.id);
    expect(org.primaryColor).toBe('#1d4ed8');

    const cleared = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { description: '', contactPhone: null },
    });
    expect(cleared.body).toMatchObject({
      description: null,
      contactPhone: null,
      name: 'Iron Temple',
    });
  });

  it('refuses bad input: time zone, colour format, email, empty name', async () => {
    const owner = await createOwner(t.app);
    for (const body of [
      { timezone: 'Mars/Olympus' },
      { primaryColor: 'blue' },
      { contactEmail: 'not-an-email' },
      { name: '   ' },
      { slug: 'Bad Slug' },
    ]) {
      const res = await call(t.app, 'PATCH', '/api/settings/general', {
        cookie: owner.cookie,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
  });

  it('refuses a primary colour white text cannot be read on, naming the ratio', async () => {
    const owner = await createOwner(t.app);
    const res = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { primaryColor: '#facc15' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('low_contrast');
    expect(res.body.error.message).toBe(
      '#facc15 has a contrast of 1.5:1 with white text; choose a darker colour (at least 4.5:1).',
    );
    expect(res.body.error.fields.primaryColor).toMatch(/1\.5:1/);
    const after = await call(t.app, 'GET', '/api/settings/general', { cookie: owner.cookie });
    expect(after.body.primaryColor).toBeNull();
  });

  it('moves the slug, keeps the old one as a redirect of the public lead form, refuses taken ones', async () => {
    const owner = await createOwner(t.app);
    const other = await createOwner(t.app);
    const oldSlug = owner.organization.slug;
    const newSlug = `${oldSlug}-new`;

    const moved = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { slug: newSlug },
    });
    expect(moved.status, moved.text).toBe(200);
    const viaOld = await call(t.app, 'GET', `/api/public/join/${oldSlug}`);
    expect(viaOld.status, viaOld.text).toBe(200);
    expect(viaOld.body.slug).toBe(newSlug);
    const submitted = await call(t.app, 'POST', `/api/public/join/${oldSlug}`, {
      body: { firstName: 'Ola', lastName: 'Redirect', email: 'ola@example.com' },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(submitted.status, submitted.text).toBe(201);

    // Another studio's former slug, and another studio's current slug, are both refused.
    const taken = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: other.cookie,
      body: { slug: oldSlug },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(
      `The URL slug "${oldSlug}" is already taken by another studio. Choose another one.`,
    );
    const theirs = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { slug: other.organization.slug },
    });
    expect(theirs.status).toBe(409);

    // Taking one's own former slug back is allowed.
    const back = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { slug: oldSlug },
    });
    expect(back.status, back.text).toBe(200);
    const viaNew = await call(t.app, 'GET', `/api/public/join/${newSlug}`);
    expect(viaNew.body.slug).toBe(oldSlug);
  });
});

describe('settings: logo', () => {
  it('stores a resized PNG and serves it by hash with long caching', async () => {
    const owner = await createOwner(t.app);
    const res = await upload(owner.cookie, await png(1200, 600), 'image/png');
    expect(res.status, res.text).toBe(200);
    expect(res.body.logoUrl).toMatch(/^\/api\/logos\/[0-9a-f]{64}$/);

    const served = await t.app.request(`${TEST_ORIGIN}${res.body.logoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);

    const general = await call(t.app, 'GET', '/api/settings/general', { cookie: owner.cookie });
    expect(general.body.logoUrl).toBe(res.body.logoUrl);

    const removed = await call(t.app, 'DELETE', '/api/settings/logo', { cookie: owner.cookie });
    expect(removed.body).toEqual({ logoUrl: null });
    const gone = await t.app.request(`${TEST_ORIGIN}${res.body.logoUrl}`);
    expect(gone.status).toBe(404);
  });

  it('turns a JPEG into WebP', async () => {
    const owner = await createOwner(t.app);
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    const res = await upload(owner.cookie, jpeg, 'image/jpeg');
    expect(res.status, res.text).toBe(200);
    const served = await t.app.request(`${TEST_ORIGIN}${res.body.logoUrl}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('judges by content: an HTML file named and typed as PNG is refused 415', async () => {
    const owner = await createOwner(t.app);
    const res = await upload(
      owner.cookie,
      '<!doctype html><html><script>alert(1)</script></html>',
      'image/png',
    );
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
    expect(res.body.error.message).toMatch(/not a PNG, JPEG, WebP or SVG image/);
  });

  it('sanitises an SVG and rasterises it: no SVG is ever served', async () => {
    const owner = await createOwner(t.app);
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" onload="alert(1)"><script>alert(2)</script><rect width="100" height="50" fill="#0f766e"/><foreignObject><div>x</div></foreignObject></svg>`;
    const res = await upload(owner.cookie, svg, 'image/svg+xml');
    expect(res.status, res.text).toBe(200);
    const served = await t.app.request(`${TEST_ORIGIN}${res.body.logoUrl}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(sniffLogo(bytes)).toBe('png');
    expect((await sharp(bytes).metadata()).width).toBe(512);
  });

  it('sanitiser keeps drawing, drops scripts, handlers, foreignObject and outside references', () => {
    const clean = sanitiseSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onclick="x()"><script>bad()</script><style>@import url(https://evil.example/x.css);</style><foreignObject><body>hi</body></foreignObject><image href="https://evil.example/a.png"/><use href="https://evil.example/s.svg#a"/><use href="#a"/><path id="a" d="M0 0h10v10z" fill="url(https://evil.example/#g)" stroke="url(#g)"/></svg>`,
    );
    expect(clean).toContain('viewBox="0 0 10 10"');
    expect(clean).toContain('<path id="a" d="M0 0h10v10z" stroke="url(#g)"');
    expect(clean).toContain('<use href="#a"');
    for (const bad of ['script', 'onclick', 'style', 'foreignObject', 'image', 'evil.example'])
      expect(clean).not.toContain(bad);
  });

  it(`refuses more than ${LOGO_MAX_BYTES / (1024 * 1024)} MB naming the limit, and staff cannot upload`, async () => {
    const owner = await createOwner(t.app);
    const big = Buffer.alloc(LOGO_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await upload(owner.cookie, big, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(
      'The logo is too large: at most 2 MB. Choose a smaller image.',
    );
    const staff = await personWithRole(t, owner.organization.id, 'staff');
    const refused = await upload(staff.cookie, await png(10, 10), 'image/png');
    expect(refused.status).toBe(403);
  });
});

describe('settings: branding in email', () => {
  it("a campaign email carries the studio's colour and absolute logo URL", async () => {
    const owner = await createOwner(t.app, 'pro');
    await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { primaryColor: '#0f766e', postalAddress: '1 Main Street, Springfield' },
    });
    const logo = await upload(owner.cookie, await png(64, 64), 'image/png');
    const member = await addMember(t, owner.cookie, { marketingConsent: true });
    const campaign = await call(t.app, 'POST', '/api/campaigns', {
      cookie: owner.cookie,
      body: { name: 'Brand', subject: 'Hello', content: '[Book now](https://example.com/book)' },
    });
    expect(campaign.status, campaign.text).toBe(201);
    const sent = await call(t.app, 'POST', `/api/campaigns/${campaign.body.id}/send`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(sent.status, sent.text).toBe(200);
    const outbox: MailMessage[] = [];
    const mailer = { send: async (message: MailMessage) => void outbox.push(message) };
    await runCampaignSend(
      { ...t.deps, mailer },
      { organizationId: owner.organization.id, campaignId: campaign.body.id },
    );
    const html = outbox.find((m) => m.to.includes(member.email.toLowerCase()))!.html;
    expect(html).toContain('background:#0f766e');
    expect(html).toMatch(/<a style="color:#0f766e" href="http[^"]+\/api\/email\/click\//);
    expect(html).toContain(`src="${t.deps.config.appUrl}${logo.body.logoUrl}"`);
  });
});

describe('settings: billing', () => {
  it('shows the trial with days left in the studio calendar and the member use', async () => {
    const owner = await createOwner(t.app);
    await addMember(t, owner.cookie);
    const res = await call(t.app, 'GET', '/api/settings/billing', { cookie: owner.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      tier: 'trial',
      status: 'trialing',
      trialDaysLeft: 14,
      maxMembers: null,
      memberCount: 1,
      cancelAtPeriodEnd: false,
      invoices: [],
    });
    // 23:30 in New York on the 1st is already the 2nd in UTC: days count on the studio's calendar.
    const ends = new Date('2026-03-11T12:00:00Z');
    expect(trialDaysLeft(ends, 'America/New_York', new Date('2026-03-02T04:30:00Z'))).toBe(10);
    expect(trialDaysLeft(ends, 'UTC', new Date('2026-03-02T04:30:00Z'))).toBe(9);
    expect(trialDaysLeft(ends, 'UTC', new Date('2026-04-01T00:00:00Z'))).toBe(0);
  });

  it('changes plan with an invoice, refuses a downgrade below the members, cancels and resumes', async () => {
    const owner = await createOwner(t.app);
    await insertMembers(t, owner.organization.id, 101);

    const pro = await call(t.app, 'POST', '/api/settings/billing/plan', {
      cookie: owner.cookie,
      body: { tier: 'pro' },
    });
    expect(pro.status, pro.text).toBe(200);
    expect(pro.body).toMatchObject({
      tier: 'pro',
      priceMonthly: '99.00',
      status: 'active',
      maxMembers: 500,
      memberCount: 101,
      trialDaysLeft: null,
    });
    expect(pro.body.invoices).toEqual([
      expect.objectContaining({ number: 'INV-0001', tier: 'pro', amount: '99.00', status: 'paid' }),
    ]);
    expect(new Date(pro.body.periodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const basic = await call(t.app, 'POST', '/api/settings/billing/plan', {
      cookie: owner.cookie,
      body: { tier: 'basic' },
    });
    expect(basic.status).toBe(409);
    expect(basic.body.error.message).toBe(
      'Basic allows up to 100 members; you have 101. Choose a larger plan, or archive members first.',
    );

    const enterprise = await call(t.app, 'POST', '/api/settings/billing/plan', {
      cookie: owner.cookie,
      body: { tier: 'enterprise' },
    });
    expect(enterprise.body.maxMembers).toBeNull();
    expect(enterprise.body.invoices.map((i: { number: string }) => i.number)).toEqual([
      'INV-0002',
      'INV-0001',
    ]);
    // The add-member limit and /api/me follow at once.
    const me = await call(t.app, 'GET', '/api/me', { cookie: owner.cookie });
    const org = me.body.organizations.find((o: { id: string }) => o.id === owner.organization.id);
    expect(org).toMatchObject({ subscriptionTier: 'enterprise', maxMembers: null });

    const cancelled = await call(t.app, 'POST', '/api/settings/billing/cancel', {
      cookie: owner.cookie,
    });
    expect(cancelled.body.cancelAtPeriodEnd).toBe(true);
    const resumed = await call(t.app, 'POST', '/api/settings/billing/resume', {
      cookie: owner.cookie,
    });
    expect(resumed.body.cancelAtPeriodEnd).toBe(false);

    const trialOwner = await createOwner(t.app);
    const noPeriod = await call(t.app, 'POST', '/api/settings/billing/cancel', {
      cookie: trialOwner.cookie,
    });
    expect(noPeriod.status).toBe(409);
  });

  it('the add-member limit follows a plan change', async () => {
    const owner = await createOwner(t.app);
    await insertMembers(t, owner.organization.id, 100);
    await call(t.app, 'POST', '/api/settings/billing/plan', {
      cookie: owner.cookie,
      body: { tier: 'basic' },
    });
    const full = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: { firstName: 'One', lastName: 'Toomany', email: 'one.toomany@example.com' },
    });
    expect(full.status).toBe(409);
    await call(t.app, 'POST', '/api/settings/billing/plan', {
      cookie: owner.cookie,
      body: { tier: 'pro' },
    });
    await addMember(t, owner.cookie);
  });

  it('only the owner sees or changes billing; a trial cannot be chosen again', async () => {
    const owner = await createOwner(t.app);
    const admin = await personWithRole(t, owner.organization.id, 'admin');
    for (const [method, path] of [
      ['GET', '/api/settings/billing'],
      ['POST', '/api/settings/billing/plan'],
      ['POST', '/api/settings/billing/cancel'],
      ['POST', '/api/settings/billing/resume'],
    ] as const) {
      const res = await call(t.app, method, path, {
        cookie: admin.cookie,
        body: method === 'POST' ? { tier: 'pro' } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const trial = await call(t.app, 'POST', '/api/settings/billing/plan', {
      cookie: owner.cookie,
      body: { tier: 'trial' },
    });
    expect(trial.status).toBe(400);
  });
});
