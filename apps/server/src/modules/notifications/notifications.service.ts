import { randomUUID } from 'node:crypto';
import {
  BELL_LIST_LIMIT,
  type Notification,
  type NotificationList,
  type NotificationPreferences,
  type notificationPreferencesInputSchema,
} from '@fitbase/domain/contracts/notifications';
import {
  DEFAULT_BELL_EVENTS,
  DEFAULT_EMAIL_EVENTS,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
} from '@fitbase/domain/settings-constants';
import type { OrganizationRole, PlatformRole } from '@fitbase/domain/constants';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AccountScope } from '../../http/types.ts';
import { enqueueJobs } from '../../jobs/job-queue.ts';
import { notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { notificationEmailJob, type NotificationEmailJob } from './notifications.jobs.ts';
import * as queries from './notifications.queries.ts';

/**
 * The bell and notification emails (docs/product/settings-and-help.md#notifications).
 *
 * Who hears of what (the issue names the events, not the people; decided here):
 * - new member, new lead, online join, failed payment: the studio's owners and admins (a new lead also its
 *   owner, when the lead names one);
 * - booking cancelled, waitlist promotion: owners, admins and the session's trainer;
 * - a reply in two-way messaging: the conversation's assignee, else owners and admins;
 * - a trial request: platform owners and admins, as a platform notification (no studio).
 * Then each person's preferences for that studio decide bell and/or email. The person who
 * caused the event is never told of it.
 */

export const NOTIFICATION_NOT_FOUND = 'Notification';

const STUDIO_ROLES: Record<Exclude<NotificationEvent, 'trial_request'>, OrganizationRole[]> = {
  new_member: ['owner', 'admin'],
  new_lead: ['owner', 'admin'],
  online_join: ['owner', 'admin'],
  payment_failed: ['owner', 'admin'],
  booking_cancelled: ['owner', 'admin'],
  waitlist_promoted: ['owner', 'admin'],
  message_received: ['owner', 'admin'],
  daily_summary: [],
};

export interface StaffNotice {
  event: Exclude<NotificationEvent, 'trial_request' | 'daily_summary'>;
  organizationId: string;
  title: string;
  body?: string;
  /** An app path, e.g. /connect/sources?lead={id}. */
  link?: string | null;
  /** People told besides the event's roles (the lead's owner, the session's trainer). */
  alsoNotify?: Array<string | null | undefined>;
  /** Only these people instead of the event's roles (the conversation's assignee). */
  recipients?: string[];
  /** Who caused it: never told. */
  actorUserId?: string | null;
}

interface Preferences {
  emailEvents: readonly string[];
  bellEvents: readonly string[];
}

const DEFAULTS: Preferences = {
  emailEvents: DEFAULT_EMAIL_EVENTS,
  bellEvents: DEFAULT_BELL_EVENTS,
};

function preferenceMap(rows: queries.PreferenceRow[]) {
  return new Map<string, Preferences>(rows.map((r) => [r.userId, r]));
}

/**
 * Bell rows and queued emails for one event, inside the caller's transaction (so nobody hears
 * of a change that rolled back), then one content-free `bell` event for the studio's browsers.
 */
async function deliver(
  tx: Db | Tx,
  unit: UnitOfWork,
  input: {
    organizationId: string | null;
    event: NotificationEvent;
    title: string;
    body: string;
    link: string | null;
    recipients: string[];
    preferences: Map<string, Preferences>;
    /** Studios whose open browsers should refetch their bell. */
    publishTo: string[];
  },
): Promise<number> {
  const bell: queries.NotificationInsert[] = [];
  const emails: Array<{ data: NotificationEmailJob }> = [];
  const { organizationId, event, title, body, link } = input;
  for (const userId of input.recipients) {
    const prefs = input.preferences.get(userId) ?? DEFAULTS;
    if (prefs.bellEvents.includes(event))
      bell.push({ id: randomUUID(), userId, organizationId, event, title, body, link });
    if (prefs.emailEvents.includes(event))
      emails.push({ data: { userId, organizationId, event, title, body, link } });
  }
  await queries.insertNotifications(tx, bell);
  if (emails.length) await enqueueJobs(unit, notificationEmailJob, emails);
  if (bell.length) {
    // NOTIFY is delivered on commit: browsers refetch their own list, which then has the row.
    for (const studio of input.publishTo)
      publishChange(unit, {
        organizationId: studio,
        entity: 'bell',
        action: 'created',
        ids: [bell[0]!.id!],
      });
  }
  return bell.length + emails.length;
}

/** Tells a studio's staff of an event, in the event's own transaction. */
export async function notifyStaff(
  tx: Db | Tx,
  unit: UnitOfWork,
  notice: StaffNotice,
): Promise<void> {
  const { organizationId, event } = notice;
  const extra = (notice.alsoNotify ?? []).filter((id): id is string => Boolean(id));
  let people = notice.recipients?.length
    ? await queries.studioRecipients(tx, organizationId, [], notice.recipients)
    : [];
  // No chosen recipient (or they left the studio): the event's roles hear of it instead.
  if (people.length === 0)
    people = await queries.studioRecipients(tx, organizationId, STUDIO_ROLES[event], extra);
  const recipients = people.filter((id) => id !== notice.actorUserId);
  if (recipients.length === 0) return;
  await deliver(tx, unit, {
    organizationId,
    event,
    title: notice.title,
    body: notice.body ?? '',
    link: notice.link ?? null,
    recipients,
    preferences: preferenceMap(await queries.preferencesOf(tx, organizationId, recipients)),
    publishTo: [organizationId],
  });
}

/**
 * Tells platform owners and admins (a trial request). Runs outside any studio; a person's
 * choice for it is the one they saved last in any of their studios (else the defaults). Their
 * open browsers hear of it through each studio they belong to; one without a studio sees it
 * on the next refetch.
 */
export async function notifyPlatformAdmins(
  tx: Db | Tx,
  unit: UnitOfWork,
  notice: { title: string; body?: string; link?: string | null },
): Promise<void> {
  const recipients = await queries.platformAdmins(tx);
  if (recipients.length === 0) return;
  await deliver(tx, unit, {
    organizationId: null,
    event: 'trial_request',
    title: notice.title,
    body: notice.body ?? '',
    link: notice.link ?? null,
    recipients,
    preferences: preferenceMap(await queries.latestPreferencesAnywhere(tx, recipients)),
    publishTo: await queries.studiosOf(tx, recipients),
  });
}

// ---- The bell -------------------------------------------------------------------------------

function serialize(row: queries.NotificationRow): Notification {
  return {
    id: row.id,
    event: row.event as NotificationEvent,
    title: row.title,
    body: row.body,
    link: row.link,
    organizationId: row.organizationId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who is asking: the person, and the studio they are in (none for a platform-only admin). */
export type BellScope = Pick<AccountScope, 'user' | 'membership' | 'db'>;

const bellStudio = (scope: BellScope) => scope.membership?.organizationId ?? null;

export async function listNotifications(scope: BellScope): Promise<NotificationList> {
  const { db } = scope;
  const rows = await queries.latestNotifications(
    db,
    scope.user.id,
    bellStudio(scope),
    BELL_LIST_LIMIT,
  );
  return {
    notifications: rows.map(serialize),
    unreadCount: await queries.countUnread(db, scope.user.id, bellStudio(scope)),
  };
}

export async function markNotificationRead(scope: BellScope, id: string) {
  if (!(await queries.markRead(scope.db, scope.user.id, bellStudio(scope), id)))
    throw notFound(NOTIFICATION_NOT_FOUND);
}

export async function markAllNotificationsRead(scope: BellScope) {
  return { updated: await queries.markAllRead(scope.db, scope.user.id, bellStudio(scope)) };
}

// ---- Preferences ----------------------------------------------------------------------------

type PreferencesInput = z.output<typeof notificationPreferencesInputSchema>;

/** Trial requests reach platform owners and admins only; the daily summary is an email only. */
function availableEvents(platformRole: PlatformRole | undefined): NotificationEvent[] {
  const platform = platformRole === 'owner' || platformRole === 'admin';
  return NOTIFICATION_EVENTS.filter((e) => platform || e !== 'trial_request');
}

function shapePreferences(
  prefs: Preferences,
  available: NotificationEvent[],
  customised: boolean,
): NotificationPreferences {
  return {
    emailEvents: available.filter((e) => prefs.emailEvents.includes(e)),
    bellEvents: available.filter((e) => e !== 'daily_summary' && prefs.bellEvents.includes(e)),
    availableEvents: available,
    customised,
  };
}

export async function getPreferences(scope: {
  organizationId: string;
  userId: string;
  db: Db | Tx;
  platformRole?: PlatformRole;
}): Promise<NotificationPreferences> {
  const [row] = await queries.preferencesOf(scope.db, scope.organizationId, [scope.userId]);
  return shapePreferences(row ?? DEFAULTS, availableEvents(scope.platformRole), Boolean(row));
}

/**
 * Saves the person's choices for this studio. Events they cannot receive here keep their
 * stored value (a platform admin's trial-request choice is not lost by a staff-only form).
 */
export async function savePreferences(
  scope: { organizationId: string; userId: string; db: Db | Tx; platformRole?: PlatformRole },
  input: PreferencesInput,
): Promise<NotificationPreferences> {
  const available = availableEvents(scope.platformRole);
  const [current] = await queries.preferencesOf(scope.db, scope.organizationId, [scope.userId]);
  const merge = (chosen: readonly string[], stored: readonly string[]) =>
    NOTIFICATION_EVENTS.filter((e) =>
      available.includes(e) ? chosen.includes(e) : stored.includes(e),
    );
  const base = current ?? DEFAULTS;
  const row = await queries.upsertPreferences(scope.db, scope.organizationId, scope.userId, {
    emailEvents: merge(input.emailEvents, base.emailEvents),
    bellEvents: merge(
      input.bellEvents.filter((e) => e !== 'daily_summary'),
      base.bellEvents,
    ).filter((e) => e !== 'daily_summary'),
  });
  return shapePreferences(row, available, true);
}
