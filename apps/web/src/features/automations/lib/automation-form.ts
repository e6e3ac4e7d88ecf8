import type {
  AutomationStepKind,
  AutomationTrigger,
  TaskPriority,
} from '@fitbase/domain/connect-constants';
import {
  type Automation,
  type AutomationStep,
  automationInputSchema,
  triggerNeedsDays,
} from '@fitbase/domain/contracts/automations';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The editor's values. A step row keeps every step kind's fields (named as in the contract), so
 * switching a row's kind loses nothing typed and server errors such as `steps.1.tagId` land on
 * the field of the same name.
 */
export interface StepFormValues {
  kind: AutomationStepKind;
  amount: number | null;
  unit: 'days' | 'hours';
  templateId: string;
  tagId: string;
  title: string;
  assigneeUserId: string;
  priority: TaskPriority;
}

export interface AutomationFormValues {
  name: string;
  description: string;
  trigger: AutomationTrigger;
  triggerDays: number | null;
  steps: StepFormValues[];
}

export type AutomationFormOutput = z.output<typeof automationInputSchema>;

export function blankStep(kind: AutomationStepKind = 'send_email'): StepFormValues {
  return {
    kind,
    amount: 1,
    unit: 'days',
    templateId: '',
    tagId: '',
    title: '',
    assigneeUserId: '',
    priority: 'medium',
  };
}

function stepToForm(step: AutomationStep): StepFormValues {
  const base = blankStep(step.kind);
  return step.kind === 'notify_staff'
    ? { ...base, ...step, assigneeUserId: step.assigneeUserId ?? '' }
    : { ...base, ...step };
}

export function automationToForm(automation: Automation | undefined): AutomationFormValues {
  return {
    name: automation?.name ?? '',
    description: automation?.description ?? '',
    trigger: automation?.trigger ?? 'member_joined',
    triggerDays: automation?.triggerDays ?? null,
    steps: automation?.steps.map(stepToForm) ?? [blankStep()],
  };
}

/** A row as the contract's step (unvalidated: the schema says what is missing). */
export function formToStep(row: StepFormValues): unknown {
  switch (row.kind) {
    case 'wait':
      return { kind: row.kind, amount: row.amount, unit: row.unit };
    case 'send_email':
      return { kind: row.kind, templateId: row.templateId };
    case 'add_tag':
    case 'remove_tag':
      return { kind: row.kind, tagId: row.tagId };
    case 'notify_staff':
      return {
        kind: row.kind,
        title: row.title,
        assigneeUserId: row.assigneeUserId || null,
        priority: row.priority,
      };
  }
}

export function formToInput(values: AutomationFormValues) {
  return {
    name: values.name,
    description: values.description,
    trigger: values.trigger,
    triggerDays: triggerNeedsDays(values.trigger) ? values.triggerDays : null,
    steps: values.steps.map(formToStep),
  };
}

/** The field names a server 400 may name, for applyServerErrors. */
export function serverFieldNames(stepCount: number): string[] {
  const names = ['name', 'description', 'trigger', 'triggerDays', 'steps'];
  for (let i = 0; i < stepCount; i++)
    for (const field of ['amount', 'unit', 'templateId', 'tagId', 'title', 'assigneeUserId'])
      names.push(`steps.${i}.${field}`);
  return names;
}

/** Empty picks say "choose one" rather than "must be a UUID". */
const CHOOSE: Partial<Record<string, string>> = {
  templateId: 'Choose an email template',
  tagId: 'Choose a tag',
};

/** Validates with the contract, its messages placed on the editor's fields of the same path. */
export const automationResolver: Resolver<
  AutomationFormValues,
  unknown,
  AutomationFormOutput
> = async (values) => {
  const parsed = automationInputSchema.safeParse(formToInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const tree: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const keys = issue.path.map(String);
    const field = keys[keys.length - 1]!;
    const row = keys[0] === 'steps' && keys.length === 3 ? values.steps[Number(keys[1])] : null;
    const message =
      row && CHOOSE[field] && !row[field as 'tagId' | 'templateId']
        ? CHOOSE[field]!
        : issue.message;
    let node = tree;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[field] ??= { type: issue.code, message };
  }
  return { values: {}, errors: tree as FieldErrors<AutomationFormValues> };
};
