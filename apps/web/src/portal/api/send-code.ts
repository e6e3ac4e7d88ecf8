import type { PortalSendCode } from '@fitbase/domain/contracts/portal';
import { useMutation } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';

/** Emails a sign-in code; the answer's message is the same whether or not the email is a member's. */
export function sendCode(slug: string, input: PortalSendCode) {
  return portalFetch<{ message: string }>(slug, '/send-code', { method: 'POST', body: input });
}

export function useSendCode() {
  const slug = usePortalSlug();
  return useMutation({ mutationFn: (input: PortalSendCode) => sendCode(slug, input) });
}
