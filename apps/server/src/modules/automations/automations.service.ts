import {
  automationStepSchema,
  triggerNeedsDays,
  type Automation,
  type AutomationList,
  type AutomationRunLogLine,
  type AutomationRunPage,
  type AutomationStep,
  type automationInputSchema,
  type automationUpdateSchema,
} from '@fitbase/domain/contracts/automations';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import { unknownMergeFields, unknownMergeFieldsMessage } from '@fitbase/domain/merge-fields';
import type { z } from 'zod';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Deps, StudioScope } from '../../http/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { requirePostalAddress } from '../campaigns/unsubscribe.service.ts';
import { getTemplate } from '../email-templates/email-templates.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { listStaff } from '../staff/staff.service.ts';
import { listTags } from '../tags/tags.service.ts';
import { createPresets, PRESET_KEYS } from './automation-presets.ts';
import * as queries from './automations.queries.ts';
import { isReadOnly } from './automations.sql.ts';

/** Automations: docs/product/connect-and-messaging.md#automations-connectautomations. */

type Scope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;
type AutomationInput = z.output<typeof automationInputSchema>;
type AutomationUpdate = z.output<typeof automationUpdateSchema>;

const automationNotFound = () => notFound('Automation');

/** Steps as stored; a step that no longer parses (never written by this code) is dropped. */
export function parseSteps(raw: unknown[]): AutomationStep[] {
  return raw.flatMap((step) => {
    const parsed = automationStepSchema.safeParse(step);
    return parsed.success ? [parsed.data] : [];
  });
}

export function serializeAutomation(row: queries.AutomationRow): Automation {
  const steps = parseSteps(row.steps);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    trigger: row.trigger,
    triggerDays: row.triggerDays,
    steps,
    workflowCount: steps.length,
    isActive: row.isActive,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    presetKey: row.presetKey,
    createdAt: row.createdAt.toISOString(),
  };
}

export const notifyAutomations = (
  unit: UnitOfWork,
  organizationId: string,
  action: RealtimeAction,
  ids: string[],
) => publishChange(unit, { organizationId, entity: 'automations', action, ids });

/**
 * The studio's automations, oldest first. The three ready-made ones are made on the first
 * listing (idempotently: two first listings at once still make three). A GET on PostgreSQL runs
 * in a read-only transaction, so they are then made in a transaction of their own on `rootDb`.
 */
export async function listAutomations(
  scope: Scope & { deps: Pick<Deps, 'database'> },
): Promise<AutomationList> {
  const { db } = scope;
  const rootDb = scope.deps.database.db;
  const existing = await queries.presetKeys(db, scope.organizationId);
  if (PRESET_KEYS.some((key) => !existing.includes(key))) {
    if (await isReadOnly(db))
      await runInStudio(rootDb, scope.organizationId, (tx) =>
        createPresets(tx, scope.organizationId),
      );
    else await createPresets(db, scope.organizationId);
  }
  const rows = await queries.listAutomations(db, scope.organizationId);
  return { automations: rows.map(serializeAutomation) };
}

export async function getAutomation(scope: Scope, id: string): Promise<Automation> {
  const row = await queries.findAutomation(scope.db, scope.organizationId, id);
  if (!row) throw automationNotFound();
  return serializeAutomation(row);
}

const stepError = (index: number, field: string, message: string) =>
  new AppError('validation_error', `Step ${index + 1}: ${message}`, {
    [`steps.${index}.${field}`]: message,
  });

/** Every template, tag and staff person a step names must be the studio's. */
async function checkSteps(db: Db | Tx, organizationId: string, steps: AutomationStep[]) {
  const needsTags = steps.some((s) => s.kind === 'add_tag' || s.kind === 'remove_tag');
  const needsStaff = steps.some((s) => s.kind === 'notify_staff' && s.assigneeUserId);
  const tagIds = needsTags
    ? new Set((await listTags({ organizationId, db: db })).tags.map((t) => t.id))
    : new Set<string>();
  const staffIds = needsStaff
    ? new Set(
        (await listStaff({ organizationId, role: 'owner', db: db as Db })).staff.map(
          (s) => s.userId,
        ),
      )
    : new Set<string>();
  for (const [index, step] of steps.entries()) {
    if (step.kind === 'send_email') {
      const found = await getTemplate({ db, organizationId }, step.templateId).catch(() => null);
      if (!found) throw stepError(index, 'templateId', 'choose an email template of this studio');
    } else if (step.kind === 'add_tag' || step.kind === 'remove_tag') {
      if (!tagIds.has(step.tagId)) throw stepError(index, 'tagId', 'choose a tag of this studio');
    } else if (step.kind === 'notify_staff') {
      const unknown = unknownMergeFields(step.title);
      if (unknown.length > 0) throw stepError(index, 'title', unknownMergeFieldsMessage(unknown));
      if (step.assigneeUserId && !staffIds.has(step.assigneeUserId))
        throw stepError(index, 'assigneeUserId', 'choose a staff member of this studio');
    }
  }
}

