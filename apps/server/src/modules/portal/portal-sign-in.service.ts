import { codeSentMessage, type PortalMe } from '@fitbase/domain/contracts/portal';
import { forMemberOf } from '../../auth/member-auth.ts';
import { findPortalContext, type PortalContextRow } from '../../context/member-session.queries.ts';
import { portalStudio, studioNotFound } from '../../context/member-session.ts';
import type { Deps, PublicScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { countAttempt } from '../../db/rate-limits.ts';
import { memberByEmail, memberSelf } from './portal.sql.ts';

/**
 * Limits on the portal's sign-in (docs/product/member-portal.md#signing-in): codes sent per email
 * and per address, and sign-in tries per address, each in a 15-minute window. A code itself
 * allows 5 tries (auth/member-auth.ts).
 */
export const PORTAL_SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  codesPerEmail: 5,
  // A studio's members share its wifi's address: the per-address limits leave room for them.
  codesPerAddress: 100,
  triesPerAddress: 200,
} as const;

const tooMany = () =>
  new AppError('rate_limited', 'Too many attempts. Please wait 15 minutes and try again.');

const INVALID_CODE = 'That code is not right. Check the email and try again.';

export async function studioOf(deps: Deps, slug: string) {
  const row = await findPortalContext(deps.database.db, slug, null);
  if (!row) throw studioNotFound();
  return row;
}

async function limit(deps: Deps, key: string, max: number) {
  const count = await countAttempt(deps.database.db, key, PORTAL_SIGN_IN_LIMITS.windowMs);
  if (count > max) throw tooMany();
}

/**
 * `Send code`: the same answer whether or not the email is a member's, and an email only to a
 * member of this studio.
 */
export async function sendPortalCode(
  scope: Pick<PublicScope, 'deps'>,
  slug: string,
  rawEmail: string,
  ip: string,
) {
  const { deps } = scope;
  const studio = await studioOf(deps, slug);
  const email = rawEmail.trim().toLowerCase();
  const { codesPerAddress, codesPerEmail } = PORTAL_SIGN_IN_LIMITS;
  await limit(deps, `portal-code:ip:${ip}`, codesPerAddress);
  await limit(deps, `portal-code:email:${studio.organization_id}:${email}`, codesPerEmail);
  const memberId = await memberByEmail(deps.database.db, studio.organization_id, email);
  if (memberId) {
    const context = {
      organizationId: studio.organization_id,
      memberId,
      studioName: studio.name,
      slug: studio.slug,
    };
    await forMemberOf(context, () =>
      deps.memberAuth.api.sendVerificationOTP({ body: { email, type: 'sign-in' } }),
    );
  }
  return { message: codeSentMessage(studio.name) };
}

/** better-auth's code errors as ours: a person can act on each. */
function codeFailure(error: unknown): never {
  const code = (error as { body?: { code?: string } }).body?.code;
  if (code === 'OTP_EXPIRED')
    throw new AppError('code_expired', 'This code has expired. Send a new code.');
  if (code === 'TOO_MANY_ATTEMPTS')
    throw new AppError('too_many_attempts', 'Too many wrong codes. Send a new code.');
  if (code === 'INVALID_OTP') throw new AppError('invalid_code', INVALID_CODE);
  throw error;
}

/** `Sign in`: the code checked by better-auth, a session for this studio's member. */
export async function signInToPortal(
  scope: Pick<PublicScope, 'deps'>,
  slug: string,
  input: { email: string; code: string },
  ip: string,
): Promise<{ token: string; me: PortalMe }> {
  const { deps } = scope;
  const studio = await studioOf(deps, slug);
  const email = input.email.trim().toLowerCase();
  await limit(deps, `portal-sign-in:ip:${ip}`, PORTAL_SIGN_IN_LIMITS.triesPerAddress);
  const organizationId = studio.organization_id;
  const memberId = await memberByEmail(deps.database.db, organizationId, email);
  // Not a member here: the same answer as a wrong code (no code was ever sent).
  if (!memberId) throw new AppError('invalid_code', INVALID_CODE);
  const context = { organizationId, memberId, studioName: studio.name, slug: studio.slug };
  const result = await forMemberOf(context, () =>
    deps.memberAuth.api.signInEmailOTP({ body: { email, otp: input.code } }),
  ).catch(codeFailure);
  const me = await portalMeOf(deps, studio, memberId);
  if (!me) throw new AppError('invalid_code', INVALID_CODE);
  return { token: result.token, me };
}

async function portalMeOf(
  deps: Deps,
  studio: PortalContextRow,
  memberId: string,
): Promise<PortalMe | null> {
  const self = await memberSelf(deps.database.db, studio.organization_id, memberId);
  if (!self) return null;
  return {
    memberId,
    firstName: self.first_name,
    lastName: self.last_name,
    email: self.email,
    studio: portalStudio(studio),
  };
}

/** Sessions being opened after a join, by email: the next one for that email waits its turn. */
const opening = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(email: string, work: () => Promise<T>): Promise<T> {
  const before = opening.get(email) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  opening.set(email, mine);
  try {
    return await mine;
  } finally {
    if (opening.get(email) === mine) opening.delete(email);
  }
}

/**
 * A member session for someone who just became a member online (`Join online`), made the same
 * way as `Sign in`: better-auth's email-code plugin creates a code for the email on the server
 * (never sent) and signs in with it, so the session is better-auth's own, for this studio's
 * member. Called after the join committed: the session row points at the new member.
 */
export async function openSessionAfterJoin(
  deps: Deps,
  studio: PortalContextRow,
  memberId: string,
  rawEmail: string,
): Promise<{ token: string; me: PortalMe }> {
  const email = rawEmail.trim().toLowerCase();
  const context = {
    organizationId: studio.organization_id,
    memberId,
    studioName: studio.name,
    slug: studio.slug,
  };
  const signIn = () =>
    forMemberOf(context, async () => {
      const otp = await deps.memberAuth.api.createVerificationOTP({
        body: { email, type: 'sign-in' },
      });
      return deps.memberAuth.api.signInEmailOTP({ body: { email, otp } });
    });
  // An email has one pending code, and its first sign-in creates its member login: two joins
  // answered at once (a double submit) can replace each other's code between its creation and
  // its use, or race to create the login. In this process they take turns (one email at a
  // time); across processes the loser of either race tries again with a new code.
  const result = await oneAtATime(email, async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await signIn();
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  });
  const me = await portalMeOf(deps, studio, memberId);
  if (!me) throw notFound('Member');
  return { token: result.token, me };
}
