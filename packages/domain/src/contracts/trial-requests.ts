import { z } from 'zod';
import { BUSINESS_TYPES, CURRENT_MEMBER_RANGES } from '../constants.ts';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Trial request form (docs/product/marketing.md#trial-request). */
export const trialRequestSchema = z.object({
  businessName: z.string().trim().min(1, 'Business Name is required').max(200),
  contactName: z.string().trim().min(1, 'Contact Name is required').max(200),
  email: z.email('Enter a valid email address').max(254),
  phone: z
    .string()
    .trim()
    .min(1, 'Phone Number is required')
    .max(40)
    .regex(/^[0-9+()\-.\s]*[0-9][0-9+()\-.\s]*$/, 'Enter a valid phone number'),
  businessType: z.enum(
    BUSINESS_TYPES.map((b) => b.value) as [string, ...string[]],
    'Choose a business type',
  ),
  currentMembers: z
    .enum(CURRENT_MEMBER_RANGES)
    .nullish()
    .transform((v) => v ?? null),
  location: optionalText(200, 'Location'),
  currentSoftware: optionalText(200, 'Current Software'),
  challenges: optionalText(5000, 'Challenges'),
});
export type TrialRequestInput = z.input<typeof trialRequestSchema>;
