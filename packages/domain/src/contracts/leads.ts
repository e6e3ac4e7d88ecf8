import { z } from 'zod';
import { partialUpdateSchema } from './partial-update.ts';
import { LEAD_STATUSES } from '../connect-constants.ts';

/** Lead sources, leads and the public lead form (docs/product/connect-and-messaging.md#lead-sources-and-leads). */

export const LEAD_PAGE_SIZE_DEFAULT = 25;
export const LEAD_PAGE_SIZE_MAX = 100;

/** Statuses staff set by hand: `converted` is only reached by converting the lead to a member. */
export const EDITABLE_LEAD_STATUSES = ['new', 'contacted', 'trial', 'lost'] as const;

export const TRIAL_END_REQUIRED = 'Trial end date is required when the lead is on a trial';
export const LEAD_CONTACT_REQUIRED = 'Enter an email or a phone number';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** Optional text: trimmed; '' and null become null; undefined stays undefined (PATCH). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const name = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is at most 100 characters`);

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email is at most 254 characters')
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null))
  .refine((v) => v == null || z.email().safeParse(v).success, 'Enter a valid email address');

const optionalPhone = optionalText('Phone', 40).refine(
  (v) => v == null || /^[0-9+()\-.\s]*[0-9][0-9+()\-.\s]*$/.test(v),
  'Enter a valid phone number',
);

const trialEndsOn = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null))
  .refine(
    (v) => v == null || (ISO_DATE.test(v) && isRealDate(v)),
    'Trial end must be a date (YYYY-MM-DD)',
  );

const optionalId = (label: string) =>
  z
    .uuid(`${label} must be a UUID`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? null)));

// ---- Lead sources ----------------------------------------------------------------------------

const sourceName = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name is at most 100 characters');

export const leadSourceInputSchema = z.object({ name: sourceName });
export type LeadSourceInput = z.input<typeof leadSourceInputSchema>;
export const leadSourceUpdateSchema = partialUpdateSchema({
  name: sourceName,
  isActive: z.boolean(),
});
export type LeadSourceUpdate = z.input<typeof leadSourceUpdateSchema>;

export const leadSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its number of leads (computed). */
  leadCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const leadSourceListSchema = z.object({ sources: z.array(leadSourceSchema) });

// ---- Leads -----------------------------------------------------------------------------------

export const leadTagSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });

export const leadSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  sourceId: z.string().nullable(),
  sourceName: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  notes: z.string().nullable(),
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** A calendar date; shown as "Trial ends {date}" while the lead is on a trial. */
  trialEndsOn: z.string().nullable(),
  /** The member the lead became (converted). */
  memberId: z.string().nullable(),
  tags: z.array(leadTagSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadListQuerySchema = z.object({
  status: z.enum(LEAD_STATUSES, 'Choose a valid lead status').optional(),
  sourceId: z.uuid('Source must be a UUID').optional(),
  search: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(LEAD_PAGE_SIZE_MAX, `Limit must be at most ${LEAD_PAGE_SIZE_MAX}`)
    .default(LEAD_PAGE_SIZE_DEFAULT),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;
export const leadListSchema = z.object({
  items: z.array(leadSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LeadList = z.infer<typeof leadListSchema>;

/** Fields of create and update; no defaults here so a PATCH never resets a column. */
const leadFields = {
  notes: optionalText('Notes', 5000),
  firstName: name('First name'),
  lastName: name('Last name'),
  email: optionalEmail,
  phone: optionalPhone,
  sourceId: optionalId('Source'),
  status: z.enum(EDITABLE_LEAD_STATUSES, 'Choose new, contacted, trial or lost'),
  ownerUserId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  trialEndsOn,
};

export const leadInputSchema = z
  .object({ ...leadFields, status: leadFields.status.default('new') })
  .refine((v) => Boolean(v.email || v.phone), { message: LEAD_CONTACT_REQUIRED, path: ['email'] })
  .refine((v) => v.status !== 'trial' || Boolean(v.trialEndsOn), {
    message: TRIAL_END_REQUIRED,
    path: ['trialEndsOn'],
  });
export type LeadInput = z.input<typeof leadInputSchema>;
/** The whole-record rules (contact, trial end) are checked on the merged record by the server. */
export const leadUpdateSchema = z.object(leadFields).partial();
export type LeadUpdate = z.input<typeof leadUpdateSchema>;

export const leadConvertSchema = z.object({ memberId: z.uuid('Member id must be a UUID') });

// ---- The public lead form (/join/{slug}) -------------------------------------------------------

export const publicJoinInfoSchema = z.object({
  studioName: z.string(),
  /** The studio's current slug (the request may have used a former one). */
  slug: z.string(),
  sources: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicJoinInfo = z.infer<typeof publicJoinInfoSchema>;

export const publicJoinSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email: optionalEmail,
    phone: optionalPhone,
    sourceId: optionalId('How did you hear about us?'),
    /**
     * The honeypot: hidden from people, filled by form-filling bots. A filled one is answered as
     * if it worked and nothing is stored, so a bot learns nothing.
     */
    website: z.string().max(500).nullish(),
  })
  .refine((v) => Boolean(v.email || v.phone), { message: LEAD_CONTACT_REQUIRED, path: ['email'] });
export type PublicJoinInput = z.input<typeof publicJoinSchema>;
export const publicJoinResultSchema = z.object({ received: z.literal(true) });
