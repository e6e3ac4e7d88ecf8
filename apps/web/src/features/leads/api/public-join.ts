import type { PublicJoinInfo, PublicJoinInput } from '@fitbase/domain/contracts/leads';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { publicJoinKeys } from '@/lib/query-keys';

export function publicJoinQueryOptions(slug: string) {
  return queryOptions({
    queryKey: publicJoinKeys.detail(slug),
    queryFn: async ({ signal }): Promise<PublicJoinInfo> =>
      unwrap(
        await apiClient.GET('/api/public/join/{slug}', { params: { path: { slug } }, signal }),
      ),
    retry: false,
  });
}

export function usePublicJoin(slug: string) {
  return useQuery(publicJoinQueryOptions(slug));
}

export async function submitJoin({ slug, input }: { slug: string; input: PublicJoinInput }) {
  return unwrap(
    await apiClient.POST('/api/public/join/{slug}', { params: { path: { slug } }, body: input }),
  );
}

export function useSubmitJoin() {
  return useMutation({ mutationFn: submitJoin });
}
