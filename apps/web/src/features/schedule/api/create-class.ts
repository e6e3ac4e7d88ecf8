import type { ScheduleClass, ScheduleClassInput } from '@fitbase/domain/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createClass(input: ScheduleClassInput) {
  return unwrap(await apiClient.POST('/api/classes', { body: input })) as ScheduleClass;
}

export function useCreateClass() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) }),
  });
}
