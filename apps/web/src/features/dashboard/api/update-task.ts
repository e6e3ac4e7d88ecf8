import type { Task, TaskUpdate } from '@fitbase/domain/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { taskKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateTask(id: string, changes: TaskUpdate) {
  return unwrap(
    await apiClient.PATCH('/api/tasks/{id}', { params: { path: { id } }, body: changes }),
  );
}

type TaskList = { tasks: Task[]; today: string };

/**
 * A click on the checkbox or the priority shows at once (optimistic) and is saved; a refusal
 * puts the list back as it was.
 */
export function useUpdateTask() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  const key = taskKeys.all(organizationId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TaskUpdate }) => updateTask(id, changes),
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<TaskList>({ queryKey: key });
      queryClient.setQueriesData<TaskList>({ queryKey: key }, (list) =>
        list
          ? {
              ...list,
              tasks: list.tasks.map((task) =>
                task.id === id
                  ? {
                      ...task,
                      ...(changes.priority ? { priority: changes.priority } : {}),
                      ...(changes.done === undefined ? {} : { done: changes.done }),
                    }
                  : task,
              ),
            }
          : list,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      for (const [queryKey, data] of context?.previous ?? [])
        queryClient.setQueryData(queryKey, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
