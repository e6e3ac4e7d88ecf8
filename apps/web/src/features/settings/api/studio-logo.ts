import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { meKey, settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Upload or remove the studio logo; the file is the raw body, checked by content on the server. */
export function useUploadLogo() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<{ logoUrl: string | null }> =>
      unwrap(
        await apiClient.POST('/api/settings/logo', {
          body: file as never,
          bodySerializer: (body: unknown) => body as File,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        }),
      ),
    onSuccess: () => refresh(queryClient, organizationId),
  });
}

export function useRemoveLogo() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<{ logoUrl: string | null }> =>
      unwrap(await apiClient.DELETE('/api/settings/logo', {})),
    onSuccess: () => refresh(queryClient, organizationId),
  });
}

function refresh(queryClient: ReturnType<typeof useQueryClient>, organizationId: string) {
  void queryClient.invalidateQueries({ queryKey: settingsKeys.general(organizationId) });
  void queryClient.invalidateQueries({ queryKey: meKey });
}
