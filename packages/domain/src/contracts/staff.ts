import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, ORGANIZATION_ROLES } from '../constants.ts';

/** Roles offered and listed on the Staff screen (doc 2 §6); the owner appears elsewhere. */
export const STAFF_ROLES = ['staff', 'trainer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const DEFAULT_STAFF_ROLE: StaffRole = 'staff';

/** Spec texts of doc 2 §5/§8 and doc 1 §5/§8, shared by the browser and the server. */
export const STAFF_MESSAGES = {
  requiredWithPassword: 'Please fill in all required fields including password',
  required: 'Please fill in all required fields',
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: 'Password must be at least 6 characters long',
  acceptPasswordsDontMatch: "Passwords don't match or are empty",
  invalidInvitation: 'This invitation link is invalid or has expired.',
} as const;

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

/** Body of Create Staff Account (doc 2 §7 create-staff-account). */
export const createStaffSchema = z.object({
  email,
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  department,
  role: z.enum(STAFF_ROLES).default(DEFAULT_STAFF_ROLE),
  /** Required for a new account (the server answers with the spec's message); an existing account keeps its own. */
  password: password.optional(),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;

/**
 * Body of Edit Staff Invitation. The email is the person's sign-in address and theirs alone
 * to change: when sent it must be the account's current email (the dialog shows it read-only).
 */
export const updateStaffSchema = z.object({
  email: email.optional(),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  department,
  role: z.enum(STAFF_ROLES),
});
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

/** One row of the Staff Members list: organization_users joined with profiles. */
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
  /** Half of total staff, rounded down (doc 2 §9). */
  onDutyToday: z.number().int(),
  trainers: z.number().int(),
});
export type StaffStats = z.infer<typeof staffStatsSchema>;

export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  stats: staffStatsSchema,
});
export type StaffList = z.infer<typeof staffListSchema>;

export const createStaffResultSchema = z.object({
  staffMember: staffMemberSchema,
  /** false when an account with that email already existed and only the membership was added. */
  accountCreated: z.boolean(),
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

/** What the acceptance page shows for a pending, unexpired invitation (doc 1 §2). */
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

/** Resend splits the displayed name at the first space (doc 2 §7 send-staff-invitation). */
export function splitFullName(fullName: string | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const name = (fullName ?? '').trim();
  const space = name.indexOf(' ');
  if (space === -1) return { firstName: name, lastName: '' };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1).trim() };
}

/** Team statistics of the Staff screen (doc 2 §2, §9). */
export function staffStats(staff: ReadonlyArray<Pick<StaffMember, 'role'>>): StaffStats {
  const totalStaff = staff.length;
  return {
    totalStaff,
    onDutyToday: Math.floor(totalStaff / 2),
    trainers: staff.filter((s) => s.role === 'trainer').length,
  };
}
