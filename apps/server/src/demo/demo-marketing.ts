import { audienceInputSchema } from '@fitbase/domain/contracts/audiences';
import { automationInputSchema } from '@fitbase/domain/contracts/automations';
import { campaignInputSchema, campaignSendSchema } from '@fitbase/domain/contracts/campaigns';
import { addAudienceMembers, createAudience } from '../modules/audiences/audiences.service.ts';
import { tickAutomations } from '../modules/automations/automations-engine.service.ts';
import {
  createAutomation,
  listAutomations,
  updateAutomation,
} from '../modules/automations/automations.service.ts';
import { runCampaignSend, sendCampaign } from '../modules/campaigns/campaigns-send.service.ts';
import { createCampaign } from '../modules/campaigns/campaigns.service.ts';
import { recordClick, recordOpen } from '../modules/campaigns/tracking.service.ts';
import { addTagToMembers } from '../modules/tags/tags.service.ts';
import type { Db } from '../db/client.ts';
import type { DemoCatalog } from './demo-catalog.ts';
import { later } from './demo-clock.ts';
import { act, attempt, count, type DemoContext } from './demo-context.ts';
import { trackingOf } from './demo-mail.ts';
import type { DemoMember } from './demo-members.ts';
import { withDeps } from './demo-scope.ts';
import type { Timeline } from './demo-timeline.ts';

/**
 * Connect: member groups, a newsletter each month sent by the campaign sender (its own pacing,
 * on a clock the demo moves, so a campaign of March is stamped in March) to a sink, opened and
 * clicked through the tracking links in the emails, and automations switched on that the
 * automations tick runs every evening.
 */

export interface DemoAudiences {
  active: string;
  ambassadors: string;
}

const CAMPAIGNS = [
  { name: 'Grand opening week', subject: null, template: 'welcome' },
  { name: 'Monthly newsletter', subject: null, template: 'newsletter' },
  {
    name: 'Summer challenge',
    subject: 'Join the 30-day summer challenge, {{first_name}}',
    template: 'newsletter',
  },
  {
    name: 'New classes this season',
    subject: 'New on the timetable at {{studio_name}}',
    template: 'newsletter',
  },
  {
    name: 'Bring a friend month',
    subject: 'Bring a friend for free, {{first_name}}',
    template: 'newsletter',
  },
  {
    name: 'Holiday hours',
    subject: 'Holiday opening hours at {{studio_name}}',
    template: 'newsletter',
  },
  { name: 'We miss you', subject: null, template: 'winBack' },
] as const;

/** Groups and tags, made once members are in (the second week of the history). */
export function scheduleAudiences(
  ctx: DemoContext,
  catalog: DemoCatalog,
  members: DemoMember[],
  timeline: Timeline,
  found: (audiences: DemoAudiences) => void,
): void {
  const day = ctx.clock.plus(ctx.clock.firstDay, Math.min(12, ctx.size.days - 2));
  timeline.at(ctx.clock.at(day, '14:00'), async () => {
    const joined = members.filter((m) => m.id).map((m) => m.id!);
    const audiences = await act(ctx, ctx.team.admin, async (scope) => {
      const active = await createAudience(
        scope,
        audienceInputSchema.parse({
          name: 'Active members',
          description: 'Everyone with a running membership',
          kind: 'dynamic',
          rules: [{ type: 'status', statuses: ['active'] }],
        }),
      );
      await createAudience(
        scope,
        audienceInputSchema.parse({
          name: 'Lapsed: no visit in 3 weeks',
          kind: 'dynamic',
          rules: [{ type: 'not_visited_within_days', days: 21 }],
        }),
      );
      await createAudience(
        scope,
        audienceInputSchema.parse({
          name: 'Came from Instagram',
          kind: 'dynamic',
          rules: [{ type: 'lead_source', sourceIds: [catalog.leadSources.instagram] }],
        }),
      );
      const ambassadors = await createAudience(
        scope,
        audienceInputSchema.parse({
          name: 'Ambassadors',
          description: 'Members who bring friends along',
          kind: 'manual',
        }),
      );
      await addAudienceMembers(scope, ambassadors.id, joined.slice(0, 9));
      await addTagToMembers(scope, catalog.tags.vip, joined.slice(0, 12));
      await addTagToMembers(
        scope,
        catalog.tags.earlyBird,
        joined.filter((_, i) => i % 7 === 3),
      );
      await addTagToMembers(
        scope,
        catalog.tags.competitor,
        joined.filter((_, i) => i % 11 === 5),
      );
      return { active: active.id, ambassadors: ambassadors.id };
    });
    count(ctx, 'audiences', 4);
    found(audiences);
  });
}

