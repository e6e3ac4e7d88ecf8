import { checkPassword, type PasswordCheck, type PasswordContext } from '@fitbase/domain/password';
import { dictionary } from '@zxcvbn-ts/language-common';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, verifications } from '../db/schema/auth.ts';
import { organizations, organizationUsers } from '../db/schema/organizations.ts';

/**
 * The maintained common-password list of zxcvbn-ts (about 49,000 entries from breach
 * corpora). Server-side only: it would be megabytes in the browser bundle.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

const isCommonPassword = (lowercased: string) => COMMON_PASSWORDS.has(lowercased);

export type PersonalContext = Omit<PasswordContext, 'isCommonPassword'>;

/** The password rules with the full list: what every password set on the server must pass. */
export function checkPasswordPolicy(
  password: string,
  context: PersonalContext = {},
): PasswordCheck {
  return checkPassword(password, { ...context, isCommonPassword });
}

/** What a guesser of this person would try: their email and their studios' names. */
export async function personalContextOf(db: Db, userId: string): Promise<PersonalContext> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const studios = await db
    .select({ name: organizations.name })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, userId));
  return { email: user?.email, studioNames: studios.map((s) => s.name) };
}

/** The account a password-reset token belongs to (better-auth keeps it as a verification). */
export async function userIdOfResetToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`));
  return row?.value ?? null;
}

const PASSWORD_PATHS = new Set(['/sign-up/email', '/reset-password', '/change-password']);

/** The parts of better-auth's hook context the password check reads. */
interface PasswordHookContext {
  path: string;
  body?: unknown;
}

/**
 * better-auth `before` hook: a new password (sign-up, reset, change) must pass the rules with
 * the full list and the person's own email and studio names. Lengths are better-auth's own
 * check (its codes PASSWORD_TOO_SHORT/LONG), so only the other reasons are answered here.
 */
export async function refuseWeakPassword(
  db: Db,
  ctx: PasswordHookContext,
  signedInUserId: () => Promise<string | null>,
): Promise<void> {
  if (!PASSWORD_PATHS.has(ctx.path)) return;
  const body = (ctx.body ?? {}) as {
    password?: unknown;
    newPassword?: unknown;
    email?: unknown;
    token?: unknown;
  };
  const field = ctx.path === '/sign-up/email' ? 'password' : 'newPassword';
  const password = body[field];
  if (typeof password !== 'string') return;
  let context: PersonalContext = {};
  if (ctx.path === '/sign-up/email') {
    context = { email: typeof body.email === 'string' ? body.email : undefined };
  } else {
    const userId =
      ctx.path === '/reset-password'
        ? typeof body.token === 'string'
          ? await userIdOfResetToken(db, body.token)
          : null
        : await signedInUserId();
    if (userId) context = await personalContextOf(db, userId);
  }
  const result = checkPasswordPolicy(password, context);
  if (!result.ok && !result.reasons.includes('length')) {
    // better-auth answers this in its own shape; auth-route.ts puts it in the API's.
    throw new APIError('BAD_REQUEST', {
      code: 'weak_password',
      message: result.message,
      reasons: result.reasons,
      fields: { [field]: result.message },
    });
  }
}
