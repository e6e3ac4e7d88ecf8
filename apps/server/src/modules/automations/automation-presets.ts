import type { AutomationStep } from '@fitbase/domain/contracts/automations';
import type { AutomationTrigger } from '@fitbase/domain/connect-constants';
import type { Db, Tx } from '../../db/client.ts';
import { createTemplate } from '../email-templates/email-templates.service.ts';
import * as queries from './automations.queries.ts';

/**
 * The three ready-made automations every studio has (docs/product/connect-and-messaging.md#automations),
 * inactive until the studio switches one on, with the email templates they send (ordinary
 * templates the studio can edit).
 */

interface PresetEmail {
  name: string;
  subject: string;
  content: string;
}

type PresetStep =
  { kind: 'email'; email: PresetEmail } | Exclude<AutomationStep, { kind: 'send_email' }>;

interface Preset {
  key: string;
  name: string;
  description: string;
  trigger: AutomationTrigger;
  triggerDays: number | null;
  steps: PresetStep[];
}

const PRESETS: Preset[] = [
  {
    key: 'welcome',
    name: 'Welcome series',
    description: 'Welcomes a new member, then checks in three days later.',
    trigger: 'member_joined',
    triggerDays: null,
    steps: [
      {
        kind: 'email',
        email: {
          name: 'Welcome',
          subject: 'Welcome to {{studio_name}}',
          content:
            'Hi {{first_name}},\n\nWelcome to {{studio_name}}! We are glad you joined us.\n\nIf you have any questions, just reply to this email.\n\nSee you soon,\n{{studio_name}}',
        },
      },
      { kind: 'wait', amount: 3, unit: 'days' },
      {
        kind: 'email',
        email: {
          name: 'How is it going?',
          subject: 'How is it going?',
          content:
            'Hi {{first_name}},\n\nYou have been with {{studio_name}} for a few days now. How is it going?\n\nReply to this email and tell us: we read every message.\n\n{{studio_name}}',
        },
      },
    ],
  },
  {
    key: 'win_back',
    name: 'Win-back',
    description: 'Reaches out to members who have not visited for 14 days.',
    trigger: 'no_visit_days',
    triggerDays: 14,
    steps: [
      {
        kind: 'email',
        email: {
          name: 'We miss you',
          subject: 'We miss you, {{first_name}}',
          content:
            'Hi {{first_name}},\n\nWe have not seen you at {{studio_name}} for a while, and we miss you!\n\nCome back for a class this week: we would love to see you again.\n\n{{studio_name}}',
        },
      },
      { kind: 'notify_staff', title: 'Call {{full_name}}', assigneeUserId: null, priority: 'high' },
    ],
  },
  {
    key: 'birthday',
    name: 'Birthday',
    description: 'Wishes members a happy birthday on their birthday.',
    trigger: 'birthday',
    triggerDays: null,
    steps: [
      {
        kind: 'email',
        email: {
          name: 'Happy birthday',
          subject: 'Happy birthday, {{first_name}}!',
          content:
            'Hi {{first_name}},\n\nEveryone at {{studio_name}} wishes you a very happy birthday!\n\n{{studio_name}}',
        },
      },
    ],
  },
];

export const PRESET_KEYS = PRESETS.map((p) => p.key);

/**
 * Makes the ready-made automations the studio lacks, with their templates, in `tx`. Under the
 * studio's preset lock, so two first listings at once make them once.
 */
export async function createPresets(tx: Db | Tx, organizationId: string): Promise<void> {
  await queries.lockPresets(tx, organizationId);
  const existing = new Set(await queries.presetKeys(tx, organizationId));
  const base = Date.now();
  for (const [index, preset] of PRESETS.entries()) {
    if (existing.has(preset.key)) continue;
    const steps: AutomationStep[] = [];
    for (const step of preset.steps) {
      if (step.kind !== 'email') {
        steps.push(step);
        continue;
      }
      const template = await createTemplate({ organizationId, userId: null, db: tx }, step.email);
      steps.push({ kind: 'send_email', templateId: template.id });
    }
    await queries.insertPreset(tx, organizationId, {
      presetKey: preset.key,
      name: preset.name,
      description: preset.description,
      trigger: preset.trigger,
      triggerDays: preset.triggerDays,
      steps,
      isActive: false,
      activatedAt: null,
      // Listed oldest first: the presets keep this order.
      createdAt: new Date(base + index),
    });
  }
}
