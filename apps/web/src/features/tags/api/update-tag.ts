import type { TagUpdate } from '@fitbase/domain/contracts/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { tagKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateTag(id: string, changes: TagUpdate) {
  return unwrap(
    await apiClient.PATCH('/api/tags/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateTag() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TagUpdate }) => updateTag(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(organizationId) }),
  });
}
