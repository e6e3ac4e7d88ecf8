import type { AudienceKind } from '@fitbase/domain/connect-constants';
import type { MembershipStatus } from '@fitbase/domain/constants';
import {
  type Audience,
  type AudienceRule,
  type AudienceRuleType,
  audienceInputSchema,
  audienceRulesSchema,
} from '@fitbase/domain/contracts/audiences';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The editor's values. A rule row keeps every rule type's fields (named as in the contract),
 * so switching a row's type loses nothing typed and server errors such as `rules.1.planIds`
 * land on the field of the same name.
 */
export interface RuleFormValues {
  type: AudienceRuleType;
  statuses: MembershipStatus[];
  planIds: string[];
  tagId: string;
  sourceIds: string[];
  days: number | null;
  from: string;
  to: string;
  month: string;
  min: number | null;
  max: number | null;
}

export interface AudienceFormValues {
  name: string;
  description: string;
  kind: AudienceKind;
  rules: RuleFormValues[];
}

export type AudienceFormOutput = z.output<typeof audienceInputSchema>;

export function blankRule(type: AudienceRuleType = 'status'): RuleFormValues {
  return {
    type,
    statuses: ['active'],
    planIds: [],
    tagId: '',
    sourceIds: [],
    days: 30,
    from: '',
    to: '',
    month: String(new Date().getMonth() + 1),
    min: 18,
    max: 65,
  };
}

function ruleToForm(rule: AudienceRule): RuleFormValues {
  const base = blankRule(rule.type);
  switch (rule.type) {
    case 'birthday_month':
      return { ...base, month: String(rule.month) };
    default:
      return { ...base, ...rule };
  }
}

export function audienceToForm(audience: Audience | undefined): AudienceFormValues {
  return {
    name: audience?.name ?? '',
    description: audience?.description ?? '',
    kind: audience?.kind ?? 'dynamic',
    rules: audience?.rules?.map(ruleToForm) ?? [blankRule()],
  };
}

/** A row as the contract's rule (unvalidated: the schema says what is missing). */
export function formToRule(row: RuleFormValues): unknown {
  switch (row.type) {
    case 'status':
      return { type: row.type, statuses: row.statuses };
    case 'plan':
      return { type: row.type, planIds: row.planIds };
    case 'tag':
      return { type: row.type, tagId: row.tagId };
    case 'lead_source':
      return { type: row.type, sourceIds: row.sourceIds };
    case 'joined_within_days':
    case 'visited_within_days':
    case 'not_visited_within_days':
      return { type: row.type, days: row.days };
    case 'joined_between':
      return { type: row.type, from: row.from, to: row.to };
    case 'never_visited':
      return { type: row.type };
    case 'birthday_month':
      return { type: row.type, month: Number(row.month) };
    case 'age_between':
      return { type: row.type, min: row.min, max: row.max };
  }
}

/** The rows as rules when they are all complete and valid, else null (no live count yet). */
export function validRules(rows: RuleFormValues[]): AudienceRule[] | null {
  const parsed = audienceRulesSchema.safeParse(rows.map(formToRule));
  return parsed.success ? parsed.data : null;
}

/** Empty ids chosen in a picker say "choose one" rather than "must be a UUID". */
const CHOOSE: Partial<Record<string, string>> = { tagId: 'Choose a tag' };

/** Validates with the contract, its messages placed on the editor's fields of the same path. */
export const audienceResolver: Resolver<AudienceFormValues, unknown, AudienceFormOutput> = async (
  values,
) => {
  const input = {
    name: values.name,
    description: values.description,
    kind: values.kind,
    rules: values.kind === 'dynamic' ? values.rules.map(formToRule) : null,
  };
  const parsed = audienceInputSchema.safeParse(input);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const field = String(issue.path[issue.path.length - 1]);
    const emptyPick =
      issue.path.length === 3 && CHOOSE[field] && !values.rules[Number(issue.path[1])]?.tagId;
    errors[path] ??= { type: issue.code, message: emptyPick ? CHOOSE[field]! : issue.message };
  }
  // react-hook-form reads nested errors by path: build the tree.
  const tree: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(errors)) {
    const keys = path.split('.');
    let node = tree;
    keys.slice(0, -1).forEach((key, i) => {
      const next = keys[i + 1]!;
      node[key] ??= /^\d+$/.test(next) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys[keys.length - 1]!] = error;
  }
  return { values: {}, errors: tree as FieldErrors<AudienceFormValues> };
};

/** Field names the server may name in a 400 (for applyServerErrors). */
export function serverFieldNames(rows: number): string[] {
  const perRule = [
    'statuses',
    'planIds',
    'tagId',
    'sourceIds',
    'days',
    'from',
    'to',
    'month',
    'min',
    'max',
  ];
  return [
    'name',
    'description',
    'rules',
    ...Array.from({ length: rows }, (_, i) => perRule.map((f) => `rules.${i}.${f}`)).flat(),
  ];
}
