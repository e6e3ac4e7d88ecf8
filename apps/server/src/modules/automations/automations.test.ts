import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/fixtures/smtp-inbox.ts';
import { automationRuns, automations, leads } from '../../db/schema/connect.ts';
import { members, memberVisits } from '../../db/schema/members.ts';
import { memberships, plans } from '../../db/schema/money.ts';
import { staffTasks } from '../../db/schema/messaging.ts';
import { bookings } from '../../db/schema/schedule.ts';
import { sendAutomationEmail, tickAutomations } from './automations-engine.service.ts';
import { automationEmailJob } from './automations.jobs.ts';

// docs/product/connect-and-messaging.md#automations-connectautomations.

const DAY = 86_400_000;
let t: TestContext;
let smtp: SmtpInbox;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpInbox();
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

const db = () => t.deps.database.db;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function studio() {
  const owner = await createOwner(t.app);
  return { owner, org: owner.organization.id, cookie: owner.cookie };
}

/** An active automation switched on at `activatedAt` (set in the database to a chosen time). */
async function automation(
  cookie: string,
  body: Record<string, unknown>,
  activatedAt = new Date(Date.now() - 60_000),
) {
  const res = await call(t.app, 'POST', '/api/automations', {
    cookie,
    body: { name: 'Test', trigger: 'member_joined', ...body },
  });
  expect(res.status, res.text).toBe(201);
  await db()
    .update(automations)
    .set({ isActive: true, activatedAt })
    .where(eq(automations.id, res.body.id));
  return res.body.id as string;
}

async function runsOf(automationId: string) {
  return db()
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.automationId, automationId))
    .orderBy(automationRuns.occurrenceKey);
}

async function tickTwice(now: Date) {
  await tickAutomations(t.deps, now);
  await tickAutomations(t.deps, now);
}

const soon = () => new Date(Date.now() + 5_000);

