import type {
  CourseEnrolmentInput,
  CourseEnrolmentResult,
} from '@fitbase/domain/contracts/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { dashboardKeys, scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Enrols a member in every upcoming session of a course, all or nothing. */
export async function enrolInCourse(
  classId: string,
  input: CourseEnrolmentInput,
): Promise<CourseEnrolmentResult> {
  return unwrap(
    await apiClient.POST('/api/courses/{id}/enrolments', {
      params: { path: { id: classId } },
      body: input,
    }),
  );
}

export function useEnrolInCourse(classId: string) {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseEnrolmentInput) => enrolInCourse(classId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(organizationId) });
    },
  });
}
