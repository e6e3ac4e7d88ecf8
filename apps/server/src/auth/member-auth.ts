import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins';
import {
  PORTAL_CODE_LENGTH,
  PORTAL_CODE_MINUTES,
  PORTAL_CODE_TRIES,
} from '@fitbase/domain/contracts/portal';
import type { Config } from '../env.ts';
import type { Db } from '../db/client.ts';
import { memberAuthSchema } from '../db/schema/member-auth.ts';
import type { Logger } from '../lib/logger.ts';
import { escapeHtml, type Mailer } from '../lib/mailer.ts';

/** How long a member stays signed in to a studio's portal. */
export const MEMBER_SESSION_DAYS = 30;

/** The studio and member a code or session is for, set by the portal's sign-in routes. */
export interface MemberSignIn {
  organizationId: string;
  memberId: string;
  studioName: string;
  slug: string;
}

const signInContext = new AsyncLocalStorage<MemberSignIn>();

/** Runs better-auth's code and session calls for one studio's member. */
export const forMemberOf = <T>(context: MemberSignIn, run: () => Promise<T>) =>
  signInContext.run(context, run);

/**
 * The portal's own better-auth (email one-time codes), on tables apart from the staff one
 * (db/schema/member-auth.ts). It is never mounted as an HTTP handler: the portal's routes call
 * it after checking the studio and the member, and set their own path-scoped cookie
 * (docs/product/member-portal.md#signing-in).
 */
export function createMemberAuth(deps: { config: Config; db: Db; mailer: Mailer; logger: Logger }) {
  const { config, db, mailer, logger } = deps;
  return betterAuth({
    appName: 'FitBase',
    baseURL: config.appUrl,
    basePath: '/api/member-auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: memberAuthSchema }),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const method = (level as string) === 'success' ? 'info' : level;
        logger[method]({ memberAuth: args }, message);
      },
    },
    // Our routes limit sending and trying (modules/portal/portal-throttle.ts).
    rateLimit: { enabled: false },
    session: {
      expiresIn: MEMBER_SESSION_DAYS * 86_400,
      additionalFields: {
        organizationId: { type: 'string', required: true, input: false },
        memberId: { type: 'string', required: true, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const context = signInContext.getStore();
            // A session outside a studio's sign-in route would belong to no studio.
            if (!context) return false;
            return {
              data: {
                ...session,
                organizationId: context.organizationId,
                memberId: context.memberId,
              },
            };
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: PORTAL_CODE_LENGTH,
        expiresIn: PORTAL_CODE_MINUTES * 60,
        allowedAttempts: PORTAL_CODE_TRIES,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp }) => {
          const context = signInContext.getStore();
          if (!context) return;
          // Not awaited: `Send code` answers as fast for a member as for an unknown email.
          mailer
            .send(signInCodeEmail(config.appUrl, context, email, otp))
            .catch((error: unknown) =>
              logger.error({ err: error }, 'Portal sign-in code not sent'),
            );
        },
      }),
    ],
  });
}

export type MemberAuth = ReturnType<typeof createMemberAuth>;

/** The code in the subject, and the same code in a link that signs in on a click. */
export function signInCodeEmail(
  appUrl: string,
  context: MemberSignIn,
  email: string,
  code: string,
) {
  const link = `${appUrl}/m/${encodeURIComponent(context.slug)}/sign-in?email=${encodeURIComponent(email)}&code=${code}`;
  const studio = context.studioName;
  return {
    to: email,
    fromName: studio,
    subject: `${code} is your ${studio} sign-in code`,
    text: `Your code to sign in to ${studio}: ${code}\n\nIt works once, within ${PORTAL_CODE_MINUTES} minutes. Or open this link to sign in:\n\n${link}\n\nIf you did not ask to sign in, ignore this email.`,
    html: `<p>Your code to sign in to ${escapeHtml(studio)}:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It works once, within ${PORTAL_CODE_MINUTES} minutes. Or open this link to sign in:</p><p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(studio)}</a></p><p>If you did not ask to sign in, ignore this email.</p>`,
    links: [link],
  };
}
