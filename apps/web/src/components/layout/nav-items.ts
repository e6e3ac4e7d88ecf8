import type { Permission } from '@fitbase/domain/permissions';
import {
  BriefcaseBusiness,
  CalendarDays,
  ChartColumn,
  CircleHelp,
  FileText,
  House,
  type LucideIcon,
  Megaphone,
  MessagesSquare,
  Settings,
  SlidersHorizontal,
  Store,
  UserCog,
  Users,
} from 'lucide-react';

export interface NavLinkItem {
  title: string;
  href: string;
  /** Shown only to roles with this permission (reports: owners and admins). */
  permission?: Permission;
}

/**
 * A top-level entry: a link (`href`) or a collapsible group (`items`). A group's own row only
 * opens and closes it; its first link leads to its main page (Members → All Members /members),
 * so exactly one link is the current page at a time.
 */
export interface NavItem {
  title: string;
  icon: LucideIcon;
  href?: string;
  items?: NavLinkItem[];
  /**
   * Connect is open by default (docs/product/layout.md#side-navigation); other groups open only
   * around the current page.
   */
  defaultOpen?: boolean;
  /** Pages outside the group's links that still belong to it, e.g. a member's own page. */
  relatedPrefixes?: string[];
  /** Shown only to roles with this permission (reports: owners and admins). */
  permission?: Permission;
}

/** Side navigation (docs/product/layout.md#side-navigation), in its order. */
export const mainNavItems: NavItem[] = [
  { title: 'Home', href: '/', icon: House },
  {
    title: 'Members',
    icon: Users,
    items: [
      { title: 'All Members', href: '/members' },
      { title: 'Member Groups', href: '/members/groups' },
      { title: 'Kiosk exceptions', href: '/kiosk-exceptions' },
      { title: 'Member Reports', href: '/members/reports', permission: 'reports.view' },
    ],
    relatedPrefixes: ['/member/', '/add-member'],
  },
  { title: 'Manage', href: '/manage', icon: SlidersHorizontal },
  {
    title: 'Connect',
    icon: Megaphone,
    defaultOpen: true,
    items: [
      { title: 'Campaigns', href: '/connect/campaigns' },
      { title: 'Automations', href: '/connect/automations' },
      { title: 'Push Notifications', href: '/connect/notifications' },
      { title: 'Audiences', href: '/connect/audiences' },
      { title: 'Lead Sources', href: '/connect/sources' },
      { title: 'Tags', href: '/connect/tags' },
    ],
    relatedPrefixes: ['/connect/'],
  },
  { title: 'Schedule', href: '/schedule', icon: CalendarDays },
  {
    title: 'Analytics',
    icon: ChartColumn,
    permission: 'reports.view',
    items: [
      { title: 'Overview', href: '/analytics' },
      { title: 'Member Analytics', href: '/analytics/members' },
      { title: 'Revenue Reports', href: '/analytics/revenue' },
      { title: 'Performance', href: '/analytics/performance' },
    ],
  },
  { title: 'Reports', href: '/reports', icon: FileText, permission: 'reports.view' },
  {
    title: 'Store',
    icon: Store,
    items: [
      { title: 'Products', href: '/store/products' },
      { title: 'Orders', href: '/store/orders' },
      { title: 'Inventory', href: '/store/inventory' },
      { title: 'Gift cards', href: '/store/gift-cards' },
    ],
  },
  { title: 'Staff', href: '/staff', icon: UserCog },
  {
    title: 'Communications',
    icon: MessagesSquare,
    items: [
      { title: '1:1 Messages', href: '/communications/messages' },
      { title: 'Email Templates', href: '/communications/templates' },
      { title: 'Two-Way Messaging', href: '/communications/two-way' },
    ],
  },
];

/** Footer links (docs/product/layout.md#side-navigation). */
export const footerNavItems: Array<NavLinkItem & { icon: LucideIcon }> = [
  { title: 'Help Center', href: '/help', icon: CircleHelp },
  { title: 'Services', href: '/services', icon: BriefcaseBusiness },
  { title: 'Settings', href: '/settings', icon: Settings },
];

/** Paths compare without a trailing slash, so /members/ highlights like /members. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function isCurrentPath(href: string, pathname: string): boolean {
  return normalizePath(href) === normalizePath(pathname);
}

/** Whether the group holds the current page, so it opens and its parent row is marked. */
export function groupContainsPath(item: NavItem, pathname: string): boolean {
  const path = normalizePath(pathname);
  return (
    (item.items ?? []).some((sub) => isCurrentPath(sub.href, path)) ||
    (item.relatedPrefixes ?? []).some((prefix) => path.startsWith(prefix))
  );
}
