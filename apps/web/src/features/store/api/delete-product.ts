import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** Deletes a product never sold; the server deactivates one that has been (its orders keep it). */
export async function deleteProduct(id: string) {
  unwrap(await apiClient.DELETE('/api/products/{id}', { params: { path: { id } } }));
}

export function useDeleteProduct() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all(organizationId) }),
  });
}
