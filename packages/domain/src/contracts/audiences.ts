import { z } from 'zod';
import { AUDIENCE_KINDS } from '../connect-constants.ts';
import { MEMBERSHIP_STATUSES } from '../constants.ts';

/**
 * Member groups, also Connect's Audiences (docs/product/connect-and-messaging.md): manual (kept by
 * hand) or dynamic (rules, all of which a member meets). The rules are a discriminated union on
 * `type`; their human descriptions live in ../audience-rules.ts.
 */

export const MAX_AUDIENCE_RULES = 20;
/** A manual group grows by at most this many members per request. */
export const MAX_AUDIENCE_MEMBERS_PER_ADD = 500;
const MAX_DAYS = 36_500;

const id = (what: string) => z.uuid(`${what} must be a UUID`);
const ids = (what: string, plural: string) =>
  z
    .array(id(what), { error: `Choose at least one ${what.toLowerCase()}` })
    .min(1, `Choose at least one ${what.toLowerCase()}`)
    .max(50, `Choose at most 50 ${plural}`)
    .transform((v) => [...new Set(v)]);
const days = z
  .number({ error: 'Days must be a whole number' })
  .int('Days must be a whole number')
  .min(1, 'Days must be at least 1')
  .max(MAX_DAYS, `Days must be at most ${MAX_DAYS}`);
const isoDate = (label: string) =>
  z.iso.date(`${label} must be a date (YYYY-MM-DD)`).refine((v) => v >= '1900-01-01', {
    message: `${label} must be on or after 1900-01-01`,
  });
const age = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(130, `${label} must be at most 130`);

export const AUDIENCE_RULE_TYPES = [
  'status',
  'plan',
  'tag',
  'joined_within_days',
  'joined_between',
  'visited_within_days',
  'not_visited_within_days',
  'never_visited',
  'birthday_month',
  'lead_source',
  'age_between',
] as const;
export type AudienceRuleType = (typeof AUDIENCE_RULE_TYPES)[number];

export const audienceRuleSchema = z.discriminatedUnion(
  'type',
  [
    /** The member's membership status is one of these. */
    z.object({
      type: z.literal('status'),
      statuses: z
        .array(z.enum(MEMBERSHIP_STATUSES, 'Unknown membership status'))
        .min(1, 'Choose at least one status')
        .transform((v) => [...new Set(v)]),
    }),
    /** Has an active (or past-due) membership of one of these plans. */
    z.object({ type: z.literal('plan'), planIds: ids('Plan', 'plans') }),
    z.object({ type: z.literal('tag'), tagId: id('Tag') }),
    /** Joined (member record created) within the last N days. */
    z.object({ type: z.literal('joined_within_days'), days }),
    /** Joined between two calendar days of the studio's time zone, both included. */
    z
      .object({ type: z.literal('joined_between'), from: isoDate('From'), to: isoDate('To') })
      .refine((v) => v.to >= v.from, { message: 'To must be on or after From', path: ['to'] }),
    z.object({ type: z.literal('visited_within_days'), days }),
    /** No visit in the last N days, including members who never visited. */
    z.object({ type: z.literal('not_visited_within_days'), days }),
    z.object({ type: z.literal('never_visited') }),
    z.object({
      type: z.literal('birthday_month'),
      month: z
        .number({ error: 'Month must be 1 to 12' })
        .int('Month must be 1 to 12')
        .min(1, 'Month must be 1 to 12')
        .max(12, 'Month must be 1 to 12'),
    }),
    /** Came in as a lead of one of these sources (the lead was converted to this member). */
    z.object({ type: z.literal('lead_source'), sourceIds: ids('Lead source', 'lead sources') }),
    /** Age in whole years, today in the studio's time zone; members without a birth date never match. */
    z
      .object({ type: z.literal('age_between'), min: age('Minimum age'), max: age('Maximum age') })
      .refine((v) => v.max >= v.min, {
        message: 'Maximum age must be at least the minimum age',
        path: ['max'],
      }),
  ],
  { error: 'Unknown rule type' },
);
export type AudienceRule = z.output<typeof audienceRuleSchema>;
export type AudienceRuleInput = z.input<typeof audienceRuleSchema>;

export const audienceRulesSchema = z
  .array(audienceRuleSchema, { error: 'Rules must be a list' })
  .max(MAX_AUDIENCE_RULES, `At most ${MAX_AUDIENCE_RULES} rules`);

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name is at most 100 characters');
const description = z
  .string()
  .trim()
  .max(500, 'Description is at most 500 characters')
  .nullable()
  .transform((v) => (v ? v : null));

export const audienceInputSchema = z
  .object({
    name,
    description: description.default(null),
    kind: z.enum(AUDIENCE_KINDS, 'Choose manual or dynamic'),
    /** Dynamic groups only; a manual group has none. */
    rules: audienceRulesSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'dynamic' && (!v.rules || v.rules.length === 0))
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'Add at least one rule' });
    if (v.kind === 'manual' && v.rules && v.rules.length > 0)
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'A manual group has no rules' });
  });
export type AudienceInput = z.input<typeof audienceInputSchema>;

/** The kind is fixed at creation: manual members and rules do not convert into each other. */
export const audienceUpdateSchema = z
  .object({ name, description, rules: audienceRulesSchema })
  .partial();
export type AudienceUpdate = z.input<typeof audienceUpdateSchema>;

export const audiencePreviewSchema = z.object({ rules: audienceRulesSchema });
export const audiencePreviewResultSchema = z.object({ count: z.number().int() });

export const audienceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(AUDIENCE_KINDS),
  rules: z.array(audienceRuleSchema).nullable(),
  /** Live: computed when asked. */
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Audience = z.infer<typeof audienceSchema>;
export const audienceListSchema = z.object({ audiences: z.array(audienceSchema) });

export const audienceMembersAddSchema = z.object({
  memberIds: z
    .array(id('Member id'), { error: 'Choose at least one member' })
    .min(1, 'Choose at least one member')
    .max(
      MAX_AUDIENCE_MEMBERS_PER_ADD,
      `Add at most ${MAX_AUDIENCE_MEMBERS_PER_ADD} members at a time`,
    )
    .transform((v) => [...new Set(v)]),
});
export const audienceMembersAddResultSchema = z.object({
  /** Members newly in the group (those already in it are not counted twice). */
  added: z.number().int(),
  memberCount: z.number().int(),
});

export const audienceMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** null for a household member without one (never mailed for marketing). */
  email: z.string().nullable(),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
});
export type AudienceMember = z.infer<typeof audienceMemberSchema>;
export const audienceMembersQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be at least 1').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Page size must be at least 1')
    .max(100, 'Page size is at most 100')
    .default(25),
  search: z.string().trim().max(100).optional(),
});
export const audienceMemberPageSchema = z.object({
  members: z.array(audienceMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
