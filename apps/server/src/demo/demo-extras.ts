import { randomUUID } from 'node:crypto';
import { createApiKeyInputSchema } from '@fitbase/domain/contracts/api-keys';
import { availabilityInputSchema } from '@fitbase/domain/contracts/appointments';
import { importRequestSchema } from '@fitbase/domain/contracts/data-import';
import { kioskSyncInputSchema, pairKioskInputSchema } from '@fitbase/domain/contracts/kiosk';
import { portalEmbedInputSchema } from '@fitbase/domain/contracts/portal';
import { portalJoinSchema } from '@fitbase/domain/contracts/portal-join';
import { pushNotificationInputSchema } from '@fitbase/domain/contracts/push-notifications';
import { stockChangeSchema } from '@fitbase/domain/contracts/store';
import { taskInputSchema } from '@fitbase/domain/contracts/tasks';
import { IMPORT_TEMPLATE_HEADERS } from '@fitbase/domain/import-fields';
import { autoMapHeaders } from '@fitbase/domain/import-mapping';
import { hashKioskToken, kioskStudio } from '../context/kiosk-session.ts';
import { findKioskContext } from '../context/kiosk-session.queries.ts';
import { runInStudio } from '../context/run-in-studio.ts';
import type { Db } from '../db/client.ts';
import { createApiKey } from '../modules/api-keys/api-keys.service.ts';
import {
  createAppointment,
  listAppointmentSlots,
  setAvailability,
} from '../modules/appointments/appointments.service.ts';
import { runImportJob } from '../modules/data-import/data-import-job.service.ts';
import { startImport } from '../modules/data-import/data-import.service.ts';
import { pairDevice, pairKiosk } from '../modules/kiosk/kiosk-pairing.service.ts';
import { syncCheckIns } from '../modules/kiosk/kiosk-sync.service.ts';
import { markAllNotificationsRead } from '../modules/notifications/notifications.service.ts';
import { savePortalEmbed } from '../modules/portal/portal-embed.service.ts';
import { joinOnline, portalJoinInfo } from '../modules/portal/portal-join.service.ts';
import { sendPushNotification } from '../modules/push-notifications/push-notifications.service.ts';
import { changeStock } from '../modules/store/inventory.service.ts';
import { createTask } from '../modules/tasks/tasks.service.ts';
import {
  createWebhookEndpoint,
  updateWebhookEndpoint,
} from '../modules/webhooks/webhooks.service.ts';
import { AppError } from '../lib/errors.ts';
import type { DemoCatalog } from './demo-catalog.ts';
import { later } from './demo-clock.ts';
import { act, attempt, count, type DemoContext } from './demo-context.ts';
import type { DemoMember } from './demo-members.ts';
import { DEMO_STUDIO } from './demo-options.ts';

/**
 * What the studio did today, on the real clock: the front-door kiosk paired (and its queue of
 * this morning's check-ins sent while the wifi was down), an API key and a webhook endpoint for
 * the website, a push notification, the desk's tasks, a trainer's personal-training hours with
 * two appointments booked, an import of an open day's sign-up sheet, a few members joining
 * online (they can sign in to the portal), and the team's bell read.
 */
