import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInThrottles, users } from '../db/schema/auth.ts';
import type { Logger } from '../lib/logger.ts';
import { escapeHtml, type Mailer } from '../lib/mailer.ts';

/**
 * Per-account sign-in throttling, on top of better-auth's per-address limit (a person behind
 * a shared address must not pay for a guesser, and a guesser with many addresses must still
 * be stopped). ASVS 2.2.1 / NIST 800-63B 5.2.2: at most 100 consecutive failures per account.
 * docs/product/accounts.md describes what a person sees.
 */
export const SIGN_IN_THROTTLE = {
  /** Failures in a row that lock the account; each further series locks again. */
  lockAfter: 10,
  /** The first lock; each further one doubles, up to `maxLockMinutes`. */
  lockMinutes: 15,
  maxLockMinutes: 24 * 60,
  /** At this many consecutive failures the account stays locked until its password is reset. */
  hardLimit: 100,
  /** Failures of a series answered at once; later ones wait 250 ms, 500 ms, 1 s, 2 s. */
  delayAfter: 5,
  baseDelayMs: 250,
} as const;

const { lockAfter, lockMinutes, maxLockMinutes, hardLimit, delayAfter, baseDelayMs } =
  SIGN_IN_THROTTLE;

/** Far enough to mean "until the password is reset" while staying a valid timestamp. */
const UNTIL_RESET_MS = 100 * 365 * 24 * 60 * 60 * 1000;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** How long a failure's answer waits, by its place in the current series of failures. */
export function failureDelayMs(failures: number): number {
  const inSeries = failures % lockAfter;
  return inSeries > delayAfter ? baseDelayMs * 2 ** (inSeries - delayAfter - 1) : 0;
}

/** The lock a failure count starts, if any: at every `lockAfter`-th failure, doubling. */
export function lockDurationMs(failures: number): number | null {
  if (failures >= hardLimit) return UNTIL_RESET_MS;
  if (failures === 0 || failures % lockAfter !== 0) return null;
  const series = failures / lockAfter;
  return Math.min(lockMinutes * 2 ** (series - 1), maxLockMinutes) * 60_000;
}

export interface Lock {
  until: Date;
  retryAfterSeconds: number;
  untilPasswordReset: boolean;
}

/** The lock in force for this email now, if any. */
export async function currentLock(db: Db, email: string, now = new Date()): Promise<Lock | null> {
  const [row] = await db
    .select({ lockedUntil: signInThrottles.lockedUntil, failures: signInThrottles.failures })
    .from(signInThrottles)
    .where(eq(signInThrottles.email, normalizeEmail(email)));
  if (!row?.lockedUntil || row.lockedUntil <= now) return null;
  return {
    until: row.lockedUntil,
    retryAfterSeconds: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000),
    untilPasswordReset: row.failures >= hardLimit,
  };
}

/**
 * Counts one failure atomically (concurrent guesses cannot skip a lock) and locks the email
 * when the count reaches a threshold. Returns the new count and the lock it started, if any.
 */
export async function recordFailure(
  db: Db,
  email: string,
  now = new Date(),
): Promise<{ failures: number; lock: Lock | null }> {
  const key = normalizeEmail(email);
  const [row] = await db
    .insert(signInThrottles)
    .values({ email: key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.email,
      set: { failures: sql`${signInThrottles.failures} + 1`, lastFailureAt: now },
    })
    .returning({ failures: signInThrottles.failures });
  const failures = row?.failures ?? 1;
  const duration = lockDurationMs(failures);
  if (duration === null) return { failures, lock: null };
  const until = new Date(now.getTime() + duration);
  await db
    .update(signInThrottles)
    .set({ lockedUntil: until })
    .where(eq(signInThrottles.email, key));
  return {
    failures,
    lock: {
      until,
      retryAfterSeconds: Math.ceil(duration / 1000),
      untilPasswordReset: failures >= hardLimit,
    },
  };
}

/** A successful sign-in or a password reset ends the series. */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.email, normalizeEmail(email)));
}

/** The answer to a sign-in refused by a lock. */
export function lockMessage(lock: Lock): string {
  if (lock.untilPasswordReset) {
    return 'Too many failed sign-in attempts. This account is locked until its password is reset.';
  }
  const minutes = Math.max(1, Math.ceil(lock.retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`;
}

/** Tells the account holder (only an existing account: the address may be anyone's). */
export async function sendLockEmail(
  deps: { db: Db; mailer: Mailer; logger: Logger; appUrl: string },
  email: string,
  failures: number,
  lock: Lock,
): Promise<void> {
  const [user] = await deps.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!user) return;
  const link = `${deps.appUrl}/auth`;
  const when = lock.untilPasswordReset
    ? 'until you reset your password'
    : `until ${lock.until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const text =
    `Hello ${user.name},\n\nThere were ${failures} failed attempts in a row to sign in to your FitBase account (${user.email}), so signing in to it is locked ${when}.\n\n` +
    `If it was you, wait, or choose a new password with "Forgot password?" at ${link}. If it was not you, someone may be guessing your password: choosing a new one is a good idea.`;
  try {
    await deps.mailer.send({
      to: user.email,
      subject: 'Your FitBase account is temporarily locked',
      text,
      html: text
        .split('\n\n')
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join(''),
      links: [link],
    });
  } catch (error) {
    // The lock holds either way; a mail outage must not turn the answer into a 500.
    deps.logger.error({ err: error }, 'Could not send the account lock email');
  }
}
