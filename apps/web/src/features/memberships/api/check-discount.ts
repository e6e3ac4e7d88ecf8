import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';

export interface DiscountCheck {
  code: string;
  appliesTo: 'plan' | 'product';
  amount: string;
}

/** What a code would take off this amount; nothing is counted until the sale. */
export async function checkDiscount(check: DiscountCheck) {
  return unwrap(await apiClient.POST('/api/discounts/check', { body: check }));
}

export function useCheckDiscount() {
  return useMutation({ mutationFn: checkDiscount });
}
