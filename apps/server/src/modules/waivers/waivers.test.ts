import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { handleJob, startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { sendWaiverEmail } from './waiver-mail.ts';
import { waiverEmailJob } from './waivers.jobs.ts';

// docs/product/waivers.md: versions, signatures, the booking rule, the signed copy.

let t: TestContext;
let runner: JobRunner;
let smtp: SmtpInbox;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpInbox();
  runner = await startJobRunner(
    { ...t.deps, mailer: smtp.mailer },
    { 'waivers.email': handleJob(waiverEmailJob, (data, { deps }) => sendWaiverEmail(deps, data)) },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
});
afterAll(async () => {
  await runner?.stop();
  await smtp?.close();
  await t?.close();
});

const TITLE = 'Liability waiver';
const BODY = 'I take part at my own risk.\n\nI tell the trainer about any injury — before class.';

async function studioWithWaiver(requiredToBook = false) {
  const owner = await createOwner(t.app);
  const created = await call(t.app, 'POST', '/api/settings/waivers/versions', {
    cookie: owner.cookie,
    body: { title: TITLE, body: BODY },
  });
  expect(created.status, created.text).toBe(201);
  if (requiredToBook) {
    const set = await call(t.app, 'PUT', '/api/settings/waivers/settings', {
      cookie: owner.cookie,
      body: { requiredToBook: true },
    });
    expect(set.status, set.text).toBe(200);
  }
  return { owner, slug: owner.organization.slug, waiverId: created.body.id as string };
}

