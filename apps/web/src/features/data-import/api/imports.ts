import type {
  DataImport,
  DataImportList,
  DryRunResult,
  ImportRequest,
} from '@fitbase/domain/contracts/data-import';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dataKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's imports, newest first; refreshed by the realtime `data` events. */
export function importsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: dataKeys.imports(organizationId),
    queryFn: async ({ signal }): Promise<DataImportList> =>
      unwrap(await apiClient.GET('/api/imports', { signal })),
  });
}

export function useImports() {
  const organizationId = useStudioId();
  return useQuery(importsQueryOptions(organizationId));
}

/** One import's progress; polled while it runs, in case the live connection is down. */
export function useImport(id: string | null) {
  const organizationId = useStudioId();
  return useQuery({
    queryKey: dataKeys.import(organizationId, id ?? ''),
    queryFn: async ({ signal }): Promise<DataImport> =>
      unwrap(await apiClient.GET('/api/imports/{id}', { params: { path: { id: id! } }, signal })),
    enabled: Boolean(id),
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running')
        ? 1000
        : false,
  });
}

export function useDryRun() {
  return useMutation({
    mutationFn: async (body: ImportRequest): Promise<DryRunResult> =>
      unwrap(await apiClient.POST('/api/imports/dry-run', { body })),
  });
}

export function useStartImport() {
  const organizationId = useStudioId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ImportRequest): Promise<DataImport> =>
      unwrap(await apiClient.POST('/api/imports', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: dataKeys.imports(organizationId) }),
  });
}

export function useUndoImport() {
  const organizationId = useStudioId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<DataImport> =>
      unwrap(await apiClient.POST('/api/imports/{id}/undo', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: dataKeys.all(organizationId) }),
  });
}
