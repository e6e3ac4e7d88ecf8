import type { MembershipStatus } from './constants.ts';
import type { AudienceRule, AudienceRuleType } from './contracts/audiences.ts';

/**
 * The words of a dynamic group's rules, shared by the editor (rule picker), the group lists and
 * the server's error messages, so a rule is named the same everywhere.
 */
export const AUDIENCE_RULE_LABELS: Record<AudienceRuleType, string> = {
  status: 'Membership status',
  plan: 'Has plan',
  tag: 'Has tag',
  joined_within_days: 'Joined in the last days',
  joined_between: 'Joined between dates',
  visited_within_days: 'Visited in the last days',
  not_visited_within_days: 'No visit in the last days',
  never_visited: 'Never visited',
  birthday_month: 'Birthday month',
  lead_source: 'Lead source',
  age_between: 'Age between',
};

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
};

/** Names of the plans, tags and lead sources a rule points at; an id without a name shows as such. */
export interface RuleNames {
  plans?: ReadonlyMap<string, string>;
  tags?: ReadonlyMap<string, string>;
  sources?: ReadonlyMap<string, string>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a, b or c" */
function either(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** Names, or "a plan" for an id without one (deleted, or not visible to this role). */
const named = (ids: string[], names: ReadonlyMap<string, string> | undefined, what: string) =>
  either([...new Set(ids.map((id) => names?.get(id) ?? `a ${what}`))]);

/** One rule in words, e.g. "Has plan Unlimited or 10-class pass". */
export function describeAudienceRule(rule: AudienceRule, names: RuleNames = {}): string {
  switch (rule.type) {
    case 'status':
      return `Membership status is ${either(rule.statuses.map((s) => STATUS_LABELS[s]))}`;
    case 'plan':
      return `Has an active membership of ${named(rule.planIds, names.plans, 'plan')}`;
    case 'tag':
      return `Has tag ${named([rule.tagId], names.tags, 'tag')}`;
    case 'joined_within_days':
      return `Joined in the last ${plural(rule.days, 'day')}`;
    case 'joined_between':
      return `Joined between ${rule.from} and ${rule.to}`;
    case 'visited_within_days':
      return `Visited in the last ${plural(rule.days, 'day')}`;
    case 'not_visited_within_days':
      return `No visit in the last ${plural(rule.days, 'day')}`;
    case 'never_visited':
      return 'Never visited';
    case 'birthday_month':
      return `Birthday in ${MONTH_NAMES[rule.month - 1]}`;
    case 'lead_source':
      return `Came from lead source ${named(rule.sourceIds, names.sources, 'source')}`;
    case 'age_between':
      return `Aged ${rule.min} to ${rule.max}`;
  }
}
