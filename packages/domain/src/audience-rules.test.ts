import { describe, expect, it } from 'vitest';
import { AUDIENCE_RULE_LABELS, describeAudienceRule } from './audience-rules.ts';
import {
  AUDIENCE_RULE_TYPES,
  audienceInputSchema,
  audienceRuleSchema,
  audienceUpdateSchema,
} from './contracts/audiences.ts';

const PLAN = '6f1c1e9e-3c0a-4b8e-9d55-0b8a7c3f1a11';
const OTHER = '0d5e2a44-91b7-4c27-8f0e-5c3b9e6a2b22';

const firstError = (value: unknown) => {
  const result = audienceRuleSchema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
};

describe('audience rule contracts', () => {
  it('accepts every rule type with good values (and drops duplicate ids)', () => {
    const good = [
      { type: 'status', statuses: ['active', 'active', 'suspended'] },
      { type: 'plan', planIds: [PLAN, PLAN, OTHER] },
      { type: 'tag', tagId: PLAN },
      { type: 'joined_within_days', days: 30 },
      { type: 'joined_between', from: '2025-01-01', to: '2025-01-01' },
      { type: 'visited_within_days', days: 7 },
      { type: 'not_visited_within_days', days: 14 },
      { type: 'never_visited' },
      { type: 'birthday_month', month: 12 },
      { type: 'lead_source', sourceIds: [OTHER] },
      { type: 'age_between', min: 0, max: 130 },
    ];
    expect(good.map((r) => r.type).sort()).toEqual([...AUDIENCE_RULE_TYPES].sort());
    const parsed = good.map((r) => audienceRuleSchema.parse(r));
    expect(parsed[0]).toEqual({ type: 'status', statuses: ['active', 'suspended'] });
    expect(parsed[1]).toEqual({ type: 'plan', planIds: [PLAN, OTHER] });
  });

  it('refuses bad values with a message naming the field', () => {
    expect(firstError({ type: 'shoe_size', size: 9 })?.message).toBe('Unknown rule type');
    expect(firstError({ type: 'status', statuses: [] })).toEqual({
      path: 'statuses',
      message: 'Choose at least one status',
    });
    expect(firstError({ type: 'status', statuses: ['gold'] })?.message).toBe(
      'Unknown membership status',
    );
    expect(firstError({ type: 'plan', planIds: [] })?.message).toBe('Choose at least one plan');
    expect(firstError({ type: 'tag', tagId: 'vip' })).toEqual({
      path: 'tagId',
      message: 'Tag must be a UUID',
    });
    expect(firstError({ type: 'joined_within_days', days: 0 })?.message).toBe(
      'Days must be at least 1',
    );
    expect(firstError({ type: 'visited_within_days', days: 1.5 })?.message).toBe(
      'Days must be a whole number',
    );
    expect(firstError({ type: 'joined_between', from: '2025-02-01', to: '2025-01-31' })).toEqual({
      path: 'to',
      message: 'To must be on or after From',
    });
    expect(firstError({ type: 'joined_between', from: '2025-13-01', to: '2025-12-31' })?.path).toBe(
      'from',
    );
    expect(firstError({ type: 'birthday_month', month: 0 })?.message).toBe('Month must be 1 to 12');
    expect(firstError({ type: 'age_between', min: 30, max: 20 })).toEqual({
      path: 'max',
      message: 'Maximum age must be at least the minimum age',
    });
    expect(firstError({ type: 'age_between', min: -1, max: 20 })?.message).toBe(
      'Minimum age must be at least 0',
    );
  });

  it('a dynamic group needs rules, a manual one has none; the kind is not updatable', () => {
    expect(
      audienceInputSchema.safeParse({ name: 'A', kind: 'dynamic' }).error?.issues[0],
    ).toMatchObject({ path: ['rules'], message: 'Add at least one rule' });
    expect(
      audienceInputSchema.safeParse({
        name: 'A',
        kind: 'manual',
        rules: [{ type: 'never_visited' }],
      }).error?.issues[0]?.message,
    ).toBe('A manual group has no rules');
    expect(
      audienceInputSchema.parse({ name: ' Family ', kind: 'manual', description: '' }),
    ).toEqual({
      name: 'Family',
      kind: 'manual',
      description: null,
      rules: null,
    });
    expect(audienceUpdateSchema.parse({ kind: 'dynamic', name: 'B' })).toEqual({ name: 'B' });
  });
});

describe('describeAudienceRule', () => {
  it('names each rule with the names it is given', () => {
    const plans = new Map([[PLAN, 'Unlimited']]);
    expect(describeAudienceRule({ type: 'plan', planIds: [PLAN, OTHER] }, { plans })).toBe(
      'Has an active membership of Unlimited or a plan',
    );
    expect(
      describeAudienceRule({ type: 'status', statuses: ['active', 'inactive', 'cancelled'] }),
    ).toBe('Membership status is Active, Inactive or Cancelled');
    expect(describeAudienceRule({ type: 'visited_within_days', days: 1 })).toBe(
      'Visited in the last 1 day',
    );
    expect(describeAudienceRule({ type: 'birthday_month', month: 2 })).toBe('Birthday in February');
    expect(describeAudienceRule({ type: 'age_between', min: 18, max: 30 })).toBe('Aged 18 to 30');
    expect(Object.keys(AUDIENCE_RULE_LABELS).sort()).toEqual([...AUDIENCE_RULE_TYPES].sort());
  });
});
