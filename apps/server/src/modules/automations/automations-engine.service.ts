import type { AutomationRunLogLine, AutomationStep } from '@fitbase/domain/contracts/automations';
import { fillMergeFields, type MergeValues } from '@fitbase/domain/merge-fields';
import { localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays } from 'date-fns';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Config } from '../../env.ts';
import type { Deps } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { brandedStudio, renderEmail } from '../../lib/email-content.ts';
import { AppError } from '../../lib/errors.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { unsubscribeLink } from '../campaigns/unsubscribe.service.ts';
import { replyAddressesFor } from '../conversations/reply-address.service.ts';
import { getTemplate } from '../email-templates/email-templates.service.ts';
import { getOrganizationTimeZone } from '../../context/studio-time.ts';
import { addTagToMember, removeTagFromMember } from '../tags/tags.service.ts';
import { createStaffTask } from '../tasks/tasks.service.ts';
import { findOccurrences, leadName, memberContact } from './automation-triggers.sql.ts';
import { automationEmailJob, type AutomationEmailJob } from './automations.jobs.ts';
import * as queries from './automations.queries.ts';
import { notifyAutomations, parseSteps } from './automations.service.ts';

/**
 * The automation engine (docs/product/connect-and-messaging.md#automations), run by the
 * 'automations.tick' job every minute: (a) trigger occurrences since each active automation was
 * switched on become runs, one per (automation, occurrence key) by the unique index; (b) due runs
 * are claimed with FOR UPDATE SKIP LOCKED and advanced step by step until a wait or the end, the
 * steps' effects and the run's new step index committing together. So a step runs once, whatever
 * the number of processes ticking, and a crash rolls back both. Emails go out as their own job
 * ('automations.email'), enqueued in that same transaction, so an SMTP failure retries the email
 * alone.
 */

const CLAIM_BATCH = 50;
type EngineDeps = Pick<Deps, 'database' | 'logger'>;

export async function tickAutomations(
  deps: EngineDeps,
  now: Date,
  /** Only this studio (the demo's history ticks its own past minutes: src/demo). */
  options: { organizationId?: string } = {},
): Promise<{ started: number; advanced: number }> {
  const { db } = deps.database;
  const only = (ids: string[]) =>
    options.organizationId ? ids.filter((id) => id === options.organizationId) : ids;
  let started = 0;
  for (const organizationId of only(await queries.organizationsWithActiveAutomations(db)))
    started += await runInStudio(db, organizationId, (tx, unit) =>
      startRuns(tx, unit, organizationId, now),
    );
  let advanced = 0;
  for (const organizationId of only(await queries.organizationsWithDueRuns(db, now))) {
    for (;;) {
      const claimed = await runInStudio(db, organizationId, (tx, unit) =>
        advanceDueRuns(deps, tx, unit, organizationId, now),
      );
      advanced += claimed;
      if (claimed < CLAIM_BATCH) break;
    }
  }
  return { started, advanced };
}

async function startRuns(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  now: Date,
): Promise<number> {
  const timeZone = await getOrganizationTimeZone(tx, organizationId);
  const today = localDateOf(now, timeZone);
  let started = 0;
  const ids: string[] = [];
  for (const automation of await queries.activeAutomations(tx, organizationId)) {
    if (!automation.activatedAt || automation.activatedAt > now) continue;
    const occurrences = await findOccurrences(tx, organizationId, automation.trigger, {
      automationId: automation.id,
      days: automation.triggerDays ?? 0,
      activatedAt: automation.activatedAt,
      now,
      activationDate: localDateOf(automation.activatedAt, timeZone),
      today,
      dayStart: (date) => zonedInstant(date, '00:00', timeZone),
    });
    const count = await queries.insertRuns(
      tx,
      organizationId,
      occurrences.map((o) => ({ ...o, automationId: automation.id })),
      now,
      (run) => line(now, null, `Started: ${run.occurrenceKey.split(':')[0]!.replace(/_/g, ' ')}`),
    );
    if (count > 0) ids.push(automation.id);
    started += count;
  }
  if (ids.length > 0) notifyAutomations(unit, organizationId, 'updated', ids);
  return started;
}

const line = (now: Date, step: number | null, message: string): AutomationRunLogLine => ({
  at: now.toISOString(),
  step,
  message,
});

