import type { PortalKioskAccess } from '@fitbase/domain/contracts/kiosk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { portalFetch } from './portal-fetch';
import { portalKeys } from './portal-keys';

/** `Save PIN`: a 4-digit PIN for the kiosk (refused with fields.pin when no phone is on file). */
export function useSetKioskPin() {
  const slug = usePortalSlug();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portalKeys.all(slug), 'set-kiosk-pin'],
    mutationFn: (pin: string) =>
      portalFetch<PortalKioskAccess>(slug, '/kiosk-pin', { method: 'PUT', body: { pin } }),
    onSuccess: (access) => queryClient.setQueryData(portalKeys.kioskAccess(slug), access),
  });
}
