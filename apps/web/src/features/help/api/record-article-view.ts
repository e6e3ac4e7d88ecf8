import type { HelpViewCounts } from '@fitbase/domain/contracts/help';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { accountKeys } from '@/lib/query-keys';

export async function recordArticleView(slug: string) {
  return unwrap(
    await apiClient.POST('/api/help/articles/{slug}/views', { params: { path: { slug } } }),
  );
}

/** Counts one opening; the answer carries the new count, shown at once beside the article. */
export function useRecordArticleView(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordArticleView,
    onSuccess: ({ slug, views }) =>
      queryClient.setQueryData<HelpViewCounts>(accountKeys.helpViews(organizationId), (old) => ({
        views: { ...old?.views, [slug]: views },
      })),
  });
}
