import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function addTagToMembers(tagId: string, memberIds: string[]) {
  return unwrap(
    await apiClient.POST('/api/tags/{id}/members', {
      params: { path: { id: tagId } },
      body: { memberIds },
    }),
  );
}

/** The directory's bulk "Add tag": tag counts, member tags and tag-filtered pages all move. */
export function useAddTagToMembers() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, memberIds }: { tagId: string; memberIds: string[] }) =>
      addTagToMembers(tagId, memberIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(organizationId) }),
  });
}