/** Marketing needs the studio's postal address: an automation that emails is not switched on without it. */
async function checkCanActivate(db: Db | Tx, organizationId: string, steps: AutomationStep[]) {
  if (steps.some((s) => s.kind === 'send_email'))
    requirePostalAddress(await studioSender(db, organizationId));
}

/** `now`: when it is switched on; default the clock (the demo's history switches on in the past). */
export async function createAutomation(
  scope: Scope,
  input: AutomationInput,
  now: Date = new Date(),
): Promise<Automation> {
  await checkSteps(scope.db, scope.organizationId, input.steps);
  if (input.isActive) await checkCanActivate(scope.db, scope.organizationId, input.steps);
  const row = await queries.insertAutomation(scope.db, scope.organizationId, {
    ...input,
    triggerDays: triggerNeedsDays(input.trigger) ? input.triggerDays : null,
    activatedAt: input.isActive ? now : null,
  });
  notifyAutomations(scope.work, scope.organizationId, 'created', [row.id]);
  return serializeAutomation(row);
}

export async function updateAutomation(
  scope: Scope,
  id: string,
  input: AutomationUpdate,
  now: Date = new Date(),
): Promise<Automation> {
  const current = await queries.findAutomation(scope.db, scope.organizationId, id, {
    forUpdate: true,
  });
  if (!current) throw automationNotFound();
  const trigger = input.trigger ?? current.trigger;
  const triggerDays = input.triggerDays !== undefined ? input.triggerDays : current.triggerDays;
  if (triggerNeedsDays(trigger) && !triggerDays)
    throw new AppError('validation_error', 'Enter the number of days', {
      triggerDays: 'Enter the number of days',
    });
  const steps = input.steps ?? parseSteps(current.steps);
  if (input.steps) await checkSteps(scope.db, scope.organizationId, input.steps);
  const isActive = input.isActive ?? current.isActive;
  const switchedOn = isActive && !current.isActive;
  if (isActive) await checkCanActivate(scope.db, scope.organizationId, steps);
  const row = await queries.updateAutomation(scope.db, scope.organizationId, id, {
    ...input,
    triggerDays: triggerNeedsDays(trigger) ? triggerDays : null,
    // Only occurrences after the switch-on start runs: activating never mails the past.
    ...(switchedOn ? { activatedAt: now } : {}),
  });
  if (!row) throw automationNotFound();
  notifyAutomations(scope.work, scope.organizationId, 'updated', [row.id]);
  return serializeAutomation(row);
}

/**
 * Deletes an automation and its run log. The ready-made ones are kept (they would come back on
 * the next listing): they are switched off instead.
 */
export async function deleteAutomation(scope: Scope, id: string): Promise<void> {
  const current = await queries.findAutomation(scope.db, scope.organizationId, id);
  if (!current) throw automationNotFound();
  if (current.presetKey)
    throw conflict(`${current.name} is a ready-made automation: deactivate it instead.`);
  await queries.deleteAutomation(scope.db, scope.organizationId, id);
  notifyAutomations(scope.work, scope.organizationId, 'deleted', [id]);
}

/** GET /api/automations/{id}/runs: the run log, newest first. */
export async function listRuns(
  scope: Scope,
  id: string,
  page: { page: number; pageSize: number },
): Promise<AutomationRunPage> {
  if (!(await queries.findAutomation(scope.db, scope.organizationId, id)))
    throw automationNotFound();
  const { rows, total } = await queries.listRuns(scope.db, scope.organizationId, id, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return {
    runs: rows.map(({ run, memberName, leadName }) => ({
      id: run.id,
      memberId: run.memberId,
      leadId: run.leadId,
      name: memberName ?? leadName ?? 'Unknown',
      status: run.status,
      stepIndex: run.stepIndex,
      nextRunAt: run.status === 'waiting' ? (run.nextRunAt?.toISOString() ?? null) : null,
      log: (run.log as AutomationRunLogLine[]).map(({ at, step, message }) => ({
        at,
        step,
        message,
      })),
      createdAt: run.createdAt.toISOString(),
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
