import type { ProductInput } from '@fitbase/domain/contracts/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { storeKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export async function createProduct(input: ProductInput) {
  return unwrap(await apiClient.POST('/api/products', { body: input }));
}

export function useCreateProduct() {
  const organizationId = useStudioId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all(organizationId) }),
  });
}
