import { z } from 'zod';
import {
  AUTOMATION_RUN_STATUSES,
  AUTOMATION_TRIGGERS,
  AUTOMATION_TRIGGERS_WITH_DAYS,
  TASK_PRIORITIES,
  type AutomationTrigger,
} from '../connect-constants.ts';

/** Automations (docs/product/connect-and-messaging.md#automations-connectautomations). */

const id = (label: string) => z.uuid(`Choose ${label}`);

export const waitStepSchema = z.object({
  kind: z.literal('wait'),
  amount: z
    .number({ error: 'Wait is a whole number' })
    .int('Wait is a whole number')
    .min(1, 'Wait at least 1')
    .max(365, 'Wait at most 365'),
  unit: z.enum(['days', 'hours'], 'Choose days or hours'),
});
export const sendEmailStepSchema = z.object({
  kind: z.literal('send_email'),
  templateId: id('an email template'),
});
export const addTagStepSchema = z.object({ kind: z.literal('add_tag'), tagId: id('a tag') });
export const removeTagStepSchema = z.object({ kind: z.literal('remove_tag'), tagId: id('a tag') });
export const notifyStaffStepSchema = z.object({
  kind: z.literal('notify_staff'),
  title: z
    .string({ error: 'Task title is required' })
    .trim()
    .min(1, 'Task title is required')
    .max(200, 'Task title is at most 200 characters'),
  /** Null: the task is for anyone on the staff. */
  assigneeUserId: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null)),
  priority: z.enum(TASK_PRIORITIES, 'Choose high or medium').default('medium'),
});

export const automationStepSchema = z.discriminatedUnion('kind', [
  waitStepSchema,
  sendEmailStepSchema,
  addTagStepSchema,
  removeTagStepSchema,
  notifyStaffStepSchema,
]);
export type AutomationStep = z.output<typeof automationStepSchema>;
export type AutomationStepInput = z.input<typeof automationStepSchema>;

export const MAX_AUTOMATION_STEPS = 20;

export function triggerNeedsDays(trigger: AutomationTrigger): boolean {
  return (AUTOMATION_TRIGGERS_WITH_DAYS as readonly AutomationTrigger[]).includes(trigger);
}

/** The trigger labels of the editor and the list. `N` is replaced by the trigger's days. */
export const AUTOMATION_TRIGGER_LABELS: Record<AutomationTrigger, string> = {
  member_joined: 'Member joined',
  first_visit: 'First visit',
  no_visit_days: 'No visit for N days',
  membership_expiring_days: 'Membership expiring in N days',
  membership_cancelled: 'Membership cancelled',
  birthday: 'Birthday',
  trial_ending: 'Trial ending in N days',
  lead_created: 'Lead created',
  class_booked: 'Class booked',
  first_class_attended: 'First class attended',
};

const triggerDaysSchema = z
  .number({ error: 'Days is a whole number' })
  .int('Days is a whole number')
  .min(1, 'Days is at least 1')
  .max(365, 'Days is at most 365')
  .nullable();

const automationFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name is at most 120 characters'),
  description: z
    .string()
    .trim()
    .max(500, 'Description is at most 500 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
  trigger: z.enum(AUTOMATION_TRIGGERS, 'Choose a trigger'),
  triggerDays: triggerDaysSchema,
  steps: z
    .array(automationStepSchema)
    .max(MAX_AUTOMATION_STEPS, `At most ${MAX_AUTOMATION_STEPS} steps`),
  isActive: z.boolean(),
};

/** Days are required exactly for the triggers that take them (and dropped for the others). */
function daysRule(
  value: { trigger?: AutomationTrigger; triggerDays?: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.trigger && triggerNeedsDays(value.trigger) && !value.triggerDays)
    ctx.addIssue({
      code: 'custom',
      message: 'Enter the number of days',
      path: ['triggerDays'],
    });
}

export const automationInputSchema = z
  .object({
    ...automationFields,
    description: automationFields.description.default(null),
    triggerDays: automationFields.triggerDays.default(null),
    steps: automationFields.steps.default([]),
    isActive: automationFields.isActive.default(false),
  })
  .superRefine(daysRule);
export type AutomationInput = z.input<typeof automationInputSchema>;

/** A partial edit; activate or deactivate with `{ isActive }`. */
export const automationUpdateSchema = z.object(automationFields).partial().superRefine(daysRule);
export type AutomationUpdate = z.input<typeof automationUpdateSchema>;

/** A step as the API returns it (the input's defaults and transforms applied). */
export const automationStepOutputSchema = z.discriminatedUnion('kind', [
  waitStepSchema,
  sendEmailStepSchema,
  addTagStepSchema,
  removeTagStepSchema,
  notifyStaffStepSchema.extend({
    assigneeUserId: z.string().nullable(),
    priority: z.enum(TASK_PRIORITIES),
  }),
]);

export const automationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  triggerDays: z.number().int().nullable(),
  steps: z.array(automationStepOutputSchema),
  /** The number of steps (the spec's workflow count). */
  workflowCount: z.number().int(),
  isActive: z.boolean(),
  activatedAt: z.string().nullable(),
  presetKey: z.string().nullable(),
  createdAt: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;
export const automationListSchema = z.object({ automations: z.array(automationSchema) });
export type AutomationList = z.infer<typeof automationListSchema>;

export const automationRunLogLineSchema = z.object({
  at: z.string(),
  /** The step the line is about; null for the run itself (started, completed). */
  step: z.number().int().nullable(),
  message: z.string(),
});
export type AutomationRunLogLine = z.infer<typeof automationRunLogLineSchema>;

export const automationRunSchema = z.object({
  id: z.string(),
  memberId: z.string().nullable(),
  leadId: z.string().nullable(),
  /** The member's or lead's name. */
  name: z.string(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  /** The next step to run (0-based); equals the step count when done. */
  stepIndex: z.number().int(),
  nextRunAt: z.string().nullable(),
  log: z.array(automationRunLogLineSchema),
  createdAt: z.string(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;

export const automationRunsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const automationRunPageSchema = z.object({
  runs: z.array(automationRunSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AutomationRunPage = z.infer<typeof automationRunPageSchema>;
