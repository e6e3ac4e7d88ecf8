import type { TrialRequestInput } from '@fitbase/domain/contracts/trial-requests';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap, type RequestBody } from '@/lib/api/client';

/** POST /api/trial-requests: record a public free-trial request (docs/product/marketing.md). */
export async function createTrialRequest(input: TrialRequestInput) {
  // The domain type widens businessType to string (its enum is built from a list at run time);
  // the server validates it against the same list.
  const body = input as RequestBody<'/api/trial-requests', 'post'>;
  return unwrap(await apiClient.POST('/api/trial-requests', { body }));
}

export function useCreateTrialRequest() {
  return useMutation({ mutationFn: createTrialRequest });
}
