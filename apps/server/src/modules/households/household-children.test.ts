import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NEEDS_HOUSEHOLD_MESSAGE } from '@fitbase/domain/contracts/members';
import {
  call,
  createOwner,
  createTestApp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { JOB_HANDLERS } from '../../jobs/job-handlers.ts';
import { startJobRunner, type JobRunner } from '../../jobs/job-queue.ts';
import { sweepReceiptEmails } from '../receipts/receipts-mail.ts';

// docs/product/members.md#households: a child in a household may have no email; the payer books
// for them and gets their service messages, marketing skips them, and nothing that lists members
// breaks on the missing address. Mail goes through a real SMTP server in the test process.

let t: TestContext;
let runner: JobRunner;
let smtp: SmtpInbox;
const dir = mkdtempSync(path.join(tmpdir(), 'fitbase-children-'));

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpInbox();
  runner = await startJobRunner(
    { ...t.deps, mailer: smtp.mailer },
    {
      'schedule.email': JOB_HANDLERS['schedule.email'],
      'campaigns.send': JOB_HANDLERS['campaigns.send'],
      'receipts.email': JOB_HANDLERS['receipts.email'],
    },
    { schedules: false, pollingIntervalSeconds: 3600 },
  );
});
afterAll(async () => {
  await runner?.stop();
  await smtp?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const mailTo = (address: string) =>
  smtp.inbox.filter((m) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((to) =>
      to?.value.some((v) => v.address === address.toLowerCase()),
    ),
  );

/** A studio with a payer in a household and a child added to it without an email. */
async function family() {
  const owner = await createOwner(t.app, 'pro');
  const parent = await addMember(t, owner.cookie, { firstName: 'Pat', marketingConsent: true });
  const made = await call(t.app, 'POST', '/api/households', {
    cookie: owner.cookie,
    body: { name: 'The Parents', payerMemberId: parent.id },
  });
  expect(made.status, made.text).toBe(201);
  const res = await call(t.app, 'POST', '/api/members', {
    cookie: owner.cookie,
    body: {
      firstName: 'Kim',
      lastName: 'Child',
      email: '',
      marketingConsent: true,
      householdId: made.body.id,
    },
  });
  expect(res.status, res.text).toBe(201);
  const child = res.body as { id: string; email: string | null; firstName: string };
  return { owner, parent, child, householdId: made.body.id as string };
}

describe('a household member without an email', () => {
  it("has their own receipt emailed to the payer: a desk sale in the child's name", async () => {
    const { owner, parent, child } = await family();
    const sale = await call(t.app, 'POST', '/api/payments', {
      cookie: owner.cookie,
      body: { memberId: child.id, amount: '12.00', description: 'Kids drop-in', method: 'cash' },
    });
    expect(sale.status, sale.text).toBe(201);
    expect(await sweepReceiptEmails(t.deps)).toBeGreaterThan(0);
    await runner.drain('receipts.email');
    const mail = mailTo(parent.email).find((m) => /^Your receipt R-\d+/.test(m.subject ?? ''));
    expect(mail?.text).toContain('$12.00');
    expect(mail?.attachments).toHaveLength(1);
  });

  it('is created only into a household, and shown there without one', async () => {
    const { owner, parent, child, householdId } = await family();
    expect(child.email).toBeNull();
    const alone = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: { firstName: 'Sam', lastName: 'Solo', email: '  ' },
    });
    expect(alone.status).toBe(400);
    expect(alone.body.error.fields.email).toBe(EMAIL_NEEDS_HOUSEHOLD_MESSAGE);
    const house = await call(t.app, 'GET', `/api/households/${householdId}`, {
      cookie: owner.cookie,
    });
    expect(
      house.body.members.map((m: { id: string; email: string | null; isPayer: boolean }) => [
        m.id,
        m.email,
        m.isPayer,
      ]),
    ).toEqual([
      [parent.id, parent.email, true],
      [child.id, null, false],
    ]);
    // A second child without an email: the unique email index leaves missing emails alone.
    const twin = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: { firstName: 'Lou', lastName: 'Child', householdId },
    });
    expect(twin.status, twin.text).toBe(201);
    expect(twin.body.email).toBeNull();
  });

  it('refuses every way that would leave a member without an email and without a payer', async () => {
    const { owner, parent, child, householdId } = await family();
    const other = await addMember(t, owner.cookie);
    const refusals = [
      // Clearing the email of a member in no household, or of the payer.
      await call(t.app, 'PATCH', `/api/members/${other.id}`, {
        cookie: owner.cookie,
        body: { email: '' },
      }),
      await call(t.app, 'PATCH', `/api/members/${parent.id}`, {
        cookie: owner.cookie,
        body: { email: null },
      }),
      // Taking the child out, making them the payer, dissolving the household.
      await call(t.app, 'DELETE', `/api/households/${householdId}/members/${child.id}`, {
        cookie: owner.cookie,
      }),
      await call(t.app, 'PATCH', `/api/households/${householdId}`, {
        cookie: owner.cookie,
        body: { payerMemberId: child.id },
      }),
      await call(t.app, 'DELETE', `/api/households/${householdId}`, { cookie: owner.cookie }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 409, 409, 409]);
    expect(refusals[0]!.body.error.fields.email).toBe(EMAIL_NEEDS_HOUSEHOLD_MESSAGE);
    expect(refusals[1]!.body.error.message).toMatch(/^The payer needs an email/);
    expect(refusals[2]!.body.error.message).toMatch(/^Kim has no email: add one/);
    expect(refusals[3]!.body.error.message).toMatch(/^The payer needs an email/);
    expect(refusals[4]!.body.error.message).toMatch(/^Kim has no email: add one/);

    // With an email again, the child may leave; and a household's other member may lose theirs.
    const given = await call(t.app, 'PATCH', `/api/members/${child.id}`, {
      cookie: owner.cookie,
      body: { email: `kim-${Date.now()}@example.com` },
    });
    expect(given.status, given.text).toBe(200);
    const cleared = await call(t.app, 'PATCH', `/api/members/${child.id}`, {
      cookie: owner.cookie,
      body: { email: '' },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.email).toBeNull();
  });

  it('is booked for by the payer in the portal, whose inbox gets the waitlist place', async () => {
    const { owner, parent, child } = await family();
    const slug = owner.organization.slug;
    const session = await insertSession(t.deps.database.db, owner.organization.id, {
      capacity: 1,
      name: 'Kids Judo',
      startsAt: hoursFromNow(48),
    });
    const payer = await signInMember(t, slug, parent.email);
    const own = await call(t.app, 'POST', `/api/m/${slug}/sessions/${session.id}/book`, {
      cookie: payer.cookie,
    });
    expect(own.body.status).toBe('booked');
    const forChild = await call(t.app, 'POST', `/api/m/${slug}/dependents/${child.id}/book`, {
      cookie: payer.cookie,
      body: { sessionId: session.id },
    });
    expect(forChild.status, forChild.text).toBe(201);
    expect(forChild.body).toMatchObject({ sessionName: 'Kids Judo', status: 'waitlisted' });
    await runner.drain('schedule.email');
    const before = mailTo(parent.email).length;
    const cancel = await call(t.app, 'POST', `/api/m/${slug}/bookings/${own.body.id}/cancel`, {
      cookie: payer.cookie,
    });
    expect(cancel.status, cancel.text).toBe(200);
    await runner.drain('schedule.email');
    const theirs = await call(t.app, 'GET', `/api/m/${slug}/dependents/${child.id}/bookings`, {
      cookie: payer.cookie,
    });
    expect(theirs.body.upcoming).toMatchObject([{ id: forChild.body.id, status: 'booked' }]);
    const promoted = mailTo(parent.email).slice(before);
    expect(promoted.map((m) => m.subject)).toEqual([expect.stringMatching(/^You're in: Kids Judo/)]);
    expect(promoted[0]!.text).toContain('Hello Kim,');
  });

  it('gets no marketing: a campaign skips them and never mails the payer for them', async () => {
    const { owner, parent } = await family();
    const address = await call(t.app, 'PATCH', '/api/organization/postal-address', {
      cookie: owner.cookie,
      body: { postalAddress: '1 Main Street, Springfield' },
    });
    expect(address.status, address.text).toBe(200);
    const made = await call(t.app, 'POST', '/api/campaigns', {
      cookie: owner.cookie,
      body: { name: 'Summer', subject: 'Summer camp, {{first_name}}', content: 'Come along.' },
    });
    expect(made.status, made.text).toBe(201);
    const sent = await call(t.app, 'POST', `/api/campaigns/${made.body.id}/send`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(sent.status, sent.text).toBe(200);
    // Both consented; only the payer has an address of their own.
    expect(sent.body).toMatchObject({ recipientCount: 1 });
    await t.deps.database.executeSql(
      `update pgboss.job set start_after = now() - interval '1 second' where name = 'campaigns.send'`,
    );
    await runner.drain('campaigns.send');
    expect(mailTo(parent.email).map((m) => m.subject)).toEqual(['Summer camp, Pat']);
  });

  it('is found, listed and exported with an empty email', async () => {
    const { owner, child } = await family();
    const list = await call(t.app, 'GET', '/api/members?search=Kim', { cookie: owner.cookie });
    expect(list.status, list.text).toBe(200);
    expect(list.body.items).toMatchObject([{ id: child.id, email: null }]);
    const directory = await call(t.app, 'GET', '/api/members', { cookie: owner.cookie });
    expect(directory.status, directory.text).toBe(200);
    expect(directory.body.items.map((m: { id: string }) => m.id)).toContain(child.id);
    const search = await call(t.app, 'GET', '/api/search?q=Kim%20Child', { cookie: owner.cookie });
    expect(search.status, search.text).toBe(200);
    expect(JSON.stringify(search.body)).toContain(child.id);
    const one = await call(t.app, 'GET', `/api/members/${child.id}`, { cookie: owner.cookie });
    expect(one.body.email).toBeNull();

    const response = await t.app.request(`${TEST_ORIGIN}/api/data/export`, {
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    const file = path.join(dir, `${child.id}.zip`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const csv = execFileSync('unzip', ['-p', file, 'members.csv'], { encoding: 'utf8' });
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => Object.values(r).includes(child.id));
    expect(row).toBeDefined();
    expect(row!.email ?? row!.Email).toBe('');
  });
});