export async function finishToday(
  ctx: DemoContext,
  catalog: DemoCatalog,
  members: DemoMember[],
): Promise<{ portalMembers: string[]; apiKeyPrefix: string | null }> {
  const { clock } = ctx;
  const { owner, admin, frontDesk } = ctx.team;
  const now = clock.now;
  const db = ctx.deps.database.db as Db;

  // The yoga mats were not reordered: the morning count finds three on the shelf.
  const mats = catalog.products.find((p) => p.lowStockItem);
  if (mats)
    await attempt(ctx, 'stock counts', () =>
      act(ctx, admin, (scope) =>
        changeStock(
          scope,
          mats.id,
          stockChangeSchema.parse({ reason: 'counted', count: 3, note: 'Shelf count' }),
          later(now, -30),
        ),
      ),
    );

  // Members who join online today (Join online on the portal): each gets a portal session.
  const portalMembers: string[] = [];
  const info = await portalJoinInfo({ deps: ctx.deps }, DEMO_STUDIO.slug);
  for (const m of members.filter((x) => x.spec.joinsOnline)) {
    const plan = catalog.plans[m.spec.plan];
    const offer = info.offers.find((o) => o.id === plan.id) ?? info.offers[0];
    if (!offer) break;
    const joined = await attempt(ctx, 'online joins', () =>
      joinOnline(
        { deps: ctx.deps },
        DEMO_STUDIO.slug,
        portalJoinSchema.parse({
          offerId: offer.id,
          firstName: m.spec.firstName,
          lastName: m.spec.lastName,
          email: m.spec.email,
          phone: m.spec.phone ?? '(917) 555-0199',
          waiver: { fullName: `${m.spec.firstName} ${m.spec.lastName}`, agree: true },
          card: offer.needsCard
            ? {
                cardLastFour: '4242',
                cardBrand: 'visa',
                cardExpMonth: 8,
                cardExpYear: Number(clock.today.slice(0, 4)) + 3,
                billingName: `${m.spec.firstName} ${m.spec.lastName}`,
              }
            : undefined,
        }),
        {
          idempotencyKey: randomUUID(),
          ip: `demo:${ctx.organizationId}`,
          userAgent: 'npm run demo',
        },
      ),
    );
    if (joined) {
      m.id = joined.joined.me.memberId;
      portalMembers.push(m.spec.email);
    }
  }

  // The front-door kiosk, paired this morning; its offline queue arrives now.
  const pairing = await act(ctx, owner, (scope) =>
    pairKiosk(
      scope,
      pairKioskInputSchema.parse({ name: 'Front door kiosk' }),
      ctx.deps.config.appUrl,
      now,
    ),
  );
  // The address is this run's own, so runs in a row do not use up a real address's limits.
  const paired = await pairDevice({ db }, pairing.pairingCode, `demo:${ctx.organizationId}`);
  count(ctx, 'kiosks paired');
  const row = await findKioskContext(db, hashKioskToken(paired.token));
  if (row) {
    const queued = members.filter((m) => m.id && m.memberNumber !== null).slice(-40);
    const picks = ctx.chance.sample(queued, Math.min(6, queued.length));
    // Some of this morning's scans are of members whose membership has ended: flagged for staff.
    const lapsed = members.filter(
      (m) => m.id && m.memberNumber !== null && m.until !== null && m.until < clock.today,
    );
    const items = [...picks, ...lapsed.slice(0, 2)].map((m, i) => ({
      clientId: randomUUID(),
      memberNumber: m.memberNumber!,
      sessionId: null,
      checkedInAt: later(now, -(30 + i * 7)).toISOString(),
    }));
    if (items.length > 0)
      await runInStudio(db, row.organization_id, async (tx, work) => {
        const result = await syncCheckIns(
          {
            organizationId: row.organization_id,
            kioskId: row.kiosk_id,
            kioskName: row.kiosk_name,
            studio: kioskStudio(row),
            userId: null,
            db: tx,
            work,
          },
          kioskSyncInputSchema.parse({ checkIns: items }),
          now,
        );
        count(ctx, 'kiosk check-ins', result.results.length);
      });
  }

  // The website frames the public schedule (Settings › Portal embed).
  await act(ctx, admin, (scope) =>
    savePortalEmbed(
      scope,
      portalEmbedInputSchema.parse({ origins: ['https://www.demo-fitness.example'] }),
      ctx.deps.config.appUrl,
    ),
  );

  // The website's integration: a read-only API key, and a webhook endpoint kept off until the
  // studio points it at its own receiver (nothing is sent meanwhile).
  const key = await act(ctx, owner, (scope) =>
    createApiKey(
      scope,
      createApiKeyInputSchema.parse({ name: 'Website schedule widget', scope: 'read' }),
    ),
  );
  count(ctx, 'API keys');
  await act(ctx, owner, async (scope) => {
    const webhookScope = { ...scope, allowLoopback: false };
    let endpoint;
    try {
      endpoint = await createWebhookEndpoint(webhookScope, {
        url: 'https://example.com/webhooks/fitbase',
        description: 'Website CRM (switch on when it is ready)',
        events: ['member.created', 'booking.created', 'order.completed'],
      });
    } catch (error) {
      // No DNS here (an offline machine): a public address written as numbers needs none.
      if (!(error instanceof AppError)) throw error;
      endpoint = await createWebhookEndpoint(webhookScope, {
        url: 'https://93.184.215.14/webhooks/fitbase',
        description: 'Website CRM (switch on when it is ready)',
        events: ['member.created', 'booking.created', 'order.completed'],
      });
    }
    await updateWebhookEndpoint(webhookScope, endpoint.id, { enabled: false });
  });
  count(ctx, 'webhook endpoints');

  await act(ctx, admin, async (scope) => {
    await sendPushNotification(
      scope,
      pushNotificationInputSchema.parse({
        message:
          'Heads up: Saturday Bootcamp moves outside to the park this weekend, weather permitting.',
      }),
    );
    count(ctx, 'push notifications');
    for (const [title, assignee, due] of [
      ['Order new kettlebells (2 × 16 kg)', admin.userId, 2],
      ['Call back about the corporate membership enquiry', frontDesk.userId, 0],
      ['Deep-clean the cycle room', frontDesk.userId, 1],
    ] as const)
      await createTask(
        scope,
        taskInputSchema.parse({
          title,
          assigneeUserId: assignee,
          dueOn: clock.plus(clock.today, due),
          priority: due === 0 ? 'high' : 'medium',
        }),
      );
    count(ctx, 'tasks', 3);
  });

  // Personal training: Jordan's lunchtime hours, and two members booked for the coming days.
  const trainer = ctx.team.trainers[0]!;
  await act(ctx, admin, (scope) =>
    setAvailability(
      scope,
      trainer.userId,
      availabilityInputSchema.parse({
        slots: [1, 2, 3, 4, 5].map((weekday) => ({
          weekday,
          startTime: '13:00',
          endTime: '16:00',
        })),
      }),
    ),
  );
  const clients = members.filter((m) => m.id && m.until === null).slice(0, 2);
  for (const [i, m] of clients.entries()) {
    for (let d = 1 + i; d < 8; d++) {
      const date = clock.plus(clock.today, d);
      const { slots } = await act(ctx, admin, (scope) =>
        listAppointmentSlots(scope, {
          trainerUserId: trainer.userId,
          serviceId: catalog.services.training,
          date,
        }),
      );
      const slot = slots[i];
      if (!slot) continue;
      const made = await attempt(ctx, 'appointments', () =>
        act(ctx, admin, (scope) =>
          createAppointment(scope, {
            trainerUserId: trainer.userId,
            serviceId: catalog.services.training,
            memberId: m.id!,
            startsAt: slot.startsAt,
          }),
        ),
      );
      if (made) break;
    }
  }

  // An open day's sign-up sheet, imported as leads (Settings › Import, the import job).
  const headers = IMPORT_TEMPLATE_HEADERS.leads;
  const sheet = Array.from({ length: 8 }, (_, i) => {
    const first = ['Ada', 'Bram', 'Cora', 'Dev', 'Elsa', 'Finn', 'Gia', 'Hal'][i]!;
    const last = ['Moreau', 'Stone', 'Ikeda', 'Rao', 'Berg', 'Kelly', 'Conti', 'Webb'][i]!;
    const cells: Record<string, string> = {
      'First name': first,
      'Last name': last,
      Email: `${first}.${last}.openday@example.org`.toLowerCase(),
      Phone: `(347) 555-01${String(10 + i)}`,
      Source: 'Open day',
      Status: 'new',
      'Trial ends on': '',
      Notes: 'Signed up at the open day stand',
    };
    return headers.map((h) => cells[h] ?? '').join(',');
  });
  const text = [headers.join(','), ...sheet].join('\n');
  const started = await act(ctx, admin, (scope) =>
    startImport(
      scope,
      importRequestSchema.parse({
        kind: 'leads',
        fileName: 'open-day-signups.csv',
        text,
        mapping: autoMapHeaders('leads', headers),
        dateFormat: 'YYYY-MM-DD',
      }),
    ),
  );
  // The `data.import` job, run now for this import.
  await runImportJob(ctx.deps, { organizationId: ctx.organizationId, importId: started.id });
  count(ctx, 'imports');

  // The team has read the bell (the history's notices are months old).
  for (const person of [owner, admin, frontDesk, ...ctx.team.trainers])
    await act(ctx, person, (scope) =>
      markAllNotificationsRead({
        user: { id: person.userId, email: person.email, name: person.name },
        membership: { organizationId: scope.organizationId, role: person.role },
        db: scope.db,
      }),
    );
  return { portalMembers, apiKeyPrefix: key.apiKey.prefix ?? null };
}
