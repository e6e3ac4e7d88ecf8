import type { KioskException } from '@fitbase/domain/contracts/kiosk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { kioskExceptionKeys } from './kiosk-exception-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** `Mark resolved`: staff have dealt with it at the desk; the visit itself stays recorded. */
export function useResolveKioskException() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<KioskException> =>
      unwrap(
        await apiClient.POST('/api/kiosk-exceptions/{id}/resolve', { params: { path: { id } } }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: kioskExceptionKeys.all(organizationId) }),
  });
}
