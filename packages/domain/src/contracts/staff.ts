import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, ORGANIZATION_ROLES } from '../constants.ts';

/**
 * Roles offered and listed on the Staff screen (docs/product/staff.md); the owner appears
 * elsewhere.
 */
export const STAFF_ROLES = ['staff', 'trainer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const DEFAULT_STAFF_ROLE: StaffRole = 'staff';

export { STAFF_MESSAGES } from '../staff-messages.ts';

const requiredText = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} is at most 100 characters`);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254, 'Email is at most 254 characters'));

const department = z
  .string()
  .trim()
  .max(100, 'Department is at most 100 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** Lengths are checked by `checkPassword` on the server, which also refuses weak passwords. */
const password = z
  .string()
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

/** Body of Create Staff Account (docs/product/staff.md#create-staff-account). */
export const createStaffSchema = z.object({
  email,
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  department,
  role: z.enum(STAFF_ROLES).default(DEFAULT_STAFF_ROLE),
  /**
   * Always checked, so the answer never depends on whether the email has an account; used
   * only for a new account (an existing account keeps its own password).
   */
  password: password.optional(),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;

/**
 * Body of Edit Staff Invitation. The name and department are this studio's, stored on the
 * membership; the person's own name and email are theirs alone to change: when sent, the email
 * must be the account's current one (the dialog shows it read-only).
 */
export const updateStaffSchema = z.object({
  email: email.optional(),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  department,
  role: z.enum(STAFF_ROLES),
});
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

/**
 * One row of the Staff Members list: the membership (organization_users) with the person's
 * sign-in email. `fullName` and `department` are this studio's own (the name falls back to
 * the person's own name when the studio never set one).
 */
export const staffMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  joinedAt: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  department: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffStatsSchema = z.object({
  totalStaff: z.number().int(),
  /**
   * Staff teaching a scheduled session or appointment today in the organization's time zone
   * (docs/product/staff.md#staff-screen), counted by the server.
   */
  onDutyToday: z.number().int(),
  trainers: z.number().int(),
});
export type StaffStats = z.infer<typeof staffStatsSchema>;

export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  stats: staffStatsSchema,
});
export type StaffList = z.infer<typeof staffListSchema>;

/**
 * The same answer whether or not the email already has an account: a new address gets its
 * account and membership, an existing account gets an invitation it accepts itself. Telling
 * the two apart would let any studio probe who has a FitBase account.
 */
export const createStaffResultSchema = z.object({
  email: z.string(),
  signInUrl: z.string(),
});
export type CreateStaffResult = z.infer<typeof createStaffResultSchema>;

export const resendInvitationResultSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type ResendInvitationResult = z.infer<typeof resendInvitationResultSchema>;

/** 32 random bytes, base64url: 43 characters. */
export const invitationTokenSchema = z
  .string()
  .trim()
  .min(1, 'token is required')
  .max(100, 'token is at most 100 characters');

/**
 * What the acceptance page shows for a pending, unexpired invitation
 * (docs/product/staff.md#accepting-an-invitation).
 */
export const staffInvitationSchema = z.object({
  organizationName: z.string(),
  role: z.enum(STAFF_ROLES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  expiresAt: z.string(),
  /** true: the person signs in with their existing account instead of creating one. */
  accountExists: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const acceptStaffInvitationSchema = z.object({
  token: invitationTokenSchema,
  /** Required when no account with the invited email exists; ignored otherwise. */
  password: password.optional(),
});
export type AcceptStaffInvitationInput = z.input<typeof acceptStaffInvitationSchema>;

export const acceptStaffInvitationResultSchema = z.object({
  organizationId: z.string(),
  email: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  accountCreated: z.boolean(),
});
export type AcceptStaffInvitationResult = z.infer<typeof acceptStaffInvitationResultSchema>;

/** Resend splits the displayed name at the first space (docs/product/staff.md#resend). */
export function splitFullName(fullName: string | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const name = (fullName ?? '').trim();
  const space = name.indexOf(' ');
  if (space === -1) return { firstName: name, lastName: '' };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1).trim() };
}

/**
 * Team statistics of the Staff screen (docs/product/staff.md#staff-screen). On Duty Today
 * comes from the schedule, so the server counts it and passes it in.
 */
export function staffStats(
  staff: ReadonlyArray<Pick<StaffMember, 'role'>>,
  onDutyToday: number,
): StaffStats {
  const totalStaff = staff.length;
  return {
    totalStaff,
    onDutyToday,
    trainers: staff.filter((s) => s.role === 'trainer').length,
  };
}
