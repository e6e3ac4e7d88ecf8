import type { ProductUpdate } from '@fitbase/domain/contracts/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function updateProduct({ id, changes }: { id: string; changes: ProductUpdate }) {
  return unwrap(
    await apiClient.PATCH('/api/products/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateProduct() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all(organizationId) }),
  });
}
