import type { AuditEntry, AuditFilterQuery } from '@fitbase/domain/contracts/audit';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { auditKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export type AuditFilters = Partial<AuditFilterQuery>;

const PAGE = 50;

/** The audit log, newest first, page after page (keyset cursors). */
export function auditLogQueryOptions(organizationId: string, filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(organizationId, filters),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({
      pageParam,
      signal,
    }): Promise<{
      items: AuditEntry[];
      nextCursor: string | null;
    }> =>
      unwrap(
        await apiClient.GET('/api/audit-log', {
          params: { query: { ...filters, cursor: pageParam, limit: PAGE } },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters) {
  const organizationId = useStudioId();
  return useInfiniteQuery(auditLogQueryOptions(organizationId, filters));
}

export function auditPeopleQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: auditKeys.people(organizationId),
    queryFn: async ({ signal }) =>
      unwrap(await apiClient.GET('/api/audit-log/people', { signal })).people,
  });
}

export function useAuditPeople() {
  const organizationId = useStudioId();
  return useQuery(auditPeopleQueryOptions(organizationId));
}

/**
 * Downloads the CSV of the same filter. Fetched with the tab's studio header (a plain link
 * could not send it), then handed to the browser as a file.
 */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const result = await apiClient.GET('/api/audit-log/export', {
    params: { query: filters },
    parseAs: 'blob',
  });
  const blob = unwrap(result) as unknown as Blob;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
