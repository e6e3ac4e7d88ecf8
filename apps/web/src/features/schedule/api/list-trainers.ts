import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The organization's staff who can teach, with their role and colour (GET /api/trainers). */
export interface Trainer {
  userId: string;
  name: string;
  role: string;
  color: string;
}

export function trainersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: scheduleKeys.trainers(organizationId),
    queryFn: async ({ signal }): Promise<Trainer[]> =>
      unwrap(await apiClient.GET('/api/trainers', { signal })).trainers,
  });
}

export function useTrainers() {
  const organizationId = useStudioId();
  return useQuery(trainersQueryOptions(organizationId));
}
