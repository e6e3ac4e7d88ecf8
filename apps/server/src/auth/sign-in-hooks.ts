import { APIError } from 'better-auth/api';
import type { Db } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mailer.ts';
import { signInFailures, signInLockouts } from '../lib/metrics.ts';
import {
  clearFailures,
  currentLock,
  failureDelayMs,
  lockMessage,
  recordFailure,
  sendLockEmail,
  type Lock,
} from './sign-in-throttle.ts';

const SIGN_IN_PATH = '/sign-in/email';

/** The parts of better-auth's hook context these hooks read. */
interface HookContext {
  path: string;
  body?: unknown;
  context: { returned?: unknown; newSession?: unknown };
}

export interface SignInHookDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
}

function lockedError(lock: Lock): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    {
      code: 'account_locked',
      message: lockMessage(lock),
      retryAfterSeconds: lock.retryAfterSeconds,
    },
    { 'Retry-After': String(lock.retryAfterSeconds) },
  );
}

function emailOf(ctx: HookContext): string | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 ? email : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before better-auth checks the password: a locked address is refused without looking at the
 * password at all, so the right password during a lock gets the same answer as a wrong one.
 */
export async function refuseLockedSignIn(deps: SignInHookDeps, ctx: HookContext): Promise<void> {
  if (ctx.path !== SIGN_IN_PATH) return;
  const email = emailOf(ctx);
  if (!email) return;
  const lock = await currentLock(deps.db, email);
  if (lock) throw lockedError(lock);
}

/**
 * After: a wrong password counts (answered later as the series grows, then it locks and tells
 * the account holder); a success ends the series.
 */
export async function countSignInOutcome(deps: SignInHookDeps, ctx: HookContext): Promise<void> {
  if (ctx.path !== SIGN_IN_PATH) return;
  const email = emailOf(ctx);
  if (!email) return;
  const returned = ctx.context.returned as { statusCode?: number } | undefined;
  if (returned?.statusCode === 401) {
    const { failures, lock } = await recordFailure(deps.db, email);
    signInFailures.inc();
    if (lock) signInLockouts.inc();
    // The failure that starts a lock still answers 401 (better-auth keeps the endpoint's
    // status); the next attempt gets the lock's 429. Not awaited: whether a mail goes out
    // (an account exists) must not show in the timing.
    if (lock) void sendLockEmail(deps, email, failures, lock);
    else await sleep(failureDelayMs(failures));
  } else if (ctx.context.newSession) {
    await clearFailures(deps.db, email);
  }
}
