import type { PortalKioskAccess } from '@fitbase/domain/contracts/kiosk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** `Remove PIN`: the kiosk no longer takes a PIN for this member. */
export function useRemoveKioskPin() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'remove-kiosk-pin'],
    mutationFn: () => portalFetch<PortalKioskAccess>(slug, '/kiosk-pin', { method: 'DELETE' }),
    onSuccess: (access) => queryClient.setQueryData(portalKeys.kioskAccess(slug), access),
  });
}