describe('automations API', () => {
  it('creates, reads, edits, activates and deletes; validates days and steps', async () => {
    const { cookie } = await studio();
    const tag = await call(t.app, 'POST', '/api/tags', { cookie, body: { name: 'New' } });
    // The first listing makes the ready-made automations: they stay first (oldest first).
    await call(t.app, 'GET', '/api/automations', { cookie });
    const created = await call(t.app, 'POST', '/api/automations', {
      cookie,
      body: {
        name: 'Tag newcomers',
        description: 'Tags every new member',
        trigger: 'member_joined',
        steps: [
          { kind: 'add_tag', tagId: tag.body.id },
          { kind: 'wait', amount: 2, unit: 'hours' },
          { kind: 'notify_staff', title: 'Say hi to {{first_name}}', priority: 'high' },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ workflowCount: 3, isActive: false, activatedAt: null });
    const id = created.body.id;

    const list = await call(t.app, 'GET', '/api/automations', { cookie });
    expect(list.body.automations.map((a: { name: string }) => a.name)).toEqual([
      'Welcome series',
      'Win-back',
      'Birthday',
      'Tag newcomers',
    ]);

    const renamed = await call(t.app, 'PATCH', `/api/automations/${id}`, {
      cookie,
      body: { name: 'Tag new members', isActive: true },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.isActive).toBe(true);
    expect(renamed.body.activatedAt).not.toBeNull();

    const noDays = await call(t.app, 'PATCH', `/api/automations/${id}`, {
      cookie,
      body: { trigger: 'no_visit_days' },
    });
    expect(noDays.status).toBe(400);
    expect(noDays.body.error.fields.triggerDays).toBe('Enter the number of days');
    const noDaysCreate = await call(t.app, 'POST', '/api/automations', {
      cookie,
      body: { name: 'x', trigger: 'membership_expiring_days' },
    });
    expect(noDaysCreate.status).toBe(400);
    expect(noDaysCreate.body.error.fields.triggerDays).toBe('Enter the number of days');

    const other = await studio();
    const foreignTag = await call(t.app, 'POST', '/api/tags', {
      cookie: other.cookie,
      body: { name: 'Theirs' },
    });
    const badTag = await call(t.app, 'POST', '/api/automations', {
      cookie,
      body: {
        name: 'x',
        trigger: 'member_joined',
        steps: [
          { kind: 'wait', amount: 1, unit: 'days' },
          { kind: 'add_tag', tagId: foreignTag.body.id },
        ],
      },
    });
    expect(badTag.status).toBe(400);
    expect(badTag.body.error.message).toBe('Step 2: choose a tag of this studio');
    expect(badTag.body.error.fields).toEqual({
      'steps.1.tagId': 'choose a tag of this studio',
    });
    const otherTemplates = await call(t.app, 'GET', '/api/email-templates', {
      cookie: other.cookie,
    });
    await call(t.app, 'GET', '/api/automations', { cookie: other.cookie });
    const theirTemplate = (
      await call(t.app, 'GET', '/api/email-templates', { cookie: other.cookie })
    ).body.templates[0].id;
    expect(otherTemplates.status).toBe(200);
    const badTemplate = await call(t.app, 'POST', '/api/automations', {
      cookie,
      body: {
        name: 'x',
        trigger: 'birthday',
        steps: [{ kind: 'send_email', templateId: theirTemplate }],
      },
    });
    expect(badTemplate.status).toBe(400);
    expect(badTemplate.body.error.message).toBe('Step 1: choose an email template of this studio');
    const badField = await call(t.app, 'POST', '/api/automations', {
      cookie,
      body: {
        name: 'x',
        trigger: 'birthday',
        steps: [{ kind: 'notify_staff', title: 'Call {{frist_name}}' }],
      },
    });
    expect(badField.status).toBe(400);
    expect(badField.body.error.fields['steps.0.title']).toContain('{{frist_name}}');
    const badStaff = await call(t.app, 'POST', '/api/automations', {
      cookie,
      body: {
        name: 'x',
        trigger: 'birthday',
        steps: [{ kind: 'notify_staff', title: 'Call', assigneeUserId: other.owner.userId }],
      },
    });
    expect(badStaff.status).toBe(400);
    expect(badStaff.body.error.fields['steps.0.assigneeUserId']).toBeDefined();
    const badWait = await call(t.app, 'POST', '/api/automations', {
      cookie,
      body: { name: 'x', trigger: 'birthday', steps: [{ kind: 'wait', amount: 0, unit: 'days' }] },
    });
    expect(badWait.status).toBe(400);

    // Another studio's automation answers like a missing one.
    const foreign = await call(t.app, 'GET', `/api/automations/${id}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    const foreignRuns = await call(t.app, 'GET', `/api/automations/${id}/runs`, {
      cookie: other.cookie,
    });
    expect(foreignRuns.status).toBe(404);

    const removed = await call(t.app, 'DELETE', `/api/automations/${id}`, { cookie });
    expect(removed.status).toBe(204);
    expect((await call(t.app, 'GET', `/api/automations/${id}`, { cookie })).status).toBe(404);

    const preset = list.body.automations[0].id;
    const keep = await call(t.app, 'DELETE', `/api/automations/${preset}`, { cookie });
    expect(keep.status).toBe(409);
  });

  it('refuses to switch on an automation that emails until the studio has a postal address', async () => {
    const { cookie } = await studio();
    const list = await call(t.app, 'GET', '/api/automations', { cookie });
    const welcome = list.body.automations.find(
      (a: { name: string }) => a.name === 'Welcome series',
    );
    const refused = await call(t.app, 'PATCH', `/api/automations/${welcome.id}`, {
      cookie,
      body: { isActive: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('postal_address_required');
    await call(t.app, 'PATCH', '/api/organization/postal-address', {
      cookie,
      body: { postalAddress: '1 Main St, Springfield' },
    });
    const ok = await call(t.app, 'PATCH', `/api/automations/${welcome.id}`, {
      cookie,
      body: { isActive: true },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('lets every role read, and only owners and admins change', async () => {
    const { owner, org, cookie } = await studio();
    const trainer = await personWithRole(t, org, 'trainer');
    const admin = await personWithRole(t, org, 'admin');
    expect((await call(t.app, 'GET', '/api/automations', { cookie: trainer.cookie })).status).toBe(
      200,
    );
    const body = { name: 'x', trigger: 'lead_created' };
    expect(
      (await call(t.app, 'POST', '/api/automations', { cookie: trainer.cookie, body })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/automations', { cookie: admin.cookie, body })).status,
    ).toBe(201);
    expect(owner.cookie).toBe(cookie);
  });

  it('makes the three ready-made automations and their templates once, even for two first listings at once', async () => {
    const { cookie } = await studio();
    const [a, b] = await Promise.all([
      call(t.app, 'GET', '/api/automations', { cookie }),
      call(t.app, 'GET', '/api/automations', { cookie }),
    ]);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    const again = await call(t.app, 'GET', '/api/automations', { cookie });
    expect(again.body.automations).toHaveLength(3);
    expect(again.body.automations.map((x: { isActive: boolean }) => x.isActive)).toEqual([
      false,
      false,
      false,
    ]);
    const [welcome, winBack, birthday] = again.body.automations;
    expect(welcome).toMatchObject({ trigger: 'member_joined', workflowCount: 3 });
    expect(welcome.steps[1]).toEqual({ kind: 'wait', amount: 3, unit: 'days' });
    expect(winBack).toMatchObject({ trigger: 'no_visit_days', triggerDays: 14, workflowCount: 2 });
    expect(winBack.steps[1]).toMatchObject({ kind: 'notify_staff', title: 'Call {{full_name}}' });
    expect(birthday).toMatchObject({ trigger: 'birthday', workflowCount: 1 });
    const templates = await call(t.app, 'GET', '/api/email-templates', { cookie });
    expect(templates.body.templates.map((x: { subject: string }) => x.subject).sort()).toEqual([
      'Happy birthday, {{first_name}}!',
      'How is it going?',
      'We miss you, {{first_name}}',
      'Welcome to {{studio_name}}',
    ]);
  });
});

describe('triggers', () => {
  it('member joined: once per member, and never for members who joined before activation', async () => {
    const { org, cookie } = await studio();
    const before = await addMember(t, cookie);
    const id = await automation(cookie, { trigger: 'member_joined' }, new Date());
    await tickTwice(soon());
    expect(await runsOf(id)).toHaveLength(0);
    const after = await addMember(t, cookie);
    await tickTwice(soon());
    const runs = await runsOf(id);
    expect(runs.map((r) => r.occurrenceKey)).toEqual([`member_joined:${after.id}`]);
    expect(runs[0]).toMatchObject({ status: 'completed', memberId: after.id, organizationId: org });
    expect(before.id).not.toBe(after.id);
  });

  it('first visit and first class attended: once per member', async () => {
    const { org, cookie } = await studio();
    const member = await addMember(t, cookie);
    const old = await addMember(t, cookie);
    await db()
      .insert(memberVisits)
      .values({ organizationId: org, memberId: old.id, visitDate: new Date(Date.now() - DAY) });
    const visit = await automation(cookie, { trigger: 'first_visit' });
    const firstClass = await automation(cookie, { trigger: 'first_class_attended' });
    for (const m of [member, old, member])
      await db().insert(memberVisits).values({ organizationId: org, memberId: m.id });
    for (const hoursAgo of [5, 2]) {
      const session = await insertSession(db(), org, {
        startsAt: new Date(Date.now() - hoursAgo * 3_600_000),
      });
      await db()
        .insert(bookings)
        .values({
          organizationId: org,
          sessionId: session.id,
          memberId: member.id,
          status: 'attended',
          checkedInAt: new Date(Date.now() - hoursAgo * 1000),
          startsAt: session.startsAt,
          endsAt: session.endsAt,
        });
    }
    await tickTwice(soon());
    expect((await runsOf(visit)).map((r) => r.occurrenceKey)).toEqual([`first_visit:${member.id}`]);
    expect((await runsOf(firstClass)).map((r) => r.occurrenceKey)).toEqual([
      `first_class:${member.id}`,
    ]);
  });

  it('no visit for N days: keyed by the last visit, not for visits whose N days ran out before activation', async () => {
    const { org, cookie } = await studio();
    const now = new Date();
    const [gone, longGone, back] = [
      await addMember(t, cookie),
      await addMember(t, cookie),
      await addMember(t, cookie),
    ];
    const visit = (memberId: string, daysAgo: number) =>
      db()
        .insert(memberVisits)
        .values({
          organizationId: org,
          memberId,
          visitDate: new Date(now.getTime() - daysAgo * DAY),
        });
    await visit(gone.id, 15);
    await visit(gone.id, 14);
    await visit(longGone.id, 20);
    await visit(back.id, 14);
    await visit(back.id, 2);
    const id = await automation(
      cookie,
      { trigger: 'no_visit_days', triggerDays: 14 },
      new Date(now.getTime() - DAY),
    );
    await tickTwice(now);
    expect((await runsOf(id)).map((r) => r.occurrenceKey)).toEqual([
      `no_visit:${gone.id}:${isoDay(new Date(now.getTime() - 14 * DAY))}`,
    ]);
  });

  it('membership expiring, trial ending (members and leads) and membership cancelled', async () => {
    const { org, cookie } = await studio();
    const today = isoDay(new Date());
    const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY));
    const member = await addMember(t, cookie);
    const [pack, trial] = await db()
      .insert(plans)
      .values([
        { organizationId: org, name: 'Pack', kind: 'class_pack', price: '50', credits: 5 },
        { organizationId: org, name: 'Trial', kind: 'trial', price: '0', validityDays: 7 },
      ])
      .returning();
    const expiring = await automation(cookie, {
      trigger: 'membership_expiring_days',
      triggerDays: 7,
    });
    const trialEnding = await automation(cookie, { trigger: 'trial_ending', triggerDays: 3 });
    const cancelled = await automation(cookie, { trigger: 'membership_cancelled' });
    const sold = await db()
      .insert(memberships)
      .values([
        {
          organizationId: org,
          memberId: member.id,
          planId: pack!.id,
          price: '50',
          startDate: today,
          endDate: inDays(7),
        },
        {
          organizationId: org,
          memberId: member.id,
          planId: pack!.id,
          price: '50',
          startDate: today,
          endDate: inDays(9),
        },
        {
          organizationId: org,
          memberId: member.id,
          planId: trial!.id,
          price: '0',
          startDate: today,
          endDate: inDays(3),
        },
        {
          organizationId: org,
          memberId: member.id,
          planId: pack!.id,
          price: '50',
          startDate: today,
          status: 'cancelled',
          cancelledAt: new Date(),
        },
      ])
      .returning();
    const [lead] = await db()
      .insert(leads)
      .values({
        organizationId: org,
        firstName: 'Lee',
        lastName: 'Prospect',
        email: 'lee@example.com',
        status: 'trial',
        trialEndsOn: inDays(3),
      })
      .returning();
    // Its 3 days before the trial's end began yesterday, before the automation was switched on.
    await db()
      .insert(leads)
      .values({
        organizationId: org,
        firstName: 'Old',
        lastName: 'Trial',
        phone: '555',
        status: 'trial',
        trialEndsOn: inDays(2),
      });
    await tickTwice(soon());
    expect((await runsOf(expiring)).map((r) => r.occurrenceKey)).toEqual([
      `expiring:${sold[0]!.id}:${inDays(7)}`,
    ]);
    expect((await runsOf(trialEnding)).map((r) => r.occurrenceKey).sort()).toEqual(
      [`trial_ending:${sold[2]!.id}:${inDays(3)}`, `trial_ending:${lead!.id}:${inDays(3)}`].sort(),
    );
    expect((await runsOf(cancelled)).map((r) => r.occurrenceKey)).toEqual([
      `cancelled:${sold[3]!.id}`,
    ]);
  });

  it('birthday once a year; lead created; class booked', async () => {
    const { org, cookie } = await studio();
    const now = new Date();
    const birthday = await automation(cookie, { trigger: 'birthday' });
    const leadCreated = await automation(cookie, { trigger: 'lead_created' });
    const classBooked = await automation(cookie, { trigger: 'class_booked' });
    const celebrant = await addMember(t, cookie, {
      dateOfBirth: `1990-${isoDay(now).slice(5)}`.replace('-02-29', '-02-28'),
    });
    await addMember(t, cookie, {
      dateOfBirth: '1990-01-01'.replace(isoDay(now).slice(5), '01-02'),
    });
    const [lead] = await db()
      .insert(leads)
      .values({ organizationId: org, firstName: 'Lee', lastName: 'New', phone: '555-0100' })
      .returning();
    const session = await insertSession(db(), org);
    const [booking] = await db()
      .insert(bookings)
      .values({
        organizationId: org,
        sessionId: session.id,
        memberId: celebrant.id,
        status: 'booked',
        startsAt: session.startsAt,
        endsAt: session.endsAt,
      })
      .returning();
    const later = await insertSession(db(), org, { startsAt: new Date(Date.now() + 3 * DAY) });
    await db().insert(bookings).values({
      organizationId: org,
      sessionId: later.id,
      memberId: celebrant.id,
      status: 'waitlisted',
      waitlistedAt: new Date(),
      startsAt: later.startsAt,
      endsAt: later.endsAt,
    });
    await tickTwice(soon());
    expect((await runsOf(birthday)).map((r) => r.occurrenceKey)).toEqual([
      `birthday:${celebrant.id}:${isoDay(now).slice(0, 4)}`,
    ]);
    expect((await runsOf(leadCreated)).map((r) => [r.occurrenceKey, r.leadId])).toEqual([
      [`lead_created:${lead!.id}`, lead!.id],
    ]);
    expect((await runsOf(classBooked)).map((r) => r.occurrenceKey)).toEqual([
      `class_booked:${booking!.id}`,
    ]);
  });
});

describe('running steps', () => {
  it('honours waits, adds tags and notifies staff with the name filled in', async () => {
    const { org, cookie } = await studio();
    const tag = await call(t.app, 'POST', '/api/tags', { cookie, body: { name: 'Newcomer' } });
    const id = await automation(cookie, {
      trigger: 'member_joined',
      steps: [
        { kind: 'add_tag', tagId: tag.body.id },
        { kind: 'wait', amount: 3, unit: 'days' },
        { kind: 'notify_staff', title: 'Call {{full_name}}', priority: 'high' },
      ],
    });
    const member = await addMember(t, cookie, { firstName: 'Sam', lastName: 'Lee' });
    const start = soon();
    await tickAutomations(t.deps, start);
    let [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'waiting', stepIndex: 2 });
    expect(run!.nextRunAt!.getTime()).toBe(start.getTime() + 3 * DAY);
    const tagged = await call(t.app, 'GET', `/api/members/${member.id}/tags`, { cookie });
    expect(JSON.stringify(tagged.body)).toContain('Newcomer');

    await tickAutomations(t.deps, new Date(start.getTime() + 2 * DAY));
    [run] = await runsOf(id);
    expect(run!.status).toBe('waiting');
    expect(await db().select().from(staffTasks).where(eq(staffTasks.organizationId, org))).toEqual(
      [],
    );

    await tickTwice(new Date(start.getTime() + 3 * DAY + 60_000));
    [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'completed', stepIndex: 3, nextRunAt: null });
    const tasks = await db().select().from(staffTasks).where(eq(staffTasks.organizationId, org));
    expect(tasks.map((x) => [x.title, x.priority, x.memberId, x.automationRunId])).toEqual([
      ['Call Sam Lee', 'high', member.id, run!.id],
    ]);

    const log = await call(t.app, 'GET', `/api/automations/${id}/runs`, { cookie });
    expect(log.status, log.text).toBe(200);
    expect(log.body).toMatchObject({ total: 1, page: 1 });
    expect(log.body.runs[0]).toMatchObject({
      name: 'Sam Lee',
      status: 'completed',
      nextRunAt: null,
    });
    expect(log.body.runs[0].log.map((l: { message: string }) => l.message)).toEqual([
      'Started: member joined',
      'Tag added',
      'Waiting 3 days',
      'Staff task created: Call Sam Lee',
      'Completed',
    ]);
  });

  it('emails only members with marketing consent, once, over SMTP with unsubscribe and reply address', async () => {
    const { org, cookie } = await studio();
    await call(t.app, 'PATCH', '/api/organization/postal-address', {
      cookie,
      body: { postalAddress: '1 Main St, Springfield' },
    });
    const list = await call(t.app, 'GET', '/api/automations', { cookie });
    const welcome = list.body.automations[0];
    const on = await call(t.app, 'PATCH', `/api/automations/${welcome.id}`, {
      cookie,
      body: { isActive: true },
    });
    expect(on.status, on.text).toBe(200);
    const yes = await addMember(t, cookie, { firstName: 'Ana', marketingConsent: true });
    const no = await addMember(t, cookie, { firstName: 'Bo', marketingConsent: false });
    await tickTwice(soon());
    const runs = await runsOf(welcome.id);
    expect(runs).toHaveLength(2);
    const byMember = new Map(runs.map((r) => [r.memberId, r]));
    expect((byMember.get(no.id)!.log as Array<{ message: string }>)[1]!.message).toBe(
      'Email skipped: no marketing consent',
    );
    expect((byMember.get(yes.id)!.log as Array<{ message: string }>)[1]!.message).toBe(
      'Email queued: Welcome',
    );
    const { rows } = await t.deps.database.executeSql(
      `select data from pgboss.job where name = 'automations.email' and data->>'organizationId' = $1`,
      [org],
    );
    expect(rows).toHaveLength(1);
    const data = automationEmailJob.payload.parse((rows[0] as { data: unknown }).data);
    const deps = { ...t.deps, mailer: smtp.mailer };
    const count = smtp.received.length;
    await sendAutomationEmail(deps, data);
    // A retried job finds its email already sent.
    await sendAutomationEmail(deps, data);
    const mine = smtp.received.slice(count);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.rcpt).toEqual([yes.email]);
    const mail = mine[0]!.mail;
    expect(mail.subject).toMatch(/^Welcome to Gym gym-/);
    expect(mail.text).toContain('Hi Ana');
    expect(mail.text).toContain('1 Main St, Springfield');
    // mailparser gathers the List-* headers under 'list'.
    const listHeaders = mail.headers.get('list') as unknown as Record<
      string,
      { url?: string; name?: string }
    >;
    expect(listHeaders.unsubscribe?.url).toContain('/api/email/unsubscribe/');
    expect(JSON.stringify(listHeaders['unsubscribe-post'])).toContain('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('/unsubscribe/');
    expect(mail.replyTo?.text).toMatch(/^reply\+[a-z0-9]+@/);
    const [after] = await db()
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.id, byMember.get(yes.id)!.id));
    expect((after!.log as Array<{ message: string }>).map((l) => l.message)).toContain(
      `Email sent to ${yes.email}: ${mail.subject}`,
    );

    // Unsubscribed since the step ran: nothing is sent.
    await db()
      .update(members)
      .set({ marketingConsent: false, unsubscribedAt: new Date() })
      .where(and(eq(members.organizationId, org), eq(members.id, yes.id)));
    await sendAutomationEmail(deps, { ...data, step: 2 });
    expect(smtp.received.slice(count)).toHaveLength(1);
  });

  it('never runs a step twice when two ticks run at once', async () => {
    const { org, cookie } = await studio();
    const id = await automation(cookie, {
      trigger: 'member_joined',
      steps: [{ kind: 'notify_staff', title: 'Welcome {{first_name}}', priority: 'medium' }],
    });
    for (let i = 0; i < 12; i++) await addMember(t, cookie);
    const now = soon();
    await Promise.all([
      tickAutomations(t.deps, now),
      tickAutomations(t.deps, now),
      tickAutomations(t.deps, now),
    ]);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(12);
    expect(runs.every((r) => r.status === 'completed')).toBe(true);
    const [tasks] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(staffTasks)
      .where(eq(staffTasks.organizationId, org));
    expect(tasks!.n).toBe(12);
  });

  it('stops waiting runs of an automation switched off', async () => {
    const { cookie } = await studio();
    const id = await automation(cookie, {
      trigger: 'member_joined',
      steps: [{ kind: 'wait', amount: 1, unit: 'hours' }],
    });
    await addMember(t, cookie);
    const start = soon();
    await tickAutomations(t.deps, start);
    await call(t.app, 'PATCH', `/api/automations/${id}`, { cookie, body: { isActive: false } });
    await tickAutomations(t.deps, new Date(start.getTime() + 2 * 3_600_000));
    const [run] = await runsOf(id);
    expect(run!.status).toBe('skipped');
  });
});