async function advanceDueRuns(
  deps: EngineDeps,
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  now: Date,
): Promise<number> {
  const runs = await queries.claimDueRuns(tx, organizationId, now, CLAIM_BATCH);
  if (runs.length === 0) return 0;
  const automations = new Map(
    (
      await queries.automationsByIds(tx, organizationId, [
        ...new Set(runs.map((r) => r.automationId)),
      ])
    ).map((a) => [a.id, a]),
  );
  const timeZone = await getOrganizationTimeZone(tx, organizationId);
  for (const run of runs) {
    const automation = automations.get(run.automationId)!;
    try {
      // A savepoint per run: an unexpected failure undoes that run's steps only.
      await tx.transaction((sp) =>
        advanceRun(sp, unit, organizationId, run, automation, now, timeZone),
      );
    } catch (error) {
      deps.logger.error({ err: error, runId: run.id }, 'automation run failed');
      await queries.advanceRun(
        tx,
        organizationId,
        run.id,
        { status: 'failed', stepIndex: run.stepIndex, nextRunAt: null },
        [line(now, run.stepIndex, `Failed: ${(error as Error).message}`)],
      );
    }
  }
  notifyAutomations(unit, organizationId, 'updated', [...automations.keys()]);
  return runs.length;
}

interface Subject {
  memberId: string | null;
  leadId: string | null;
  values: MergeValues | null;
}

async function advanceRun(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  run: queries.AutomationRunRow,
  automation: queries.AutomationRow,
  now: Date,
  timeZone: string,
): Promise<void> {
  const lines: AutomationRunLogLine[] = [];
  if (!automation.isActive) {
    lines.push(line(now, null, 'Stopped: the automation was deactivated'));
    await queries.advanceRun(
      tx,
      organizationId,
      run.id,
      { status: 'skipped', stepIndex: run.stepIndex, nextRunAt: null },
      lines,
    );
    return;
  }
  const steps = parseSteps(automation.steps);
  const subject = await subjectOf(tx, organizationId, run);
  for (let index = run.stepIndex; index < steps.length; index++) {
    const step = steps[index]!;
    if (step.kind === 'wait') {
      const nextRunAt = waitUntil(now, step, timeZone);
      lines.push(line(now, index, `Waiting ${step.amount} ${unitLabel(step)}`));
      await queries.advanceRun(
        tx,
        organizationId,
        run.id,
        { status: 'waiting', stepIndex: index + 1, nextRunAt },
        lines,
      );
      return;
    }
    const message = await executeStep(
      tx,
      unit,
      organizationId,
      run,
      step,
      index,
      subject,
      today(now, timeZone),
    );
    lines.push(line(now, index, message));
  }
  lines.push(line(now, null, 'Completed'));
  await queries.advanceRun(
    tx,
    organizationId,
    run.id,
    { status: 'completed', stepIndex: steps.length, nextRunAt: null },
    lines,
  );
}

const today = (now: Date, timeZone: string) => localDateOf(now, timeZone);

const unitLabel = (step: Extract<AutomationStep, { kind: 'wait' }>) =>
  step.amount === 1 ? step.unit.slice(0, -1) : step.unit;

/** Days are calendar days of the studio (a wait over a clock change still ends at the same hour). */
function waitUntil(now: Date, step: Extract<AutomationStep, { kind: 'wait' }>, timeZone: string) {
  if (step.unit === 'hours') return new Date(now.getTime() + step.amount * 3_600_000);
  return new Date(addCalendarDays(new TZDate(now.getTime(), timeZone), step.amount).getTime());
}

