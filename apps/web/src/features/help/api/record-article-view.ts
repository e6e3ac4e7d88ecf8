import type { HelpViewCounts } from '@fitbase/domain/contracts/help';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { accountKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function recordArticleView(slug: string) {
  return unwrap(
    await apiClient.POST('/api/help/articles/{slug}/views', { params: { path: { slug } } }),
  );
}

/** Counts one opening; the answer carries the new count, shown at once beside the article. */
export function useRecordArticleView() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordArticleView,
    onSuccess: async ({ slug, views }) => {
      const queryKey = accountKeys.helpViews(organizationId);
      // A page opened on an article fetches the counts and records the view at once: a fetch
      // answered before the view was committed must not overwrite the new count when it lands
      // after it (it did, now and then, in the end-to-end run). Cancel it, show the new count,
      // then fetch again: that answer comes after the commit.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<HelpViewCounts>(queryKey, (old) => ({
        views: { ...old?.views, [slug]: views },
      }));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
