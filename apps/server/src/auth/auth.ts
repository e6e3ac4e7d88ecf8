import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { Config } from '../env.ts';
import type { Db } from '../db/client.ts';
import { authSchema } from '../db/schema/auth.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-policy.ts';
import { profiles } from '../db/schema/platform.ts';
import type { Logger } from '../lib/logger.ts';
import { trustedOrigins } from '../lib/trusted-origins.ts';
import { escapeHtml, type Mailer } from '../lib/mailer.ts';
import { countSignInOutcome, refuseLockedSignIn } from './sign-in-hooks.ts';
import { refuseWeakPassword } from './password-policy.ts';
import { clearFailures } from './sign-in-throttle.ts';

/** Set by our HTTP layer from the socket address; any client-sent value is overwritten. */
export const CLIENT_IP_HEADER = 'x-fitbase-client-ip';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
}

export function createAuth({ config, db, mailer, logger }: AuthDeps) {
  const signInDeps = { db, mailer, logger, appUrl: config.appUrl };
  return betterAuth({
    appName: 'FitBase',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // APP_URL, and its other loopback spellings in development (lib/trusted-origins.ts).
    trustedOrigins: trustedOrigins(config.appUrl),
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const method = (level as string) === 'success' ? 'info' : level;
        logger[method]({ auth: args }, message);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      // A new password ends a sign-in lock, the one way out of a lock at the hard limit.
      onPasswordReset: async ({ user }) => clearFailures(db, user.email),
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your FitBase password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your FitBase account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
          html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your FitBase account. Open this link within one hour to choose a new password:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
          links: [link],
        });
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      // Sliding session: a day of use extends it, so an active person stays signed in.
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    rateLimit: {
      // On in every environment, stored in PostgreSQL so it holds across restarts and processes.
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-up/email': { window: 60, max: 20 },
        '/request-password-reset': { window: 300, max: 5 },
        '/reset-password': { window: 300, max: 10 },
        '/get-session': false,
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      // Authenticator-app codes (TOTP) with backup codes; enabling and disabling need the
      // current password (the plugin's default). The secret is stored encrypted by it.
      twoFactor({ issuer: 'FitBase', backupCodeOptions: { amount: 10 } }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await refuseLockedSignIn(signInDeps, ctx);
        await refuseWeakPassword(
          db,
          ctx,
          async () => (await getSessionFromCtx(ctx))?.user.id ?? null,
        );
      }),
      after: createAuthMiddleware(async (ctx) => countSignInOutcome(signInDeps, ctx)),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            // The profile carries the Full Name entered at sign-up
            // (docs/product/accounts.md#auth-page).
            await db
              .insert(profiles)
              .values({ id: user.id, email: user.email, fullName: user.name || null })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
