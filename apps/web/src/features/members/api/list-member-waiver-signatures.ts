import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { memberKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The member's waiver signatures, newest first (docs/product/waivers.md). */
export function memberWaiverSignaturesQueryOptions(organizationId: string, memberId: string) {
  return queryOptions({
    queryKey: memberKeys.waiverSignatures(organizationId, memberId),
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/api/members/{id}/waiver-signatures', {
          params: { path: { id: memberId } },
          signal,
        }),
      ),
  });
}

export function useMemberWaiverSignatures(memberId: string) {
  const organizationId = useStudioId();
  return useQuery(memberWaiverSignaturesQueryOptions(organizationId, memberId));
}

/** Where staff download one signature's PDF (the session cookie authorises the download). */
export function waiverPdfHref(memberId: string, signatureId: string): string {
  return `/api/members/${memberId}/waiver-signatures/${signatureId}/pdf`;
}
