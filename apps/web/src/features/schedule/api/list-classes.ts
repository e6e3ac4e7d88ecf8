import type { ScheduleClass } from '@fitbase/domain/contracts/schedule';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Every class and course of the organization (GET /api/classes). */
export function classesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: scheduleKeys.classes(organizationId),
    queryFn: async ({ signal }): Promise<ScheduleClass[]> =>
      unwrap(await apiClient.GET('/api/classes', { signal })).classes,
  });
}

export function useClasses() {
  const organizationId = useStudioId();
  return useQuery(classesQueryOptions(organizationId));
}