/** A virtual clock for the campaign sender: its pauses move time on instead of waiting. */
function sendClock(start: Date) {
  let t = start.getTime();
  return {
    now: () => t,
    pause: async (ms: number) => {
      t += Math.max(0, ms);
    },
  };
}

export function scheduleCampaigns(
  ctx: DemoContext,
  audiences: () => DemoAudiences | null,
  catalog: DemoCatalog,
  timeline: Timeline,
): void {
  const { clock, chance } = ctx;
  for (let k = 0; k < CAMPAIGNS.length; k++) {
    const day = clock.plus(clock.firstDay, Math.min(20, ctx.size.days - 8) + 42 * k);
    if (day > clock.plus(clock.today, -2)) break;
    const spec = CAMPAIGNS[k]!;
    const at = clock.at(day, '10:00');
    timeline.at(at, async () => {
      const group = audiences();
      const sent = await attempt(ctx, 'campaigns', () =>
        act(ctx, ctx.team.admin, async (scope) => {
          const campaign = await createCampaign(
            scope,
            campaignInputSchema.parse({
              name: spec.name,
              templateId: catalog.templates[spec.template],
              subject: spec.subject,
              audienceId: k % 3 === 2 && group ? group.active : null,
              sendRatePerSecond: 50,
            }),
          );
          await sendCampaign(scope, campaign.id, campaignSendSchema.parse({}), at);
          return campaign.id;
        }),
      );
      if (!sent) return;
      ctx.sink.take();
      await runCampaignSend(
        ctx.deps,
        { organizationId: ctx.organizationId, campaignId: sent },
        sendClock(later(at, 1)),
      );
      const db = ctx.deps.database.db as Db;
      let clicked = false;
      for (const message of ctx.sink.take()) {
        count(ctx, 'campaign emails');
        const { openFile, clicks } = trackingOf(message);
        if (!openFile || !chance.chance(0.25)) continue;
        const openAt = later(at, chance.int(40, 36 * 60));
        const reader = [`recipient:${openFile}`];
        timeline.at(
          openAt,
          async () => {
            await attempt(ctx, 'campaign opens', () =>
              recordOpen({ db, deps: ctx.deps }, openFile, openAt),
            );
          },
          reader,
        );
        const link = clicks.find((c) => c.length > 0);
        // A quarter of readers click through (the first reader always: every campaign has one).
        if (link && (!clicked || chance.chance(0.25))) {
          clicked = true;
          const clickAt = later(openAt, chance.int(1, 15));
          timeline.at(
            clickAt,
            async () => {
              await attempt(ctx, 'campaign clicks', () =>
                recordClick({ db, deps: ctx.deps }, link, clickAt),
              );
            },
            reader,
          );
        }
      }
    });
  }
}

/**
 * Automations the studio switched on three weeks ago (the welcome series and a call after a
 * cancellation) and ten days ago (win-back); the engine's tick runs them from then on.
 */
export function scheduleAutomations(
  ctx: DemoContext,
  catalog: DemoCatalog,
  timeline: Timeline,
): void {
  const { clock } = ctx;
  const on = clock.at(clock.plus(clock.today, -21), '09:30');
  timeline.at(on, async () => {
    await act(ctx, ctx.team.owner, async (scope) => {
      const { automations } = await listAutomations(withDeps(scope, ctx.deps));
      const welcome = automations.find((x) => x.presetKey === 'welcome');
      if (welcome) await updateAutomation(scope, welcome.id, { isActive: true }, on);
      await createAutomation(
        scope,
        automationInputSchema.parse({
          name: 'Cancelled: ask why',
          description: 'A task for an admin to call a member who cancelled.',
          trigger: 'membership_cancelled',
          isActive: true,
          steps: [
            { kind: 'add_tag', tagId: catalog.tags.atRisk },
            {
              kind: 'notify_staff',
              title: 'Call {{first_name}} {{last_name}}: membership cancelled',
              assigneeUserId: ctx.team.admin.userId,
              priority: 'high',
            },
          ],
        }),
        on,
      );
    });
    count(ctx, 'automations switched on', 2);
  });
  const later10 = clock.at(clock.plus(clock.today, -10), '09:30');
  timeline.at(later10, async () => {
    await act(ctx, ctx.team.owner, async (scope) => {
      const { automations } = await listAutomations(withDeps(scope, ctx.deps));
      const winBack = automations.find((x) => x.presetKey === 'win_back');
      if (winBack) await updateAutomation(scope, winBack.id, { isActive: true }, later10);
    });
    count(ctx, 'automations switched on');
  });
}

/** The automations tick of an evening (this studio only). */
export async function tickEvening(ctx: DemoContext, at: Date): Promise<void> {
  const result = await tickAutomations(ctx.deps, at, { organizationId: ctx.organizationId });
  count(ctx, 'automation runs started', result.started);
}
