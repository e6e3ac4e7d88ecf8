import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { accountKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** better-auth answers errors as values: thrown here with its code, for the form to place. */
export class TwoFactorError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

function unwrapAuth<T>(result: {
  data: T | null;
  error: { message?: string; code?: string } | null;
}): T {
  if (result.error)
    throw new TwoFactorError(
      result.error.message || 'An unexpected error occurred',
      result.error.code,
    );
  return result.data as T;
}

/** Whether the signed-in person has two-factor authentication on (better-auth's session). */
export function twoFactorStatusQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: accountKeys.twoFactor(organizationId),
    queryFn: async () => {
      const session = unwrapAuth(await authClient.getSession());
      return { enabled: Boolean(session?.user.twoFactorEnabled) };
    },
  });
}

export function useTwoFactorStatus() {
  const organizationId = useStudioId();
  return useQuery(twoFactorStatusQueryOptions(organizationId));
}

/** Step 1: the password; answers the authenticator URI and the backup codes (shown once). */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: async (password: string) => {
      const data = unwrapAuth(await authClient.twoFactor.enable({ password, issuer: 'FitBase' }));
      if (!data || !('totpURI' in data) || !data.totpURI)
        throw new TwoFactorError('An unexpected error occurred');
      return { totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] };
    },
  });
}

/** Step 2: a first code from the app proves it is set up; only then is it on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => unwrapAuth(await authClient.twoFactor.verifyTotp({ code })),
    // Every studio query may have been refused until now (two_factor_required).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDisableTwoFactor() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      unwrapAuth(await authClient.twoFactor.disable({ password })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor(organizationId) }),
  });
}

/** New backup codes (the password again); the old ones stop working. Shown once. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: async (password: string) => {
      const data = unwrapAuth(await authClient.twoFactor.generateBackupCodes({ password }));
      if (!data?.backupCodes?.length) throw new TwoFactorError('An unexpected error occurred');
      return data.backupCodes;
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: {
      currentPassword: string;
      newPassword: string;
      revokeOtherSessions: boolean;
    }) => unwrapAuth(await authClient.changePassword(input)),
  });
}
