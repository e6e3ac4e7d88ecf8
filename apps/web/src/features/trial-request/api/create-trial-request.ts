import type { TrialRequestInput } from '@fitbase/domain/contracts/trial-requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the server answers for a stored trial request. */
export interface TrialRequestCreated {
  id: string;
}

/** POST /api/trial-requests: record a public free-trial request (doc 1 §2, §3). */
export function createTrialRequest(input: TrialRequestInput): Promise<TrialRequestCreated> {
  return api<TrialRequestCreated>('/api/trial-requests', { method: 'POST', body: input });
}

export function useCreateTrialRequest() {
  return useMutation({ mutationFn: createTrialRequest });
}
