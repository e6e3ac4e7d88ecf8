/**
 * The entity families of live updates. Each name is both the `entity` of a realtime event and
 * the third segment of the organization's query keys (['organizations', orgId, entity, ...]),
 * so an event invalidates exactly the browser queries that family feeds. The server publishes
 * only these names and the browser builds its query keys from them.
 */
export const REALTIME_ENTITIES = [
  'members',
  'services',
  'staff',
  'dashboard',
  'schedule',
  'money',
  'store',
  /** 1:1 and two-way messaging: conversations and their messages. */
  'messages',
  /** Leads and lead sources (the public lead form adds leads live). */
  'leads',
  /** Sent push notifications. */
  'notifications',
  /** Campaigns: sending progress, opens and clicks. */
  'campaigns',
  /** Automations and their run logs. */
  'automations',
  /** The studio's settings and branding (Settings → General, Billing). */
  'settings',
  /** A person's bell notifications (the event carries no content: each browser refetches its own). */
  'bell',
  /** The audit log. */
  'audit',
  /** Imports and exports (progress of a running import). */
  'data',
  /** Global search results (never pushed; keyed like the rest). */
  'search',
  /** Help center view counts and the person's own security (sessions, 2FA). */
  'account',
  /**
   * Reports and analytics: never pushed themselves; the browser refreshes them when the
   * families they read change (members, money, store, schedule).
   */
  'reports',
  'analytics',
] as const;
export type RealtimeEntity = (typeof REALTIME_ENTITIES)[number];

export function isRealtimeEntity(value: string): value is RealtimeEntity {
  return (REALTIME_ENTITIES as readonly string[]).includes(value);
}
