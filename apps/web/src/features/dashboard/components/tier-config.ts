import type { SubscriptionTier } from '@fitbase/domain/constants';
import {
  BarChart3,
  CalendarDays,
  type LucideIcon,
  Megaphone,
  Settings,
  ShoppingBag,
  UserCog,
  UserPlus,
  Users,
} from 'lucide-react';

export interface DashboardAction {
  label: string;
  to: string;
  icon: LucideIcon;
}

export interface UpgradeOffer {
  title: string;
  description: string;
}

export interface TierConfig {
  title: string;
  planName: string;
  tagline: string;
  showClassesThisWeek: boolean;
  upgrade: UpgradeOffer | null;
  actions: DashboardAction[];
  /** The owner-only button to /owner-portal (docs/product/dashboards.md#plan-dashboards). */
  ownerActionLabel: string;
  features: string[];
  support: string;
}

const ADD_MEMBER: DashboardAction = { label: 'Add New Member', to: '/add-member', icon: UserPlus };
const ANALYTICS: DashboardAction = { label: 'View Analytics', to: '/analytics', icon: BarChart3 };
const CAMPAIGNS: DashboardAction = {
  label: 'Marketing Campaigns',
  to: '/connect/campaigns',
  icon: Megaphone,
};

const BASIC: TierConfig = {
  title: 'Basic Dashboard',
  planName: 'Basic',
  tagline: 'Everything a growing gym needs, for up to 100 members.',
  showClassesThisWeek: false,
  upgrade: {
    title: 'Upgrade to Pro',
    description:
      'Grow to 500 members and unlock class scheduling, analytics and marketing campaigns.',
  },
  actions: [ADD_MEMBER, { label: 'View All Members', to: '/members', icon: Users }],
  ownerActionLabel: 'Settings',
  features: [
    'Up to 100 members',
    'Member directory and profiles',
    'Check-in tracking',
    'Payment methods on file',
  ],
  support: 'Email',
};

/**
 * What each plan page shows (docs/product/dashboards.md#plan-dashboards). The trial, which the spec
 * does not describe, is the Basic page without a member limit, titled as a trial, with the upgrade
 * banner.
 */
export const TIER_CONFIG: Record<SubscriptionTier, TierConfig> = {
  trial: {
    ...BASIC,
    title: 'Trial Dashboard',
    planName: '14-Day Free Trial',
    tagline: 'Try every core feature free for 14 days.',
    upgrade: {
      title: 'Enjoying your free trial?',
      description:
        'Choose a plan before your trial ends to keep your members, check-ins and payment methods.',
    },
    features: [
      'Unlimited members during the trial',
      'Member directory and profiles',
      'Check-in tracking',
      'Payment methods on file',
    ],
  },
  basic: BASIC,
  pro: {
    title: 'Pro Dashboard',
    planName: 'Pro',
    tagline: 'Advanced tools for established gyms, for up to 500 members.',
    showClassesThisWeek: true,
    upgrade: null,
    actions: [
      ADD_MEMBER,
      { label: 'View Schedule', to: '/schedule', icon: CalendarDays },
      ANALYTICS,
      CAMPAIGNS,
    ],
    ownerActionLabel: 'Business Settings',
    features: [
      'Up to 500 members',
      'Class scheduling',
      'Advanced analytics',
      'Marketing campaigns',
    ],
    support: 'Priority email',
  },
  enterprise: {
    title: 'Enterprise Dashboard',
    planName: 'Enterprise',
    tagline: 'Unlimited scale for multi-location gyms and chains.',
    showClassesThisWeek: true,
    upgrade: null,
    actions: [
      ADD_MEMBER,
      ANALYTICS,
      CAMPAIGNS,
      { label: 'Manage Store', to: '/store/products', icon: ShoppingBag },
      { label: 'Manage Staff', to: '/staff', icon: UserCog },
    ],
    ownerActionLabel: 'Enterprise Settings',
    features: [
      'Unlimited members',
      'Staff management',
      'Retail store and inventory',
      'Advanced analytics and campaigns',
    ],
    support: 'Priority 24/7',
  },
};

export const OWNER_ACTION_ICON = Settings;

export function isSubscriptionTier(value: string | undefined): value is SubscriptionTier {
  return value === 'trial' || value === 'basic' || value === 'pro' || value === 'enterprise';
}
