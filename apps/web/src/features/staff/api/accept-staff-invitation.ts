import type { AcceptStaffInvitationResult } from '@fitbase/domain/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { meQueryOptions } from '@/lib/session';
import { staffInvitationKeys } from '@/lib/query-keys';

export interface AcceptInvitationInput {
  token: string;
  email: string;
  password: string;
  /** An account with the invited email exists: sign in with it instead of creating one. */
  accountExists: boolean;
  /** The email of the session already open in this browser, if any. */
  signedInAs: string | null;
}

export interface AcceptInvitationOutcome extends AcceptStaffInvitationResult {
  /** false when the account was created but signing in afterwards failed (the person signs in at /auth). */
  signedIn: boolean;
}

async function signIn(email: string, password: string): Promise<void> {
  // Loaded on use: the public invitation page paints without better-auth's client (bench:web).
  const { authClient } = await import('@/lib/auth-client');
  const result = await authClient.signIn.email({ email, password });
  if (result.error) throw new Error(result.error.message || 'An unexpected error occurred');
}

/**
 * The acceptance flow (docs/product/staff.md). A new person: the server creates the account, membership and
 * profile in one transaction, then the browser signs in with the password just chosen. An
 * existing account signs in first, because the server only lets that account accept.
 */
export async function acceptStaffInvitation(
  input: AcceptInvitationInput,
): Promise<AcceptInvitationOutcome> {
  const sameAccount = input.signedInAs?.toLowerCase() === input.email.toLowerCase();
  if (input.accountExists) {
    if (!sameAccount) await signIn(input.email, input.password);
    const result = unwrap(
      await apiClient.POST('/api/staff-invitations/accept', { body: { token: input.token } }),
    );
    return { ...result, signedIn: true };
  }
  const result = unwrap(
    await apiClient.POST('/api/staff-invitations/accept', {
      body: { token: input.token, password: input.password },
    }),
  );
  try {
    await signIn(result.email, input.password);
    return { ...result, signedIn: true };
  } catch {
    return { ...result, signedIn: false };
  }
}

export function useAcceptStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptStaffInvitation,
    onSuccess: async () => {
      // Another person may have been signed in here: nothing cached may survive the switch.
      // The invitation itself stays, so the page does not refetch it and find it used.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== staffInvitationKeys.all[0],
      });
      // The signed-in guard of /dashboard/staff must see the new session, not a cached "signed out".
      await queryClient.fetchQuery(meQueryOptions);
    },
  });
}