const sign = (slug: string, cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/m/${slug}/waiver/sign`, {
    cookie,
    body,
    headers: { 'user-agent': 'WaiverTest/1.0' },
  });

describe('Settings → Waivers', () => {
  it('adds versions 1, 2 and keeps earlier versions and their signatures as they were', async () => {
    const { owner, slug, waiverId } = await studioWithWaiver();
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const signed = await sign(slug, cookie, {
      waiverId,
      fullName: 'Alex Tester',
      agree: true,
    });
    expect(signed.status, signed.text).toBe(201);
    const second = await call(t.app, 'POST', '/api/settings/waivers/versions', {
      cookie: owner.cookie,
      body: { title: 'Liability waiver 2026', body: 'New words.' },
    });
    expect(second.body).toMatchObject({ version: 2, signatureCount: 0 });
    const admin = await call(t.app, 'GET', '/api/settings/waivers', { cookie: owner.cookie });
    expect(admin.status, admin.text).toBe(200);
    expect(admin.body.current).toMatchObject({ version: 2, title: 'Liability waiver 2026' });
    expect(admin.body.versions).toMatchObject([
      { version: 2, signatureCount: 0 },
      { version: 1, title: TITLE, body: BODY, signatureCount: 1 },
    ]);
    expect(admin.body.requiredToBook).toBe(false);
    // No route changes a version: the only write is a new one.
    const put = await call(t.app, 'PUT', `/api/settings/waivers/versions`, {
      cookie: owner.cookie,
      body: { title: 'x', body: 'y' },
    });
    expect(put.status).toBe(404);
    // The member's page now shows version 2, unsigned; signing version 1 again is refused.
    const page = await call(t.app, 'GET', `/api/m/${slug}/waiver`, { cookie });
    expect(page.body).toMatchObject({ waiver: { version: 2 }, signature: null });
    const stale = await sign(slug, cookie, { waiverId, fullName: 'Alex Tester', agree: true });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('waiver_outdated');
  });

  it('is written by owners and admins only, asks for a title and text, and is required only once written', async () => {
    const { owner } = await studioWithWaiver();
    const empty = await call(t.app, 'POST', '/api/settings/waivers/versions', {
      cookie: owner.cookie,
      body: { title: ' ', body: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({
      title: 'Title is required',
      body: 'Waiver text is required',
    });
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const byTrainer = await call(t.app, 'POST', '/api/settings/waivers/versions', {
      cookie: trainer.cookie,
      body: { title: TITLE, body: BODY },
    });
    expect(byTrainer.status).toBe(403);
    const other = await createOwner(t.app);
    const refused = await call(t.app, 'PUT', '/api/settings/waivers/settings', {
      cookie: other.cookie,
      body: { requiredToBook: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.requiredToBook).toMatch(/Write the waiver/);
  });
});

describe('signing in the portal', () => {
  it('stores the typed name, the SHA-256 of exactly the text, IP and user agent; signing twice changes nothing', async () => {
    const { owner, slug, waiverId } = await studioWithWaiver();
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const before = await call(t.app, 'GET', `/api/m/${slug}/waiver`, { cookie });
    expect(before.body).toMatchObject({
      waiver: { id: waiverId, version: 1, title: TITLE, body: BODY },
      guardianRequired: false,
      signature: null,
    });
    const notAgreed = await sign(slug, cookie, { waiverId, fullName: 'Alex', agree: false });
    expect(notAgreed.status).toBe(400);
    const first = await sign(slug, cookie, { waiverId, fullName: '  Alex Tester ', agree: true });
    expect(first.status, first.text).toBe(201);
    const digest = createHash('sha256').update(`${TITLE}\n\n${BODY}`, 'utf8').digest('hex');
    expect(first.body.signature).toMatchObject({
      version: 1,
      signedName: 'Alex Tester',
      guardianName: null,
      sha256: digest,
      current: true,
    });
    const again = await sign(slug, cookie, { waiverId, fullName: 'Someone Else', agree: true });
    expect(again.status).toBe(201);
    expect(again.body.signature).toEqual(first.body.signature);
    const staff = await call(t.app, 'GET', `/api/members/${member.id}/waiver-signatures`, {
      cookie: owner.cookie,
    });
    expect(staff.body.signatures).toHaveLength(1);
    const rows = await t.deps.database.executeSql(
      'select ip_address, user_agent from waiver_signatures where id = $1',
      [first.body.signature.id],
    );
    expect(rows.rows[0]).toEqual({ ip_address: '127.0.0.1', user_agent: 'WaiverTest/1.0' });
  });

  it('needs a parent or guardian for a member under 18, and records their name', async () => {
    const { owner, slug, waiverId } = await studioWithWaiver();
    const year = new Date().getUTCFullYear();
    const minor = await addMember(t, owner.cookie, { dateOfBirth: `${year - 12}-01-01` });
    const adult = await addMember(t, owner.cookie, { dateOfBirth: `${year - 30}-01-01` });
    const m = await signInMember(t, slug, minor.email);
    const page = await call(t.app, 'GET', `/api/m/${slug}/waiver`, { cookie: m.cookie });
    expect(page.body.guardianRequired).toBe(true);
    const alone = await sign(slug, m.cookie, { waiverId, fullName: 'Kid Tester', agree: true });
    expect(alone.status).toBe(400);
    expect(alone.body.error.fields.guardianName).toMatch(/Parent or guardian name is required/);
    const withGuardian = await sign(slug, m.cookie, {
      waiverId,
      fullName: 'Kid Tester',
      guardianName: 'Pat Tester',
      agree: true,
    });
    expect(withGuardian.status, withGuardian.text).toBe(201);
    expect(withGuardian.body.signature).toMatchObject({ guardianName: 'Pat Tester' });
    const a = await signInMember(t, slug, adult.email);
    const grown = await sign(slug, a.cookie, { waiverId, fullName: 'Grown Tester', agree: true });
    expect(grown.status, grown.text).toBe(201);
  });

  it('emails the signed copy as a PDF, downloadable by the member and by staff', async () => {
    const { owner, slug, waiverId } = await studioWithWaiver();
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const signed = await sign(slug, cookie, { waiverId, fullName: 'Alex Tester', agree: true });
    const id = signed.body.signature.id as string;
    // Earlier tests' signatures are sent too: their jobs wait in the same queue.
    expect(await runner.drain('waivers.email')).toBeGreaterThan(0);
    const mail = smtp.inbox.find((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((to) =>
        to?.value.some((v) => v.address === member.email.toLowerCase()),
      ),
    );
    const general = await call(t.app, 'GET', '/api/settings/general', { cookie: owner.cookie });
    expect(mail?.subject).toBe(`Your signed waiver — ${general.body.name}`);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    for (const [path, who] of [
      [`/api/m/${slug}/waiver-signatures/${id}/pdf`, cookie],
      [`/api/members/${member.id}/waiver-signatures/${id}/pdf`, owner.cookie],
    ] as const) {
      const res = await t.app.request(`http://localhost:3000${path}`, {
        headers: { cookie: who, origin: 'http://localhost:3000' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const own = await call(t.app, 'GET', `/api/m/${slug}/waiver-signatures`, { cookie });
    expect(own.body.signatures).toMatchObject([{ id, version: 1, current: true }]);
  });

  it("answers another member's signature like a missing one", async () => {
    const { owner, slug, waiverId } = await studioWithWaiver();
    const a = await addMember(t, owner.cookie);
    const b = await addMember(t, owner.cookie);
    const sa = await signInMember(t, slug, a.email);
    const sb = await signInMember(t, slug, b.email);
    const signed = await sign(slug, sa.cookie, { waiverId, fullName: 'A Tester', agree: true });
    const id = signed.body.signature.id as string;
    const foreign = await call(t.app, 'GET', `/api/m/${slug}/waiver-signatures/${id}/pdf`, {
      cookie: sb.cookie,
    });
    const missing = await call(
      t.app,
      'GET',
      `/api/m/${slug}/waiver-signatures/00000000-0000-4000-8000-000000000000/pdf`,
      { cookie: sb.cookie },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: { code: 'not_found' } });
    expect(missing.body.error.message).toBe(foreign.body.error.message);
    const wrongMember = await call(
      t.app,
      'GET',
      `/api/members/${b.id}/waiver-signatures/${id}/pdf`,
      { cookie: owner.cookie },
    );
    expect(wrongMember.status).toBe(404);
  });
});

