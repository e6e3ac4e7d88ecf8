import type { OrganizationRole } from './constants.ts';

/**
 * The permission matrix (docs/product/roles-and-permissions.md), as data. The server checks it in
 * one place (requirePermission); the web app reads it to hide or disable what a role cannot do.
 */
export const PERMISSIONS = {
  // Being a member of the studio at all (live updates, the signed-in shell).
  'studio.access': ['owner', 'admin', 'trainer', 'staff'],
  'members.view': ['owner', 'admin', 'trainer', 'staff'],
  'members.create': ['owner', 'admin', 'trainer', 'staff'],
  'visits.create': ['owner', 'admin', 'trainer', 'staff'],
  'members.edit': ['owner', 'admin', 'trainer'],
  'payment_methods.create': ['owner', 'admin', 'trainer'],
  'services.view': ['owner', 'admin', 'trainer', 'staff'],
  'services.manage': ['owner', 'admin'],
  'staff.view': ['owner', 'admin', 'trainer', 'staff'],
  'staff.manage': ['owner', 'admin'],
  // docs/product/connect-and-messaging.md#permissions: everyone reads tags, groups, templates and
  // lead sources, works leads, writes to members and keeps tasks; owners and admins run
  // marketing (campaigns, automations, push, templates, tags, groups, lead sources).
  'connect.view': ['owner', 'admin', 'trainer', 'staff'],
  'connect.manage': ['owner', 'admin'],
  'leads.manage': ['owner', 'admin', 'trainer', 'staff'],
  'messages.send': ['owner', 'admin', 'trainer', 'staff'],
  'tasks.manage': ['owner', 'admin', 'trainer', 'staff'],
  'organization.settings': ['owner', 'admin'],
  // docs/product/schedule.md#permissions: everyone views, books, cancels and checks in;
  // owners and admins shape the schedule; a trainer may edit the sessions they teach
  // (the service checks "they teach").
  'schedule.view': ['owner', 'admin', 'trainer', 'staff'],
  'schedule.book': ['owner', 'admin', 'trainer', 'staff'],
  'schedule.sessions.edit': ['owner', 'admin', 'trainer'],
  'schedule.manage': ['owner', 'admin'],
  // docs/product/money-and-store.md#permissions: every role sees plans, products and payments,
  // sells and records a payment; owners and admins shape what is sold (plans, products,
  // discounts, stock corrections, pay rates) and alone may refund or write off.
  'money.view': ['owner', 'admin', 'trainer', 'staff'],
  'money.sell': ['owner', 'admin', 'trainer', 'staff'],
  'money.manage': ['owner', 'admin'],
  'money.refund': ['owner', 'admin'],
  // docs/product/settings-and-data.md#permissions: everyone keeps their own notifications and
  // security (studio.access); owners and admins read the audit log and import; the owner alone
  // exports the whole studio, changes the FitBase subscription and can require 2FA of staff.
  'audit.view': ['owner', 'admin'],
  'data.import': ['owner', 'admin'],
  'data.export': ['owner'],
  'organization.billing': ['owner'],
  'organization.security': ['owner'],
  // docs/product/reports-and-analytics.md#who-sees-them: the studio's figures (revenue, payroll,
  // attrition) are for owners and admins; trainers and staff see their own day on the dashboards.
  'reports.view': ['owner', 'admin'],
} as const satisfies Record<string, readonly OrganizationRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: OrganizationRole | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly OrganizationRole[]).includes(role);
}

/** The 403 message for a refused action. */
export function permissionMessage(permission: Permission): string {
  const allowed = PERMISSIONS[permission].join(', ');
  return `Your role does not allow this action (allowed: ${allowed}).`;
}
