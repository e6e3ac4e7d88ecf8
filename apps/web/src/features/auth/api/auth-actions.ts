import { useMutation } from '@tanstack/react-query';

/**
 * better-auth's client (12 KB gzipped) loads on the first action, not with the pages: /auth and
 * /reset-password paint and hydrate without it (their budget: npm run bench:web).
 */
const client = async () => (await import('@/lib/auth-client')).authClient;

/** better-auth answers errors as values; we turn them into thrown Errors with the provider's message. */
export class AuthActionError extends Error {
  readonly code: string | undefined;
  constructor(message: string | undefined, code?: string) {
    super(message || 'An unexpected error occurred');
    this.code = code;
  }
}

function unwrap<T>(result: {
  data: T | null;
  error: { message?: string; code?: string; error?: { message?: string; code?: string } } | null;
}): T {
  if (result.error) {
    // Our own middleware answers in the API's shape ({ error: { code, message } }), which
    // better-auth's client nests one level deeper than its own errors.
    const inner = result.error.error;
    throw new AuthActionError(
      inner?.message ?? result.error.message,
      inner?.code ?? result.error.code,
    );
  }
  return result.data as T;
}

export function useSignIn() {
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) =>
      unwrap(await (await client()).signIn.email(input)),
  });
}

/** The second step of a sign-in with two-factor authentication: an app code or a backup code. */
export function useVerifySecondFactor() {
  return useMutation({
    mutationFn: async (input: { code: string; kind: 'totp' | 'backup' }) => {
      const authClient = await client();
      return unwrap(
        input.kind === 'totp'
          ? await authClient.twoFactor.verifyTotp({ code: input.code })
          : await authClient.twoFactor.verifyBackupCode({ code: input.code }),
      );
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: async (input: { fullName: string; email: string; password: string }) =>
      unwrap(
        await (
          await client()
        ).signUp.email({
          name: input.fullName,
          email: input.email,
          password: input.password,
        }),
      ),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) =>
      unwrap(await (await client()).requestPasswordReset({ email, redirectTo: '/reset-password' })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; newPassword: string }) =>
      unwrap(await (await client()).resetPassword(input)),
  });
}