async function subjectOf(
  tx: Tx,
  organizationId: string,
  run: queries.AutomationRunRow,
): Promise<Subject> {
  const sender = await studioSender(tx, organizationId);
  const values = (first: string, last: string, email: string): MergeValues => ({
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`.trim(),
    email,
    studio_name: sender.name,
    studio_url: '',
  });
  if (run.memberId) {
    const member = await memberContact(tx, organizationId, run.memberId);
    return {
      memberId: run.memberId,
      leadId: null,
      values: member ? values(member.firstName, member.lastName, member.email ?? '') : null,
    };
  }
  const lead = run.leadId ? await leadName(tx, organizationId, run.leadId) : null;
  return {
    memberId: null,
    leadId: run.leadId,
    values: lead ? values(lead.firstName, lead.lastName, '') : null,
  };
}

/** Runs one step (not a wait) and says what happened, for the run log. */
async function executeStep(
  tx: Tx,
  unit: UnitOfWork,
  organizationId: string,
  run: queries.AutomationRunRow,
  step: Exclude<AutomationStep, { kind: 'wait' }>,
  index: number,
  subject: Subject,
  dueOn: string,
): Promise<string> {
  switch (step.kind) {
    case 'send_email': {
      const template = await getTemplate({ db: tx, organizationId }, step.templateId).catch(
        () => null,
      );
      if (!template) return 'Email skipped: the template no longer exists';
      if (!subject.memberId)
        return 'Email skipped: no marketing consent (leads are not sent marketing)';
      const member = await memberContact(tx, organizationId, subject.memberId);
      if (!member?.marketingConsent || member.unsubscribed)
        return 'Email skipped: no marketing consent';
      await enqueueJob(
        unit,
        automationEmailJob,
        {
          organizationId,
          runId: run.id,
          step: index,
          templateId: template.id,
          memberId: member.id,
        },
        { singletonKey: `${run.id}:${index}` },
      );
      return `Email queued: ${template.name}`;
    }
    case 'add_tag':
    case 'remove_tag': {
      if (!subject.memberId) return 'Tag skipped: tags are changed on members only';
      try {
        if (step.kind === 'add_tag')
          await addTagToMember(tx, unit, organizationId, step.tagId, subject.memberId);
        else await removeTagFromMember(tx, unit, organizationId, step.tagId, subject.memberId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found')
          return 'Tag skipped: the tag no longer exists';
        throw error;
      }
      return step.kind === 'add_tag' ? 'Tag added' : 'Tag removed';
    }
    case 'notify_staff': {
      // Tasks have plain titles: the merge fields are filled with the member's or lead's name.
      const title = subject.values ? fillMergeFields(step.title, subject.values) : step.title;
      const task = {
        organizationId,
        title: title.slice(0, 200),
        dueOn,
        priority: step.priority,
        memberId: subject.memberId,
        automationRunId: run.id,
      };
      try {
        await createStaffTask(tx, unit, { ...task, assigneeUserId: step.assigneeUserId });
      } catch (error) {
        // The assignee left the studio: the task still reaches the staff, unassigned.
        if (!(error instanceof AppError && error.code === 'validation_error')) throw error;
        await createStaffTask(tx, unit, { ...task, assigneeUserId: null });
        return `Staff task created (unassigned: the assignee is no longer on the staff): ${title}`;
      }
      return `Staff task created: ${title}`;
    }
  }
}

/**
 * The 'automations.email' job: one step's email to one member, as marketing (consent checked
 * again at sending, unsubscribe link and headers, the studio's address). The run's log line and
 * the send share a transaction holding the run's row lock, so a retry after a committed send
 * finds the line and sends nothing; an SMTP failure rolls the line back and the job retries.
 */
export async function sendAutomationEmail(
  deps: Pick<Deps, 'database' | 'mailer' | 'logger'> & { config: Config },
  job: AutomationEmailJob,
): Promise<void> {
  const { organizationId } = job;
  await runInStudio(deps.database.db, organizationId, async (tx, unit) => {
    const run = await queries.lockRun(tx, organizationId, job.runId);
    if (!run) return;
    const sentKey = `email_sent:${job.step}`;
    if ((run.log as Array<{ event?: string }>).some((l) => l.event === sentKey)) return;
    const now = new Date();
    const note = (message: string, event?: string) =>
      queries.appendRunLog(tx, organizationId, run.id, [
        { ...line(now, job.step, message), ...(event ? { event } : {}) },
      ]);
    const member = await memberContact(tx, organizationId, job.memberId);
    if (!member) return;
    if (!member.marketingConsent || member.unsubscribed)
      return void (await note('Email not sent: no marketing consent', sentKey));
    // A household member without an email: marketing is never sent to their payer instead.
    const to = member.email?.trim();
    if (!to) return void (await note('Email not sent: the member has no email', sentKey));
    const sender = await studioSender(tx, organizationId);
    if (!sender.postalAddress?.trim())
      return void (await note(
        "Email not sent: add the studio's postal address (marketing email must carry it)",
        sentKey,
      ));
    const template = await getTemplate({ db: tx, organizationId }, job.templateId).catch(
      () => null,
    );
    if (!template)
      return void (await note('Email not sent: the template no longer exists', sentKey));
    const replyTo = (await replyAddressesFor(tx, deps.config, organizationId, [member.id])).get(
      member.id,
    );
    const unsubscribe = unsubscribeLink(deps.config, organizationId, member.id);
    const rendered = renderEmail({
      subject: template.subject,
      content: template.content,
      values: {
        first_name: member.firstName,
        last_name: member.lastName,
        full_name: `${member.firstName} ${member.lastName}`.trim(),
        email: to,
        studio_name: sender.name,
        studio_url: `${deps.config.appUrl}/join/${sender.slug}`,
      },
      studio: brandedStudio(sender, deps.config.appUrl),
      unsubscribeUrl: unsubscribe.url,
    });
    await note(`Email sent to ${to}: ${rendered.subject}`, sentKey);
    await deps.mailer.send({
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: [unsubscribe.url],
      fromName: sender.name,
      replyTo,
      headers: unsubscribe.headers,
    });
    notifyAutomations(unit, organizationId, 'updated', [run.automationId]);
  });
}