describe('booking with a required waiver', () => {
  it('refuses a member who has not signed, in the portal and at the front desk, and books after signing', async () => {
    const { owner, slug, waiverId } = await studioWithWaiver(true);
    const session = await insertSession(t.deps.database.db, owner.organization.id);
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const refused = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, {
      cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('waiver_required');
    expect(refused.body.error.message).toMatch(/Sign the studio's waiver/);
    const desk = await call(t.app, 'POST', `/api/sessions/${session.id}/bookings`, {
      cookie: owner.cookie,
      body: { memberId: member.id },
    });
    expect(desk.status, desk.text).toBe(409);
    expect(desk.body.error.code).toBe('waiver_required');
    expect((await sign(slug, cookie, { waiverId, fullName: 'Alex', agree: true })).status).toBe(
      201,
    );
    const booked = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, {
      cookie,
    });
    expect(booked.status, booked.text).toBe(201);
    // A new version must be signed again before the next booking.
    await call(t.app, 'POST', '/api/settings/waivers/versions', {
      cookie: owner.cookie,
      body: { title: TITLE, body: `${BODY}\nAmended.` },
    });
    const other = await insertSession(t.deps.database.db, owner.organization.id);
    const again = await call(t.app, 'POST', `/api/m/${slug}/sessions/${other.id}/book`, { cookie });
    expect(again.body.error.code).toBe('waiver_required');
  });

  it('books without a signature while the studio does not require one', async () => {
    const { owner, slug } = await studioWithWaiver(false);
    const session = await insertSession(t.deps.database.db, owner.organization.id);
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const booked = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, {
      cookie,
    });
    expect(booked.status, booked.text).toBe(201);
  });
});
