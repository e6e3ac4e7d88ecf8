import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';

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
      unwrap(await authClient.signIn.email(input)),
  });
}

/** The second step of a sign-in with two-factor authentication: an app code or a backup code. */
export function useVerifySecondFactor() {
  return useMutation({
    mutationFn: async (input: { code: string; kind: 'totp' | 'backup' }) =>
      unwrap(
        input.kind === 'totp'
          ? await authClient.twoFactor.verifyTotp({ code: input.code })
          : await authClient.twoFactor.verifyBackupCode({ code: input.code }),
      ),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: async (input: { fullName: string; email: string; password: string }) =>
      unwrap(
        await authClient.signUp.email({
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
      unwrap(await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; newPassword: string }) =>
      unwrap(await authClient.resetPassword(input)),
  });
}
